module.exports = { ...require('../../jest.preset.js'), displayName: 'host-node', rootDir: __dirname };
