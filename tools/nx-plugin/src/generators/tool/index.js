// Entry point for Nx; the generator is tool/generator.ts (see ../load.js).
module.exports = require('../load')(require.resolve('./generator.ts'));
