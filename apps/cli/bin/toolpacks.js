#!/usr/bin/env node
// The `toolpacks` command. It runs a bundle of the CLI (one file, esbuild) kept in
// node_modules/.cache/toolpacks-cli and rebuilt whenever a source it was built from changes, with
// V8's code cache beside it: about 0.1–0.15 s of start-up over `node -e 0`, where transpiling the
// TypeScript sources on every run (esbuild-register) costs a second. Nothing needs building first:
// on a fresh clone the first run builds the bundle (about a second) and later runs reuse it.
// It falls back to the sources when the bundle cannot be built or stored (a read-only checkout,
// esbuild missing), and TOOLPACKS_FROM_SOURCE=1 forces them (stack traces with TypeScript lines).
// TOOLPACKS_CACHE_DIR moves the cache; TOOLPACKS_DEBUG_BUNDLE=1 says why the sources ran instead.
// `nx run @toolpacks/cli:build` bundles the same entry to dist/apps/cli/cli.js for shipping.
// `toolpacks mcp` first runs a small bundle of its own (src/mcpOpeningStage.ts, kept the same way) that
// answers the client's opening before the CLI bundle is read or checked (see startMcp).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const CLI_DIR = path.resolve(__dirname, '..');
const REPO = path.resolve(CLI_DIR, '../..');
const ENTRY = path.join(CLI_DIR, 'src/cli.ts');
/** `toolpacks mcp`'s first stage: answers the client's opening before the CLI bundle is read (see start). */
const OPENING_ENTRY = path.join(CLI_DIR, 'src/mcpOpeningStage.ts');
const CACHE_DIR = process.env.TOOLPACKS_CACHE_DIR || path.join(REPO, 'node_modules/.cache/toolpacks-cli');
/**
 * `toolpacks mcp` runs a bundle of its own, with zod inside it: esbuild keeps only the parts of zod
 * the MCP SDK uses (not its ~40 locales, which loading zod from node_modules evaluates), so a client
 * is answered sooner. Every other command's bundle leaves zod out, as it never loads it.
 */
const VARIANT = process.argv.slice(2).includes('mcp') ? 'mcp' : 'cli';
const manifestOf = (variant) => path.join(CACHE_DIR, variant === 'cli' ? 'manifest.json' : `manifest-${variant}.json`);
/** Bump when the build options below change: every cached bundle is then stale. */
const BUILD_FORMAT = 5;
/**
 * Inputs esbuild does not list in its metafile but reads: the tsconfig files (decorators, the JSX
 * factory). Relative to the repository, like the metafile's inputs.
 */
const CONFIG_INPUTS = [
  'tsconfig.base.json',
  path.relative(REPO, path.join(CLI_DIR, 'tsconfig.json')).split(path.sep).join('/'),
];
/** Packages the bundle leaves to node_modules: see buildBundle. */
const LAZY_PACKAGES = [
  '@modelcontextprotocol/sdk',
  '@hono/node-server',
  'zod',
  'zod-to-json-schema',
  'ws',
  're2js',
  'minisearch',
];
/** What each bundle leaves to node_modules. */
const LEFT_OUT = { cli: LAZY_PACKAGES, mcp: LAZY_PACKAGES.filter((name) => name !== 'zod'), opening: LAZY_PACKAGES };
/**
 * The opening stage imports only leaf modules of the registry (inert text, the schema rule names)
 * through its host entry, whose index would load all of it (~700 KB): a bundle of those leaves
 * stands in. An import the stand-in lacks fails the build (the server then answers, as before).
 */
const ALIASES = { opening: { '@toolpacks/registry/host': path.join(CLI_DIR, 'src/mcpOpeningRegistry.ts') } };
/** Folders whose sources a bundle may be built from (node_modules is covered by the key). */
const SOURCE_FOLDERS = ['apps', 'libs'];

function runFromSource() {
  require('esbuild-register/dist/node').register({
    target: 'node20',
    tsconfigRaw: require(path.join(REPO, 'tsconfig.base.json')),
  });
  require(ENTRY);
}

/** What every input's freshness also depends on: this file, the installed packages, the Node version. */
function buildKey() {
  const stamp = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat ? `${stat.mtimeMs}:${stat.size}` : '-';
  };
  // npm rewrites node_modules/.package-lock.json on every install; files it extracts all carry one
  // fixed mtime, so their own stamps would not tell a new version from the old.
  return [
    BUILD_FORMAT,
    process.version,
    stamp(__filename),
    stamp(path.join(REPO, 'node_modules/.package-lock.json')),
  ].join('|');
}

