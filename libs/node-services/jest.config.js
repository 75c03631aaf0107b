module.exports = { ...require('../../jest.preset.js'), displayName: 'node-services', rootDir: __dirname };
