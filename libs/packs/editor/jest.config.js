module.exports = { ...require('../../../jest.preset.js'), displayName: 'pack-editor', rootDir: __dirname };
