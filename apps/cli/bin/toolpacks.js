#!/usr/bin/env node
// Runs the CLI straight from its TypeScript sources (esbuild transpiles on load, ~100 ms),
// so `npm start` needs no build step. `nx run @toolpacks/cli:build` bundles it for shipping.
const path = require('node:path');
require('esbuild-register/dist/node').register({
  target: 'node20',
  tsconfigRaw: require(path.resolve(__dirname, '../../../tsconfig.base.json')),
});
require('../src/cli');
