// The workspace scripts' own specs (tools/scripts is no Nx project; the root jest.config.js collects this folder).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'scripts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.js'],
};
