module.exports = { ...require('../../jest.preset.js'), displayName: 'nx-plugin', rootDir: __dirname };
