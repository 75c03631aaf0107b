module.exports = { ...require('../../jest.preset.js'), displayName: 'base', rootDir: __dirname };
