module.exports = { ...require('../../../jest.preset.js'), displayName: 'pack-debug', rootDir: __dirname };
