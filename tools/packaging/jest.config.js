module.exports = { ...require('../../jest.preset.js'), displayName: 'packaging', rootDir: __dirname };