/** The cached bundle of `variant` when it was built from exactly the sources on disk now; else undefined. */
function freshBundle(variant) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestOf(variant), 'utf8'));
  } catch {
    return undefined;
  }
  if (manifest.key !== buildKey()) return undefined;
  for (const [file, mtimeMs, size] of manifest.inputs) {
    const stat = fs.statSync(path.join(REPO, file), { throwIfNoEntry: false });
    // A config input recorded as absent (null) must still be absent.
    if (!stat ? mtimeMs !== null : stat.mtimeMs !== mtimeMs || stat.size !== size) return undefined;
  }
  const bundle = path.join(CACHE_DIR, manifest.bundle);
  return fs.existsSync(bundle) ? bundle : undefined;
}

function writeAtomically(file, data) {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/** `mtime:size` of every source file under SOURCE_FOLDERS and of CONFIG_INPUTS, by repository-relative path. */
function snapshotSources() {
  const stamps = new Map();
  const add = (relative) => {
    const stat = fs.statSync(path.join(REPO, relative), { throwIfNoEntry: false });
    if (stat && stat.isFile()) stamps.set(relative, `${stat.mtimeMs}:${stat.size}`);
  };
  const walk = (relative) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(REPO, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) add(child);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  for (const file of CONFIG_INPUTS) add(file);
  return stamps;
}

/**
 * Whether an input may have been saved while esbuild ran (the bundle may then hold its old text):
 * its stat differs from the one taken before the build. An input the snapshot missed counts as
 * changed only when its mtime falls within the build: a source dated in the future (a clock skew,
 * an extracted archive) is not a change, or the manifest would never be written and every start
 * would rebuild.
 */
function changedDuringBuild(before, file, stat, started, finished) {
  const stamp = before.get(file);
  if (stamp !== undefined) return stamp !== `${stat.mtimeMs}:${stat.size}`;
  return stat.mtimeMs >= started && stat.mtimeMs <= finished;
}

/** Builds the bundle of `variant` into the cache and returns its path. Throws when it cannot. */
function buildBundle(variant) {
  const before = snapshotSources();
  const started = Date.now();
  const key = buildKey();
  const result = require('esbuild').buildSync({
    entryPoints: [variant === 'opening' ? OPENING_ENTRY : ENTRY],
    absWorkingDir: REPO,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Less text for V8 to read and hash on every start (2.6 MB → 2.0 MB). Identifiers are not
    // minified: stack traces still name the functions (TOOLPACKS_FROM_SOURCE=1 gives TypeScript lines).
    minifyWhitespace: true,
    minifySyntax: true,
    // vscode: never loaded by the CLI. esbuild(-register): loaded at run time only to import a
    // pack written in TypeScript (packImport.ts). The rest are large and loaded only by some
    // commands (mcp, search_tools, a `=~` when clause, a debug session): left to node_modules, so
    // every other start reads and compiles about 1 MB less.
    external: ['vscode', 'esbuild', 'esbuild-register', ...LEFT_OUT[variant]],
    alias: ALIASES[variant] || {},
    tsconfig: path.join(CLI_DIR, 'tsconfig.json'),
    metafile: true,
    write: false,
    outfile: path.join(CACHE_DIR, 'cli.js'),
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].contents;
  const hash = require('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 16);
  const name = `${variant}-${hash}.js`;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const bundle = path.join(CACHE_DIR, name);
  if (!fs.existsSync(bundle)) writeAtomically(bundle, text);
  const finished = Date.now();
  const inputs = [];
  let changed = false;
  for (const file of new Set([...Object.keys(result.metafile.inputs), ...CONFIG_INPUTS])) {
    if (file.split(/[\\/]/).includes('node_modules')) continue; // covered by the key
    const stat = fs.statSync(path.join(REPO, file), { throwIfNoEntry: false });
    if (!stat) {
      // Only a config input may be absent (apps/cli/tsconfig.json): recorded as such.
      changed ||= before.has(file);
      inputs.push([file, null, null]);
      continue;
    }
    if (changedDuringBuild(before, file, stat, started, finished)) changed = true;
    inputs.push([file, stat.mtimeMs, stat.size]);
  }
  // A source saved while esbuild ran may be in the bundle as it was before: use this bundle once,
  // but do not record it as fresh.
  if (!changed) writeAtomically(manifestOf(variant), JSON.stringify({ key, bundle: name, inputs }));
  for (const old of fs.readdirSync(CACHE_DIR))
    if (new RegExp(`^${variant}-[0-9a-f]+\\.(js|cache)$`).test(old) && !old.startsWith(`${variant}-${hash}.`))
      fs.rmSync(path.join(CACHE_DIR, old), { force: true });
  return bundle;
}

/**
 * Code caches to write: at exit, so the functions the run compiled are in them too, or sooner. A
 * cache holds the V8 flags it was made under and is rejected under others, so code that sets V8
 * flags mid-run (the MCP server once started, commands/mcp.ts) first writes them through the global.
 */
const unwrittenCodeCaches = [];
function writeCodeCaches() {
  for (const write of unwrittenCodeCaches.splice(0)) write();
}

/**
 * Loads the bundle as a CommonJS module through vm.Script, so V8 can use (and, on the first run,
 * keep) a code cache: Node 20 has no compile cache of its own. Returns a function that runs it and
 * returns its exports, or undefined when the file cannot be read.
 */
function loadBundle(file) {
  const Module = require('node:module');
  const vm = require('node:vm');
  const cacheFile = file.replace(/\.js$/, '.cache');
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected)
    unwrittenCodeCaches.push(() => {
      try {
        writeAtomically(cacheFile, script.createCachedData());
      } catch {
        /* a cache is an optimisation */
      }
    });
  const wrapper = script.runInThisContext();
  const mod = new Module(file, module);
  mod.filename = file;
  // The packages left out of the bundle resolve from the CLI's own folder, wherever the cache is.
  mod.paths = Module._nodeModulePaths(CLI_DIR);
  mod.loaded = true;
  const localRequire = (id) => mod.require(id);
  localRequire.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  localRequire.main = require.main;
  localRequire.cache = Module._cache;
  localRequire.extensions = Module._extensions;
  return () => {
    wrapper.call(mod.exports, mod.exports, localRequire, mod, file, path.dirname(file));
    return mod.exports;
  };
}

/**
 * Node's own module compile cache (Node 22.1+), for what the bundle leaves to node_modules (the MCP
 * SDK, zod, re2js): feature-detected, since Node 20 has none (the bundle has its own code cache).
 */
function enableNodeCompileCache() {
  const Module = require('node:module');
  if (typeof Module.enableCompileCache !== 'function') return;
  try {
    Module.enableCompileCache(path.join(CACHE_DIR, 'node-compile-cache'));
  } catch {
    /* a cache is an optimisation */
  }
}

/** The bundle of `variant`, fresh (built now when stale), ready to run; undefined when it cannot be. */
function loadVariant(variant) {
  try {
    return loadBundle(freshBundle(variant) || buildBundle(variant));
  } catch (error) {
    if (process.env.TOOLPACKS_DEBUG_BUNDLE)
      process.stderr.write(`toolpacks: no ${variant} bundle: ${error && error.stack}\n`);
    return undefined;
  }
}

/** The CLI: its bundle, else the sources. */
function startCli() {
  const run = loadVariant(VARIANT);
  // Outside loadVariant's try: an error of the CLI itself must not run it a second time from source.
  if (run) run();
  else runFromSource();
}

/**
 * `toolpacks mcp` answers the client's opening from a small bundle of its own before the CLI's is read,
 * checked for staleness or compiled (mcpOpeningStage.ts); the SDK client's discover probe, which ends
 * its input after the answer, is then done. Else the CLI loads and takes over what the stage read.
 */
function startMcp() {
  const stage = loadVariant('opening');
  let answering;
  try {
    answering = stage && stage().answerBeforeServer(process.argv.slice(2));
  } catch (error) {
    answering = Promise.reject(error);
  }
  if (!answering) return startCli();
  answering.then(
    (next) => next === 'done' || startCli(),
    (error) => {
      // Nothing was answered yet when the stage fails (it only fails before it writes).
      if (process.env.TOOLPACKS_DEBUG_BUNDLE)
        process.stderr.write(`toolpacks: the opening stage failed: ${error && error.stack}\n`);
      startCli();
    },
  );
}

function start() {
  if (process.env.TOOLPACKS_FROM_SOURCE === '1') return runFromSource();
  process.once('exit', writeCodeCaches);
  globalThis[Symbol.for('toolpacks.writeCodeCaches')] = writeCodeCaches;
  enableNodeCompileCache();
  if (VARIANT === 'mcp') startMcp();
  else startCli();
}

module.exports = { changedDuringBuild, CONFIG_INPUTS };

// Run as the command (node, npx, npm start); required (by the specs) it only exports the helpers.
if (require.main === module) start();
