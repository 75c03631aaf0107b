module.exports = { ...require('../../../jest.preset.js'), displayName: 'pack-example', rootDir: __dirname };
