module.exports = { ...require('../../../jest.preset.js'), displayName: 'pack-search', rootDir: __dirname };
