// `nx g @toolpacks/nx-plugin:tool <name> <pack>`: a tool module and its spec in the pack's src/tools,
// listed in the pack's index.ts (import, tools array, a toolset) by edits placed with the TypeScript AST.
// The module exports one value, `defineTool({ definition, implementation })`; the index lists that value.
import * as path from 'node:path';
import { applyChangesToString, ChangeType, formatFiles, generateFiles, joinPathFragments, readJson } from '@nx/devkit';
import type { GeneratorCallback, StringChange, Tree } from '@nx/devkit';
import * as ts from 'typescript';
import {
  appendToArray,
  checkToolName,
  findPack,
  readPackIndex,
  toolNames,
  toolSetsOf,
  writeContributions,
} from '../shared';
import type { ToolGeneratorSchema } from './schema';

/**
 * Writes src/tools/<tool>.ts and its spec into a pack folder (shared with the pack generator). The spec
 * loads the pack in a bare registry, or, for a pack that uses the host's services (depends on
 * @toolpacks/services), in the Node host's harness (@toolpacks/host-node/testing) that binds real ones.
 */
export function writeToolFiles(
  tree: Tree,
  packDir: string,
  options: { toolName: string; packName: string; packExportName: string; hostHarness: boolean },
): void {
  const tool = toolNames(options.toolName);
  const target = joinPathFragments(packDir, 'src/tools');
  for (const file of [`${tool.fileName}.ts`, `${tool.fileName}.spec.ts`])
    if (tree.exists(joinPathFragments(target, file)))
      throw new Error(`${joinPathFragments(target, file)} already exists.`);
  generateFiles(tree, path.join(__dirname, 'files'), target, {
    ...tool,
    packName: options.packName,
    packExportName: options.packExportName,
    hostHarness: options.hostHarness,
    template: '',
  });
}

export async function toolGenerator(tree: Tree, options: ToolGeneratorSchema): Promise<GeneratorCallback | void> {
  const toolName = checkToolName(options.name);
  const pack = findPack(tree, options.pack);
  const text = tree.read(pack.indexPath, 'utf-8') ?? '';
  const index = readPackIndex(pack.indexPath, text);
  const tool = toolNames(toolName);

  const imported = index.sourceFile.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === `./tools/${tool.fileName}`,
  );
  if (imported || index.tools.elements.some((e) => ts.isIdentifier(e) && e.text === tool.valueName))
    throw new Error(`${pack.indexPath} already lists a tool '${toolName}'.`);
  if (declaredNames(index.sourceFile).has(tool.valueName))
    throw new Error(
      `${pack.indexPath} already declares the name '${tool.valueName}', which the tool '${toolName}' would be imported as; rename one of them.`,
    );

  const changes: StringChange[] = [];
  const imports = index.sourceFile.statements.filter(ts.isImportDeclaration);
  const importLine = `import { ${tool.valueName} } from './tools/${tool.fileName}';\n`;
  const lastImport = imports[imports.length - 1];
  changes.push(
    lastImport
      ? { type: ChangeType.Insert, index: lastImport.getEnd(), text: `\n${importLine.trimEnd()}` }
      : { type: ChangeType.Insert, index: 0, text: importLine },
  );
  const entry = appendToArray(index.tools, tool.valueName);
  changes.push({ type: ChangeType.Insert, ...entry });

  if (!options.skipToolset) {
    const sets = toolSetsOf(index);
    const setName = options.toolset ?? [...sets.keys()][0];
    if (setName === undefined) {
      if (options.toolset !== undefined || (index.toolSets?.elements.length ?? 0) > 0)
        throw new Error(
          `${pack.indexPath}: found no toolset declared as { name: '...', tools: [...] }; pass --skipToolset or add the tool to a toolset by hand.`,
        );
    } else {
      if (!sets.has(setName))
        throw new Error(
          `${pack.indexPath} has no toolset '${setName}' (it has: ${[...sets.keys()].join(', ') || 'none'}).`,
        );
      const set = sets.get(setName)!;
      if (!set.tools)
        throw new Error(
          `${pack.indexPath}: the tools of toolset '${setName}' are not an array literal; add '${toolName}' by hand or pass --skipToolset.`,
        );
      // defineToolSet lists values; a toolset written as a plain object lists reference names.
      changes.push({
        type: ChangeType.Insert,
        ...appendToArray(set.tools, set.values ? tool.valueName : `'${toolName}'`),
      });
    }
  }

  writeToolFiles(tree, pack.dir, {
    toolName,
    packName: options.pack,
    packExportName: index.exportName,
    hostHarness: usesHostServices(pack.manifest),
  });
  tree.write(pack.indexPath, applyChangesToString(text, changes));
  readPackIndex(pack.indexPath, tree.read(pack.indexPath, 'utf-8') ?? ''); // still the expected shape
  await formatFiles(tree);

  // An extension of this pack would now drift: regenerate its contributions after the files are written.
  const extension = findExtensionOf(tree, pack.indexPath);
  if (extension) return () => writeContributions(tree.root, extension.dir, extension.pack, extension.exportName);
}

/** The names the index's top level imports or declares. */
function declaredNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause?.name) names.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.add(statement.name.text);
  }
  return names;
}

/** Whether a pack's tools use the host's services (it depends on @toolpacks/services), so its specs need a host. */
export function usesHostServices(manifest: Record<string, unknown>): boolean {
  return Boolean((manifest.dependencies as Record<string, string> | undefined)?.['@toolpacks/services']);
}

/** The pack extension whose contributions target reads this pack index, if any. */
export function findExtensionOf(
  tree: Tree,
  indexPath: string,
): { dir: string; pack: string; exportName: string } | undefined {
  const root = tree.exists('package.json') ? readJson(tree, 'package.json') : {};
  for (const pattern of (root.workspaces ?? []) as string[]) {
    const parent = pattern.replace(/\/\*+$/, '');
    if (!pattern.endsWith('*') || !tree.exists(parent)) continue;
    for (const child of tree.children(parent)) {
      const manifestPath = joinPathFragments(parent, child, 'package.json');
      if (!tree.exists(manifestPath)) continue;
      const options = readJson(tree, manifestPath).nx?.targets?.contributions?.options;
      if (options?.pack === indexPath && typeof options.exportName === 'string')
        return { dir: joinPathFragments(parent, child), pack: options.pack, exportName: options.exportName };
    }
  }
  return undefined;
}
export default toolGenerator;
