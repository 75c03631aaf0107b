// Nx executor `@toolpacks/nx-plugin:contributions`. Loads the pack from its TypeScript source,
// then writes the extension's contributions (the proposal flavour, package.json), or with `check`
// fails on any difference; `check` also fails a Marketplace flavour (derived from package.json, and
// the one staged by the package target if there is one) that would declare or need a proposal.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function contributions(options, context) {
  const root = context.root;
  require('esbuild-register/dist/node').register({
    target: 'node20',
    tsconfigRaw: require(path.join(root, 'tsconfig.base.json')),
  });
  require('reflect-metadata');
  const { checkManifest, checkSchemas, generateContributions, withContributions } = require('../../contributions.ts');
  const { checkMarketplaceManifest, marketplaceContributions, marketplaceManifest } = require('../../flavours.ts');
  const projectRoot = path.join(root, context.projectsConfigurations.projects[context.projectName].root);
  const manifestPath = path.join(projectRoot, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  let expected;
  let pack;
  if (options.pack) {
    pack = require(path.join(root, options.pack))[options.exportName];
    if (!pack) {
      console.error(`${options.pack} has no export '${options.exportName}'.`);
      return { success: false };
    }
    expected = generateContributions(pack);
    // Every tool as each model family is sent it: what every model refuses fails, the rest is said.
    const schemas = checkSchemas(pack);
    for (const note of schemas.notes) console.log(`${options.pack}: ${note}`);
    if (schemas.problems.length) {
      for (const p of schemas.problems) console.error(`${options.pack}: ${p}`);
      return { success: false };
    }
  }
  const bundlePath = path.join(projectRoot, options.bundle ?? 'dist/extension.js');
  const bundle = fs.existsSync(bundlePath) ? fs.readFileSync(bundlePath, 'utf8') : undefined;
  if (!options.check && expected) {
    const updated = withContributions(manifest, expected);
    fs.writeFileSync(manifestPath, `${JSON.stringify(updated, null, 2)}\n`);
    console.log(
      `${path.relative(root, manifestPath)}: ${expected.languageModelTools.length} tools, ${expected.languageModelToolSets.length} toolsets written.`,
    );
    const problems = checkManifest(updated, expected, bundle);
    for (const p of problems) console.error(p);
    return { success: problems.length === 0 };
  }
  const problems = checkManifest(manifest, expected, bundle);
  for (const p of problems) console.error(`${path.relative(root, manifestPath)}: ${p}`);
  const marketplace = pack ? marketplaceContributions(pack) : undefined;
  const staged = path.join(root, 'dist/flavours/marketplace', String(manifest.name), 'package.json');
  for (const [where, candidate] of [
    [`${path.relative(root, manifestPath)} (its Marketplace flavour)`, marketplaceManifest(manifest, marketplace)],
    ...(fs.existsSync(staged) ? [[path.relative(root, staged), JSON.parse(fs.readFileSync(staged, 'utf8'))]] : []),
  ]) {
    const found = checkMarketplaceManifest(candidate, marketplace);
    for (const p of found) console.error(`${where}: ${p}`);
    problems.push(...found);
  }
  if (problems.length === 0)
    console.log(
      `${path.relative(root, manifestPath)}: contributions match the definitions; the Marketplace flavour needs no proposal.`,
    );
  return { success: problems.length === 0 };
};
