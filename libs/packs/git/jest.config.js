module.exports = { ...require('../../../jest.preset.js'), displayName: 'pack-git', rootDir: __dirname };
