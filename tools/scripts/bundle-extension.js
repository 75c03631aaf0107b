#!/usr/bin/env node
// Bundles a VS Code extension (src/extension.ts → dist/extension.js) with esbuild: one CommonJS
// file with its libs inside, 'vscode' left to the host. Usage: bundle-extension.js <extension dir> [entry].
//
// A pack extension — one whose extensionDependencies name the runtime extension — carries only its
// pack: the modules the runtime shares (SHARED_MODULE_NAMES in libs/host-vscode/src/runtimeApi.ts:
// inversify, reflect-metadata, @toolpacks/base, registry, services, @vscode/prompt-tsx) become
// stand-ins that return the runtime's instances (`sharedModule(name)`, from the runtime's exported
// API), and @toolpacks/host-vscode is only its pack side, runtimeApi.ts. The build fails if a
// second copy of a shared module still got in (a deep import such as '@toolpacks/registry/src/x').
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const REPO = path.resolve(__dirname, '../..');
const RUNTIME_EXTENSION_ID = 'toolpacks.toolpacks-runtime';
const RUNTIME_API = path.join(REPO, 'libs/host-vscode/src/runtimeApi.ts');
const STAND_IN = 'toolpacks-runtime-module';

/** The module names runtimeApi.ts declares shared, read from its source (one list for both sides). */
function sharedModuleNames() {
  const source = fs.readFileSync(RUNTIME_API, 'utf8');
  const list = /SHARED_MODULE_NAMES\s*=\s*\[([^\]]*)\]/.exec(source)?.[1];
  const names = [...(list ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
  if (!names.length) throw new Error(`bundle-extension: no SHARED_MODULE_NAMES list in ${RUNTIME_API}`);
  return names;
}

/** Replaces the shared modules with the runtime's instances, and host-vscode with its pack side. */
function runtimeModules(names) {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return {
    name: 'toolpacks-runtime-modules',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.map(escape).join('|')})$`) }, (args) => ({
        path: args.path,
        namespace: STAND_IN,
      }));
      build.onLoad({ filter: /.*/, namespace: STAND_IN }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(RUNTIME_API)}).sharedModule(${JSON.stringify(args.path)});\n`,
        loader: 'js',
        resolveDir: path.dirname(RUNTIME_API),
      }));
      build.onResolve({ filter: /^@toolpacks\/host-vscode$/ }, () => ({ path: RUNTIME_API }));
    },
  };
}

/** Bundle inputs (paths relative to the working directory, as in the metafile) that are copies of shared modules. */
function copiesOfSharedModules(metafile, names) {
  const dirs = names.flatMap((name) => {
    const dir = path.join(REPO, 'node_modules', name);
    return fs.existsSync(dir) ? [fs.realpathSync(dir)] : [];
  });
  // inversify is a facade over the @inversifyjs packages; a copy of those is a copy of inversify.
  dirs.push(path.join(REPO, 'node_modules/@inversifyjs'));
  const hostVscode = path.dirname(RUNTIME_API);
  return Object.keys(metafile.inputs).filter((input) => {
    if (input.includes(':')) return false; // a stand-in (namespace:path)
    const file = path.resolve(input);
    if (file.startsWith(hostVscode + path.sep)) return file !== RUNTIME_API;
    return dirs.some((dir) => file.startsWith(dir + path.sep));
  });
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? '.');
  const entry = process.argv[3] ?? 'src/extension.ts';
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const isPack = (manifest.extensionDependencies ?? []).includes(RUNTIME_EXTENSION_ID);
  const names = isPack ? sharedModuleNames() : [];
  const result = await esbuild.build({
    entryPoints: [path.join(dir, entry)],
    outfile: path.join(dir, 'dist', path.basename(entry).replace(/\.tsx?$/, '.js')),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    plugins: isPack ? [runtimeModules(names)] : [],
    metafile: isPack,
    sourcemap: 'linked',
    tsconfigRaw: require(path.join(REPO, 'tsconfig.base.json')),
    logLevel: 'warning',
  });
  const copies = isPack ? copiesOfSharedModules(result.metafile, names) : [];
  if (copies.length) {
    console.error(
      `bundle-extension: ${manifest.name} is a pack extension, but its bundle carries copies of modules it must take from the runtime (import them by their package names: ${names.join(', ')}; from @toolpacks/host-vscode only what runtimeApi.ts exports); ${copies.length} files, first:\n  ${copies.slice(0, 8).join('\n  ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  if (!error?.errors) console.error(error);
  process.exit(1);
});
