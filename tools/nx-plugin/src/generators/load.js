// Each generator's entry point (generators.json) is a two-line .js file that calls this. Nx loads a
// .ts generator only through swc-node, ts-node or Node's type stripping, none of which this workspace
// has (Node 20), so this registers esbuild-register as the contributions executor does, then runs
// the generator's TypeScript source.
const fs = require('node:fs');
const path = require('node:path');

module.exports = function typeScriptGenerator(file) {
  return function generator(tree, options) {
    if (!globalThis.__toolpacksTsRegistered) {
      globalThis.__toolpacksTsRegistered = true;
      const tsconfigRaw = JSON.parse(fs.readFileSync(path.join(tree.root, 'tsconfig.base.json'), 'utf8'));
      require('esbuild-register/dist/node').register({ target: 'node20', tsconfigRaw });
      require('reflect-metadata');
    }
    return require(file).default(tree, options);
  };
};
