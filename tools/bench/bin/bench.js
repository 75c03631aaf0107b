#!/usr/bin/env node
// `npm run bench [-- --json FILE] [-- --quick]`: runs every scenario and prints ours, baseline, ratio.
const path = require('node:path');
require('esbuild-register/dist/node').register({
  target: 'node20',
  tsconfigRaw: require(path.resolve(__dirname, '../../../tsconfig.base.json')),
});
require('../src/main')
  .main(process.argv.slice(2))
  .then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
