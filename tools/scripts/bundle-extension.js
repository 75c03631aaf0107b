#!/usr/bin/env node
// Bundles a VS Code extension (src/extension.ts → dist/extension.js) with esbuild: one CommonJS
// file with its libs inside, 'vscode' left to the host. Usage: bundle-extension.js <extension dir>.
const path = require('node:path');
const esbuild = require('esbuild');

const dir = path.resolve(process.argv[2] ?? '.');
const entry = process.argv[3] ?? 'src/extension.ts';
esbuild
  .build({
    entryPoints: [path.join(dir, entry)],
    outfile: path.join(dir, 'dist', path.basename(entry).replace(/\.tsx?$/, '.js')),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    sourcemap: 'linked',
    tsconfigRaw: require(path.resolve(__dirname, '../../tsconfig.base.json')),
    logLevel: 'warning',
  })
  .catch(() => process.exit(1));
