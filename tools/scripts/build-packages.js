#!/usr/bin/env node
// Builds the publishable packages (issue #13) into dist/, each a folder `npm pack` turns into a tarball that
// installs outside this repository:
//   libs/<name> → dist/libs/<name>: CommonJS JavaScript and .d.ts compiled by tsc from the entry points of the
//     package's `exports` map (src/index.ts, src/testing.ts, …), and a rewritten package.json whose `exports`
//     point at the .js/.d.ts files.
//   apps/cli → dist/apps/cli/package: one CommonJS file (esbuild) with the built-in packs inside (they are not
//     published), the published @toolpacks/* libraries and the npm packages left as dependencies, so a pack a
//     user installs beside the CLI shares its @toolpacks/registry and inversify; bin/toolpacks.js runs it.
// In the repository every package keeps `main`/`exports` on its TypeScript sources (Jest, tsc and esbuild read
// them); only the copy in dist/ points at the build. Dependencies are what the built files import: `*`
// versions of workspace packages become their real version, npm packages take the root package.json's version
// (a caret range; prereleases exact), 'vscode' is never one (host-vscode declares @types/vscode as an optional
// peer for its .d.ts).
//
// Usage: build-packages.js [<package dir or name> …] [--out <folder>] [--pack <folder>]
//   no package: all of them, in dependency order; `.` (what the packages' `build` scripts pass): the one in the
//   current folder. A package's publishable dependencies are built first when the output folder lacks them.
//   --out <folder>: build into <folder>/libs/<name>, <folder>/apps/cli/package instead of dist/ (the packaging
//   spec builds into a temporary folder, so that builds in dist/ running meanwhile cannot disturb it).
//   --pack <folder>: also `npm pack` each built package into <folder> and print the tarballs' paths.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const { builtinModules } = require('node:module');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/** The publishable packages, in dependency order. */
const PACKAGE_DIRS = [
  'libs/base',
  'libs/registry',
  'libs/services',
  'libs/node-services',
  'libs/host-node',
  'libs/host-vscode',
  'libs/mcp-server',
  'apps/cli',
];

/** Needed at run time by Node ≥ 20.19 / 22.12 only: require() of inversify 8, an ES module. */
const ENGINES = { node: '>=20.19' };

/** The fields of a package's own package.json the published copy keeps as they are. */
const COPIED_FIELDS = [
  'name',
  'version',
  'description',
  'license',
  'repository',
  'homepage',
  'bugs',
  'keywords',
  'author',
];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function readPackage(dir, out) {
  const manifest = readJson(path.join(root, dir, 'package.json'));
  return {
    dir,
    name: manifest.name,
    manifest,
    isCli: Boolean(manifest.bin),
    outDir: path.join(out, dir, ...(manifest.bin ? ['package'] : [])),
  };
}

