// `nx g @toolpacks/nx-plugin:pack-extension <name>`: the thin VS Code extension of a pack, shaped like
// apps/pack-git-extension — the scripts Nx infers build/typecheck/lint/package from, the package,
// contributions and check-contributions targets, .vscodeignore (src and sourcemaps stay out of the
// .vsix), and an activate() that hands the pack to the runtime. Its contributes are filled from the
// pack once the files are written (the contributions target's code), so check-contributions passes.
import * as path from 'node:path';
import { formatFiles, generateFiles, joinPathFragments, writeJson } from '@nx/devkit';
import type { GeneratorCallback, Tree } from '@nx/devkit';
import {
  addToLockFile,
  checkPackName,
  DEFAULT_PUBLISHER,
  DEFAULT_VSCODE_ENGINE,
  findPack,
  findWorkspacePackage,
  linkWorkspacePackage,
  offsetFromRoot,
  projectDirectory,
  readPackIndex,
  RUNTIME_PACKAGE,
  titleCase,
  writeContributions,
} from '../shared';
import type { PackExtensionGeneratorSchema } from './schema';

export async function packExtensionGenerator(
  tree: Tree,
  options: PackExtensionGeneratorSchema,
): Promise<GeneratorCallback> {
  const packName = checkPackName(options.name);
  const pack = findPack(tree, packName);
  const { exportName } = readPackIndex(pack.indexPath, tree.read(pack.indexPath, 'utf-8') ?? '');
  const packageName = `toolpacks-pack-${packName}`;
  if (findWorkspacePackage(tree, packageName)) throw new Error(`A workspace package is already named ${packageName}.`);
  const dir = projectDirectory(tree, options.directory ?? `apps/pack-${packName}-extension`, 'extension');
  const offset = offsetFromRoot(dir);

  // The runtime extension this one depends on: its id and engine, when the workspace has it.
  const runtime = findWorkspacePackage(tree, RUNTIME_PACKAGE)?.manifest as
    { publisher?: string; engines?: { vscode?: string } } | undefined;
  const runtimeId = `${runtime?.publisher ?? DEFAULT_PUBLISHER}.${RUNTIME_PACKAGE}`;
  const displayName = options.displayName ?? `Tool Packs: ${titleCase(packName)}`;
  const contributionsOptions = { pack: pack.indexPath, exportName };

  const manifest = {
    name: packageName,
    displayName,
    description: `The ${titleCase(packName)} tool pack for agent mode and the @toolpacks participant.`,
    version: '0.1.0',
    publisher: options.publisher ?? runtime?.publisher ?? DEFAULT_PUBLISHER,
    license: 'MIT',
    private: true,
    engines: { vscode: runtime?.engines?.vscode ?? DEFAULT_VSCODE_ENGINE },
    categories: ['AI', 'Chat'],
    main: './dist/extension.js',
    activationEvents: ['onStartupFinished'],
    extensionDependencies: [runtimeId],
    contributes: { languageModelTools: [], languageModelToolSets: [] },
    scripts: {
      lint: 'eslint .',
      build: `node ${offset}tools/scripts/bundle-extension.js .`,
      typecheck: 'tsc -p tsconfig.json --noEmit',
    },
    dependencies: { '@toolpacks/host-vscode': '*', [pack.manifest.name]: '*' },
    nx: {
      tags: ['scope:app', 'platform:vscode', 'type:extension'],
      targets: {
        // Both flavours: dist/vsix/ (Marketplace) and dist/vsix-proposed/ (tools/scripts/packageExtension.js).
        package: {
          executor: '@toolpacks/nx-plugin:package',
          dependsOn: ['build'],
          outputs: ['{workspaceRoot}/dist/vsix', '{workspaceRoot}/dist/vsix-proposed', '{workspaceRoot}/dist/flavours'],
        },
        contributions: { executor: '@toolpacks/nx-plugin:contributions', options: contributionsOptions },
        'check-contributions': {
          executor: '@toolpacks/nx-plugin:contributions',
          dependsOn: ['build'],
          options: { ...contributionsOptions, check: true },
        },
      },
    },
  };
  writeJson(tree, joinPathFragments(dir, 'package.json'), manifest);
  generateFiles(tree, path.join(__dirname, 'files'), dir, {
    dot: '.',
    offset,
    exportName,
    packPackage: pack.manifest.name,
    template: '',
  });
  addToLockFile(tree, dir, manifest);
  await formatFiles(tree);
  return () => {
    linkWorkspacePackage(tree.root, pack.dir, pack.manifest.name);
    linkWorkspacePackage(tree.root, dir, packageName);
    if (!options.skipContributions) writeContributions(tree.root, dir, pack.indexPath, exportName);
  };
}

export default packExtensionGenerator;
