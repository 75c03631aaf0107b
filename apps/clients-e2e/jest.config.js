// The fast specs of the stand-ins and checks (real HTTP on loopback, no client); the real-client
// runs themselves are src/run.js, a step of `npm test` of their own.
module.exports = { ...require('../../jest.preset.js'), displayName: 'clients-e2e', rootDir: __dirname };