/** The publishable packages, each with the folder it builds into under `out` (default: dist/). */
function allPackages(out = path.join(root, 'dist')) {
  return PACKAGE_DIRS.map((dir) => readPackage(dir, out));
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for Node's built-ins. */
function packageNameOf(specifier) {
  if (
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier) ||
    builtinModules.includes(specifier.split('/')[0])
  )
    return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Entry points of the in-repository exports map: `{ '.': 'src/index.ts', './testing': 'src/testing.ts' }`; patterns (`./src/*`) are repository-only and not published. */
function entryPoints(pkg) {
  const exportsMap = pkg.manifest.exports;
  if (!exportsMap) return { '.': pkg.manifest.main.replace(/^\.\//, '') };
  const entries = {};
  for (const [subpath, target] of Object.entries(typeof exportsMap === 'string' ? { '.': exportsMap } : exportsMap)) {
    const file = typeof target === 'string' ? target : (target.default ?? target.require ?? target.import);
    if (subpath.includes('*') || subpath === './package.json' || !/\.tsx?$/.test(file)) continue;
    entries[subpath] = file.replace(/^\.\//, '');
  }
  return entries;
}

/** `src/testing.ts` → `testing` (the path of the built file without its extension, relative to the package's dist folder). */
const builtBase = (sourceFile) => sourceFile.replace(/^src\//, '').replace(/\.tsx?$/, '');

/** The version range a published package asks for: workspace packages their exact version, npm packages the root's version as a caret range. */
function versionOf(name, packages) {
  const workspace = packages.find((p) => p.name === name);
  if (workspace) return workspace.manifest.version;
  const rootManifest = readJson(path.join(root, 'package.json'));
  const version = rootManifest.dependencies?.[name] ?? rootManifest.devDependencies?.[name];
  if (!version) throw new Error(`${name} is imported but not in the root package.json: add it there first.`);
  return /^\d+\.\d+\.\d+$/.test(version) ? `^${version}` : version;
}

/** Bare specifiers the built JavaScript loads: require("x") and import("x") with a literal. */
function requiredSpecifiers(code) {
  const found = new Set();
  for (const match of code.matchAll(/\b(?:require|import)\(\s*["']([^"'./][^"']*)["']\s*\)/g)) found.add(match[1]);
  return found;
}

/** Bare specifiers a .d.ts file refers to: `from "x"`, `import("x")`, `/// <reference types="x" />`. */
function typeSpecifiers(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s+|\bimport\(\s*|<reference types=)["']([^"'./][^"']*)["']/g))
    found.add(match[1]);
  return found;
}

function walk(dir, predicate, files = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, predicate, files);
    else if (predicate(entry.name)) files.push(full);
  }
  return files;
}

/** The @types/ package the repository installs for an npm package without its own types (`ws` → `@types/ws`), if any. */
function typesPackageOf(name) {
  const typesName = `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
  const rootManifest = readJson(path.join(root, 'package.json'));
  return rootManifest.dependencies?.[typesName] || rootManifest.devDependencies?.[typesName] ? typesName : undefined;
}

/**
 * The dependencies of a built package: every package its JavaScript loads, and the @types/ packages its .d.ts
 * files need (for npm packages without their own types). 'vscode' is the host's, never a dependency: when the
 * .d.ts files refer to it, @types/vscode becomes an optional peer.
 */
function computeDependencies(pkg, packages, jsSpecifiers, dtsSpecifiers) {
  const dependencies = {};
  const peerDependencies = {};
  const peerDependenciesMeta = {};
  for (const specifier of jsSpecifiers) {
    const name = packageNameOf(specifier);
    if (!name || name === 'vscode' || name === pkg.name) continue;
    dependencies[name] = versionOf(name, packages);
  }
  for (const specifier of dtsSpecifiers) {
    const name = packageNameOf(specifier);
    if (!name || name === pkg.name || name === 'node') continue;
    if (name === 'vscode') {
      peerDependencies['@types/vscode'] = versionOf('@types/vscode', packages);
      peerDependenciesMeta['@types/vscode'] = { optional: true };
      continue;
    }
    if (!(name in dependencies) && !name.startsWith('@types/')) dependencies[name] = versionOf(name, packages);
    const typesName = name.startsWith('@toolpacks/') ? undefined : typesPackageOf(name);
    if (typesName) dependencies[typesName] = versionOf(typesName, packages);
  }
  const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
  return {
    dependencies: sorted(dependencies),
    peerDependencies: sorted(peerDependencies),
    peerDependenciesMeta: sorted(peerDependenciesMeta),
  };
}

/** The published package.json: the package's identity, entry points on the build, the computed dependencies; never `private`, scripts or nx. */
function publishedManifest(pkg, fields) {
  const manifest = {};
  for (const field of COPIED_FIELDS) if (pkg.manifest[field] !== undefined) manifest[field] = pkg.manifest[field];
  Object.assign(manifest, { type: 'commonjs' }, fields, { engines: ENGINES });
  for (const key of ['dependencies', 'peerDependencies', 'peerDependenciesMeta'])
    if (manifest[key] && Object.keys(manifest[key]).length === 0) delete manifest[key];
  if (pkg.manifest.publishConfig) manifest.publishConfig = pkg.manifest.publishConfig;
  return manifest;
}

function writeReadme(pkg) {
  const own = path.join(root, pkg.dir, 'README.md');
  const text = fs.existsSync(own)
    ? fs.readFileSync(own, 'utf8')
    : `# ${pkg.name}\n\n${pkg.manifest.description ?? ''}\n\nPart of Tool Packs: model-specific language-model tool packs with a DI-based registry runtime.\n`;
  fs.writeFileSync(path.join(pkg.outDir, 'README.md'), text);
}

/** The .d.ts files a dependency's build offers, as tsc `paths`: `@toolpacks/base` → dist/libs/base/index.d.ts. */
function pathsFor(packages) {
  const paths = {};
  for (const dep of packages) {
    if (dep.isCli || !fs.existsSync(path.join(dep.outDir, 'package.json'))) continue;
    for (const [subpath, file] of Object.entries(entryPoints(dep)))
      paths[`${dep.name}${subpath.slice(1)}`] = [path.join(dep.outDir, `${builtBase(file)}.d.ts`)];
  }
  return paths;
}

function buildLibrary(pkg, packages, out) {
  const entries = entryPoints(pkg);
  const configDir = path.join(out, '.packaging', pkg.dir);
  fs.mkdirSync(configDir, { recursive: true });
  const config = {
    extends: path.join(root, 'tsconfig.base.json'),
    compilerOptions: {
      module: 'commonjs',
      moduleResolution: 'bundler',
      declaration: true,
      declarationMap: false,
      sourceMap: false,
      noEmit: false,
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules/@types')],
      rootDir: path.join(root, pkg.dir, 'src'),
      outDir: pkg.outDir,
      // The workspace packages this one imports: their built .d.ts, not their sources (outside rootDir).
      paths: pathsFor(packages.filter((p) => p !== pkg)),
    },
    files: Object.values(entries).map((file) => path.join(root, pkg.dir, file)),
  };
  const configFile = path.join(configDir, 'tsconfig.json');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', configFile], {
    cwd: root,
    stdio: 'inherit',
  });
  // Generated JavaScript among the sources (`*.generated.js`, such as the registry's precompiled
  // meta-schema check) is no tsc input: it is copied beside the compiled files, where require() finds it.
  const sources = path.join(root, pkg.dir, 'src');
  for (const file of walk(sources, (name) => name.endsWith('.generated.js'))) {
    const target = path.join(pkg.outDir, path.relative(sources, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }

  const js = new Set();
  const dts = new Set();
  for (const file of walk(pkg.outDir, (name) => name.endsWith('.js')))
    for (const s of requiredSpecifiers(fs.readFileSync(file, 'utf8'))) js.add(s);
  for (const file of walk(pkg.outDir, (name) => name.endsWith('.d.ts')))
    for (const s of typeSpecifiers(fs.readFileSync(file, 'utf8'))) dts.add(s);
  const exportsMap = {};
  for (const [subpath, file] of Object.entries(entries))
    exportsMap[subpath] = { types: `./${builtBase(file)}.d.ts`, default: `./${builtBase(file)}.js` };
  exportsMap['./package.json'] = './package.json';
  const main = builtBase(entries['.']);
  return publishedManifest(pkg, {
    main: `./${main}.js`,
    types: `./${main}.d.ts`,
    exports: exportsMap,
    ...computeDependencies(pkg, packages, js, dts),
  });
}

async function buildCli(pkg, packages) {
  const esbuild = require('esbuild');
  const bundled = (name) => name.startsWith('@toolpacks/') && !packages.some((p) => p.name === name);
  /** Every bare import stays a require() of the installed package, except the workspace packages that are not published (the built-in packs), which are bundled. */
  const externals = {
    name: 'toolpacks-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = packageNameOf(args.path);
        if (name && bundled(name)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [path.join(root, pkg.dir, 'src/cli.ts')],
    outfile: path.join(pkg.outDir, 'cli.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [externals],
    metafile: true,
    tsconfigRaw: readJson(path.join(root, 'tsconfig.base.json')),
    logLevel: 'error',
  });
  const opening = await buildOpeningStage(pkg, esbuild);
  const js = new Set();
  for (const output of [...Object.values(result.metafile.outputs), ...Object.values(opening.metafile.outputs)])
    for (const i of output.imports) if (i.external) js.add(i.path);
  fs.mkdirSync(path.join(pkg.outDir, 'bin'), { recursive: true });
  const bin = path.join(pkg.outDir, 'bin/toolpacks.js');
  fs.writeFileSync(bin, PUBLISHED_BIN);
  fs.chmodSync(bin, 0o755);
  const bins = Object.fromEntries(Object.keys(pkg.manifest.bin).map((name) => [name, 'bin/toolpacks.js']));
  return publishedManifest(pkg, {
    bin: bins,
    exports: { './package.json': './package.json' },
    ...computeDependencies(pkg, packages, js, new Set()),
  });
}

/**
 * `toolpacks mcp`'s first stage (apps/cli/src/mcpOpeningStage.ts), as the checkout's bin runs it: a small
 * bundle with everything of this workspace inside (the published libraries' entries would load the whole
 * registry and server before the client's opening is answered) and the registry's host entry replaced by
 * the few leaf modules the opening uses (mcpOpeningRegistry.ts).
 */
function buildOpeningStage(pkg, esbuild) {
  const external = {
    name: 'toolpacks-opening-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = packageNameOf(args.path);
        return name && name.startsWith('@toolpacks/') ? undefined : { path: args.path, external: true };
      });
    },
  };
  return esbuild.build({
    entryPoints: [path.join(root, pkg.dir, 'src/mcpOpeningStage.ts')],
    outfile: path.join(pkg.outDir, 'mcpOpening.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    alias: { '@toolpacks/registry/host': path.join(root, pkg.dir, 'src/mcpOpeningRegistry.ts') },
    plugins: [external],
    metafile: true,
    tsconfigRaw: readJson(path.join(root, 'tsconfig.base.json')),
    logLevel: 'error',
  });
}

/**
 * The published bin. `toolpacks mcp` answers the client's opening from the first stage; the SDK client's discover
 * probe ends there, anything else loads the CLI, which takes over what the stage read. A stage that
 * cannot answer (it fails only before it writes) leaves everything to the CLI.
 */
const PUBLISHED_BIN = `#!/usr/bin/env node
// The published CLI: the compiled bundles beside this folder.
'use strict';
const args = process.argv.slice(2);
if (!args.includes('mcp')) require('../cli.js');
else {
  let answering;
  try {
    answering = require('../mcpOpening.js').answerBeforeServer(args);
  } catch (error) {
    answering = Promise.reject(error);
  }
  answering.then(
    (next) => next === 'done' || require('../cli.js'),
    () => require('../cli.js'),
  );
}
`;

/** Builds one package into its dist folder (emptied first) and returns that folder. */
async function buildPackage(pkg, packages, out) {
  fs.rmSync(pkg.outDir, { recursive: true, force: true });
  fs.mkdirSync(pkg.outDir, { recursive: true });
  const manifest = pkg.isCli ? await buildCli(pkg, packages) : buildLibrary(pkg, packages, out);
  fs.writeFileSync(path.join(pkg.outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeReadme(pkg);
  return pkg.outDir;
}

/** The publishable workspace packages `pkg` depends on (its package.json's dependencies), transitively, in build order. */
function closure(pkg, packages) {
  const names = new Set();
  const visit = (p) => {
    for (const dep of Object.keys(p.manifest.dependencies ?? {})) {
      const found = packages.find((q) => q.name === dep);
      if (found && !names.has(dep)) {
        names.add(dep);
        visit(found);
      }
    }
  };
  visit(pkg);
  return packages.filter((p) => names.has(p.name));
}

/** Builds the named packages (all when none), their missing publishable dependencies first; `pack`: also npm pack them there. */
async function buildPackages(requested = [], { out = path.join(root, 'dist'), pack, log = console.log } = {}) {
  const packages = allPackages(out);
  const targets = requested.length
    ? requested.map((r) => {
        const dir = path.relative(root, path.resolve(r));
        const found = packages.find((p) => p.name === r || p.dir === dir || p.dir === r);
        if (!found) throw new Error(`${r} is not a publishable package (${PACKAGE_DIRS.join(', ')}).`);
        return found;
      })
    : packages;
  const order = packages.filter(
    (p) =>
      targets.includes(p) ||
      targets.some((t) => closure(t, packages).includes(p) && !fs.existsSync(path.join(p.outDir, 'package.json'))),
  );
  const built = [];
  for (const pkg of order) {
    const started = Date.now();
    built.push(await buildPackage(pkg, packages, out));
    log(`${pkg.name} → ${path.relative(root, pkg.outDir)} (${Date.now() - started} ms)`);
  }
  const tarballs = [];
  if (pack) {
    fs.mkdirSync(pack, { recursive: true });
    for (const dir of built) {
      const out = execFileSync('npm', ['pack', dir, '--pack-destination', pack, '--json', '--silent'], {
        cwd: root,
        encoding: 'utf8',
      });
      const [info] = JSON.parse(out);
      tarballs.push(path.join(pack, info.filename));
      log(`packed ${path.join(pack, info.filename)}`);
    }
  }
  return { built, tarballs };
}

module.exports = {
  PACKAGE_DIRS,
  allPackages,
  buildPackages,
  computeDependencies,
  entryPoints,
  packageNameOf,
  requiredSpecifiers,
  typeSpecifiers,
};

if (require.main === module) {
  const args = process.argv.slice(2);
  const packIndex = args.indexOf('--pack');
  const pack = packIndex >= 0 ? path.resolve(args.splice(packIndex, 2)[1]) : undefined;
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? path.resolve(args.splice(outIndex, 2)[1]) : undefined;
  buildPackages(args, { pack, out }).catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
