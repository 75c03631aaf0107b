// `nx g @toolpacks/nx-plugin:pack <name>`: a pack library shaped like libs/packs/example — an npm
// workspace package (Nx infers its test/typecheck/lint targets from the scripts), definePack with a
// toolset, and one sample tool whose spec runs it through a real registry.
import * as path from 'node:path';
import { formatFiles, generateFiles, joinPathFragments, writeJson } from '@nx/devkit';
import type { GeneratorCallback, Tree } from '@nx/devkit';
import {
  addToLockFile,
  camelCase,
  checkPackName,
  checkToolName,
  findWorkspacePackage,
  linkWorkspacePackage,
  offsetFromRoot,
  PACK_PACKAGE_PREFIX,
  projectDirectory,
  titleCase,
  toolNames,
} from '../shared';
import { writeToolFiles } from '../tool/generator';
import type { PackGeneratorSchema } from './schema';

export async function packGenerator(tree: Tree, options: PackGeneratorSchema): Promise<GeneratorCallback> {
  const packName = checkPackName(options.name);
  const packageName = `${PACK_PACKAGE_PREFIX}${packName}`;
  if (findWorkspacePackage(tree, packageName)) throw new Error(`A workspace package is already named ${packageName}.`);
  const dir = projectDirectory(tree, options.directory ?? `libs/packs/${packName}`, 'pack');
  const toolName = checkToolName(options.tool ?? `echo_${packName.replace(/-/g, '_')}`);
  const displayName = titleCase(packName);
  const description = (options.description ?? `The ${displayName} tool pack for language models.`).trim();
  const exportName = `${camelCase(packName)}Pack`;

  // Like libs/packs/git: a pack that uses the host's services tests its tools on the Node host's harness.
  const dependencies: Record<string, string> = { '@toolpacks/registry': '*' };
  if (options.services) dependencies['@toolpacks/services'] = '*';
  const devDependencies = options.services
    ? { '@toolpacks/host-node': '*', '@toolpacks/node-services': '*' }
    : undefined;
  const manifest = {
    name: packageName,
    version: '0.1.0',
    private: true,
    description,
    main: 'src/index.ts',
    types: 'src/index.ts',
    scripts: { lint: 'eslint .', test: 'jest', typecheck: 'tsc -p tsconfig.json --noEmit' },
    dependencies,
    ...(devDependencies && { devDependencies }),
    nx: { tags: ['scope:pack', 'type:lib'] },
  };
  writeJson(tree, joinPathFragments(dir, 'package.json'), manifest);
  generateFiles(tree, path.join(__dirname, 'files'), dir, {
    offset: offsetFromRoot(dir),
    packName,
    displayName,
    description: description.replace(/\*\//g, '*\\/'),
    exportName,
    toolSetDescription: `${displayName} tools.`,
    tool: toolNames(toolName),
    template: '',
  });
  writeToolFiles(tree, dir, { toolName, packName, packExportName: exportName, hostHarness: Boolean(options.services) });
  addToLockFile(tree, dir, manifest);
  await formatFiles(tree);
  return () => linkWorkspacePackage(tree.root, dir, packageName);
}

export default packGenerator;
