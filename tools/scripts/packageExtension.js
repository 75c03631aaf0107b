// Packages one extension in both flavours (tools/nx-plugin/src/flavours.ts): the proposal flavour is the app folder's
// package.json as written, the Marketplace flavour is derived from it. Each flavour is staged in
// dist/flavours/<flavour>/<name>/ (its package.json and the built bundle, nothing else) and packed
// there by vsce into dist/vsix/ (Marketplace) or dist/vsix-proposed/ (proposals). The bundle ships
// minified (names kept, for readable stacks and inversify's messages): the runtime's is 1.6 MB as
// built, mostly re2js, Ajv, node-services, prompt-tsx and inversify, and about half that shipped.
// The build's own dist/extension.js stays as built, for debugging and the bundle checks. The Marketplace
// manifest must pass the flavour check and its .vsix vsce's own publish validation, or nothing is
// reported as packaged. Used by the nx-plugin's `package` executor and by apps/e2e/src/run.js.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const esbuild = require('esbuild');
const { vscePublishProblem } = require('./vscePublishCheck');

/** Loads flavours.ts (and the pack module it needs) from TypeScript source. */
function loadTs(root) {
  require('esbuild-register/dist/node').register({
    target: 'node20',
    tsconfigRaw: require(path.join(root, 'tsconfig.base.json')),
  });
  require('reflect-metadata');
  return require('../nx-plugin/src/flavours.ts');
}

/** The pack module the extension's contributions target names ({pack, exportName}), if it has one. */
function packOf(root, manifest) {
  const options = manifest.nx?.targets?.contributions?.options;
  if (!options?.pack) return undefined;
  const pack = require(path.join(root, options.pack))[options.exportName];
  if (!pack)
    throw new Error(`${options.pack} has no export '${options.exportName}' (the contributions target names it).`);
  return pack;
}

/** What goes into a .vsix's package.json: the manifest without the workspace's build fields. */
function shipped(manifest) {
  const { nx: _nx, scripts: _scripts, dependencies: _deps, devDependencies: _dev, ...rest } = manifest;
  return rest;
}

/**
 * Packages the extension in `projectDir` (bundle already built) in both flavours, under `out` (default: the workspace root).
 * @returns {Promise<{ marketplace: string, proposed: string, bundleBytes: number, builtBytes: number, problems: string[] }>}
 */
async function packageExtension(root, projectDir, { log = console.log, out: outRoot = root } = {}) {
  const flavours = loadTs(root);
  const manifest = JSON.parse(fs.readFileSync(path.join(projectDir, 'package.json'), 'utf8'));
  const pack = packOf(root, manifest);
  const contributions = pack ? flavours.marketplaceContributions(pack) : undefined;
  const marketplace = flavours.marketplaceManifest(shipped(manifest), contributions);
  const problems = flavours
    .checkMarketplaceManifest(marketplace, contributions)
    .map((p) => `${manifest.name} (Marketplace flavour): ${p}`);
  const bundle = path.join(projectDir, 'dist/extension.js');
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: build the extension first (its build target).`);
  const builtBytes = fs.statSync(bundle).size;
  const shippedCode = esbuild.transformSync(fs.readFileSync(bundle, 'utf8'), {
    minify: true,
    keepNames: true,
    loader: 'js',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
  }).code;
  const bundleBytes = Buffer.byteLength(shippedCode);
  const out = {};
  for (const [flavour, manifestOf] of [
    ['marketplace', marketplace],
    ['proposed', shipped(manifest)],
  ]) {
    const stage = path.join(outRoot, 'dist/flavours', flavour, manifest.name);
    fs.rmSync(stage, { recursive: true, force: true });
    fs.mkdirSync(path.join(stage, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifestOf, null, 2)}\n`);
    fs.writeFileSync(path.join(stage, 'dist/extension.js'), shippedCode);
    const vsix = path.join(
      outRoot,
      flavours.FLAVOUR_VSIX_DIRS[flavour],
      `${manifest.publisher}.${manifest.name}-${manifest.version}.vsix`,
    );
    fs.mkdirSync(path.dirname(vsix), { recursive: true });
    const vsce = path.join(root, 'node_modules/.bin/vsce');
    const result = spawnSync(
      vsce,
      ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix],
      { cwd: stage, encoding: 'utf8' },
    );
    if (result.status !== 0)
      throw new Error(`vsce package (${flavour}) of ${manifest.name} failed:\n${result.stderr || result.stdout}`);
    out[flavour] = vsix;
  }
  const refused = await vscePublishProblem(out.marketplace);
  if (refused) problems.push(`${path.relative(root, out.marketplace)}: vsce publish would refuse it: ${refused}`);
  log(
    `${manifest.name}: bundle ${(bundleBytes / 1e6).toFixed(2)} MB shipped in both flavours (${(builtBytes / 1e6).toFixed(2)} MB as built); Marketplace ${path.relative(root, out.marketplace)} (${(fs.statSync(out.marketplace).size / 1e6).toFixed(2)} MB)${refused ? '' : ', passes vsce publish validation'}; proposals ${path.relative(root, out.proposed)} (${(fs.statSync(out.proposed).size / 1e6).toFixed(2)} MB)`,
  );
  return { ...out, bundleBytes, builtBytes, problems };
}

module.exports = { packageExtension };
