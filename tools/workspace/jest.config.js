module.exports = { ...require('../../jest.preset.js'), displayName: 'workspace', rootDir: __dirname };
