// What the three generators share: names and their rules, where workspace packages are, the pack's
// index.ts read with the TypeScript compiler API, and the steps npm install would otherwise do.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { joinPathFragments, normalizePath, readJson, updateJson } from '@nx/devkit';
import type { Tree } from '@nx/devkit';
import { checkToolDefinition } from '@toolpacks/registry/host';
import * as ts from 'typescript';

/** Pack names: the pack id, the folder and the end of the package name `@toolpacks/pack-<name>`. */
export const PACK_NAME = /^[a-z][a-z0-9-]*$/;

export const PACK_PACKAGE_PREFIX = '@toolpacks/pack-';

/** The runtime every pack extension depends on (apps/runtime-extension; RUNTIME_EXTENSION_ID in host-vscode). */
export const RUNTIME_PACKAGE = 'toolpacks-runtime';
export const DEFAULT_PUBLISHER = 'toolpacks';
export const DEFAULT_VSCODE_ENGINE = '^1.99.0';

export function checkPackName(name: unknown): string {
  if (typeof name !== 'string' || !PACK_NAME.test(name))
    throw new Error(
      `Invalid pack name ${JSON.stringify(name)}: use lower-case letters, digits and hyphens, starting with a letter (${PACK_NAME.source}).`,
    );
  if (name.endsWith('-') || name.includes('--'))
    throw new Error(`Invalid pack name '${name}': no trailing or doubled hyphens.`);
  return name;
}

/** A tool name as the registry checks it (checkToolDefinition): {verb}_{noun}, [A-Za-z0-9_-]{1,64}, no reserved prefix. */
export function checkToolName(name: unknown): string {
  const problems = checkToolDefinition({ name: name as string, modelDescription: '-' }, {
    checkSchema: () => undefined,
  } as never).filter((p) => p.code === 'tool-name-invalid');
  if (problems.length > 0) throw new Error(`Invalid tool name: ${problems.map((p) => p.message).join(' ')}`);
  return name as string;
}

/** `get_forecast` → `Get Forecast`. */
export function titleCase(name: string): string {
  return name
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** `get_forecast` / `my-pack` → `getForecast` / `myPack`; a leading digit gets an underscore. */
export function camelCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1)))
    .join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

export function pascalCase(name: string): string {
  const camel = camelCase(name).replace(/^_/, '');
  return camel[0].toUpperCase() + camel.slice(1);
}

/**
 * The identifiers of a tool's module: `get_forecast` → the exported value getForecast (defineTool) and
 * its implementation class GetForecastTool. A name that is a reserved word in a module (`delete`,
 * `new`, `package`) gets the class's suffix: deleteTool.
 */
export function toolNames(toolName: string) {
  const className = `${pascalCase(toolName)}Tool`;
  const camel = camelCase(toolName);
  return {
    toolName,
    fileName: toolName,
    displayName: titleCase(toolName),
    valueName: isReservedWord(camel) ? `${camel}Tool` : camel,
    className,
  };
}

/** Reserved words of strict-mode code, which cannot name a const. */
function isReservedWord(name: string): boolean {
  const token = ts.identifierToKeywordKind(ts.factory.createIdentifier(name));
  if (token === undefined) return false;
  return (
    (token >= ts.SyntaxKind.FirstReservedWord && token <= ts.SyntaxKind.LastReservedWord) ||
    (token >= ts.SyntaxKind.FirstFutureReservedWord && token <= ts.SyntaxKind.LastFutureReservedWord)
  );
}

/** A workspace-relative directory, checked to be inside the workspace and covered by package.json's workspaces. */
export function projectDirectory(tree: Tree, directory: string, what: string): string {
  const normalized = normalizePath(path.posix.normalize(directory.replace(/\\/g, '/'))).replace(/^\.\/|\/$/g, '');
  if (normalized === '' || normalized === '.' || normalized.startsWith('../') || path.posix.isAbsolute(normalized))
    throw new Error(`--directory '${directory}' must be a folder inside the workspace, such as libs/packs/<name>.`);
  const patterns = workspacePatterns(tree);
  if (!patterns.some((pattern) => matchesWorkspacePattern(normalized, pattern)))
    throw new Error(
      `--directory '${normalized}' is not covered by the npm workspaces of package.json (${patterns.join(', ')}); Nx and npm would not see the ${what}.`,
    );
  if (tree.exists(normalized) && tree.children(normalized).length > 0)
    throw new Error(`${normalized} already exists and is not empty; choose another name or --directory.`);
  return normalized;
}

function workspacePatterns(tree: Tree): string[] {
  const root = tree.exists('package.json') ? readJson(tree, 'package.json') : {};
  const workspaces = Array.isArray(root.workspaces) ? root.workspaces : (root.workspaces?.packages ?? []);
  return workspaces.filter((w: unknown): w is string => typeof w === 'string');
}

function matchesWorkspacePattern(dir: string, pattern: string): boolean {
  const source = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part === '**' ? '.*' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')))
    .join('/');
  return new RegExp(`^${source}$`).test(dir);
}

export interface WorkspacePackage {
  readonly dir: string;
  readonly manifest: Record<string, unknown> & { name: string };
}

/** The workspace package (under package.json's workspaces) with this name, read from the tree. */
export function findWorkspacePackage(tree: Tree, name: string): WorkspacePackage | undefined {
  for (const pattern of workspacePatterns(tree)) {
    const parent = pattern.replace(/\/\*+$/, '');
    const candidates = pattern.endsWith('*')
      ? tree.exists(parent)
        ? tree.children(parent).map((child) => joinPathFragments(parent, child))
        : []
      : [parent];
    for (const dir of candidates) {
      const manifestPath = joinPathFragments(dir, 'package.json');
      if (!tree.exists(manifestPath)) continue;
      const manifest = readJson(tree, manifestPath);
      if (manifest.name === name) return { dir, manifest };
    }
  }
  return undefined;
}

/** The pack library of a pack name, or a clear error. */
export function findPack(tree: Tree, packName: string): WorkspacePackage & { indexPath: string } {
  checkPackName(packName);
  const found = findWorkspacePackage(tree, `${PACK_PACKAGE_PREFIX}${packName}`);
  if (!found)
    throw new Error(
      `No pack '${packName}': no workspace package is named ${PACK_PACKAGE_PREFIX}${packName}. Create it with \`nx g @toolpacks/nx-plugin:pack ${packName}\`.`,
    );
  const main = typeof found.manifest.main === 'string' ? found.manifest.main : 'src/index.ts';
  const indexPath = joinPathFragments(found.dir, main);
  if (!tree.exists(indexPath))
    throw new Error(`${found.dir}/package.json names ${main} as its main module, which does not exist.`);
  return { ...found, indexPath };
}

/** Offset from a project folder back to the workspace root: `libs/packs/x` → `../../../`. */
export function offsetFromRoot(dir: string): string {
  return '../'.repeat(dir.split('/').filter(Boolean).length);
}

// ── The pack's index.ts ─────────────────────────────────────────────────────────────────────────

export interface PackIndex {
  readonly sourceFile: ts.SourceFile;
  /** The exported const that holds `definePack({...})`. */
  readonly exportName: string;
  readonly packObject: ts.ObjectLiteralExpression;
  readonly tools: ts.ArrayLiteralExpression;
  readonly toolSets: ts.ArrayLiteralExpression | undefined;
}

/** Reads `export const <x> = definePack({ ..., tools: [...], toolSets: [...] })` (tool values, toolsets by defineToolSet or as literals); anything else is an error that says what was expected. */
export function readPackIndex(indexPath: string, text: string): PackIndex {
  const sourceFile = ts.createSourceFile(indexPath, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const expected = `${indexPath} has an unexpected shape: expected one \`export const <name>Pack = definePack({ ..., tools: [ ... ], toolSets: [ ... ] })\` with array literals`;
  const found: { exportName: string; call: ts.CallExpression }[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
      continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (
        ts.isIdentifier(declaration.name) &&
        init &&
        ts.isCallExpression(init) &&
        ts.isIdentifier(init.expression) &&
        init.expression.text === 'definePack'
      )
        found.push({ exportName: declaration.name.text, call: init });
    }
  }
  if (found.length !== 1) throw new Error(`${expected}; found ${found.length} such exports.`);
  const [{ exportName, call }] = found;
  const packObject = call.arguments[0];
  if (!packObject || !ts.isObjectLiteralExpression(packObject))
    throw new Error(`${expected}; definePack is not called with an object literal.`);
  const arrayProperty = (name: string) => {
    const property = packObject.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
    if (!property) return undefined;
    if (!ts.isPropertyAssignment(property) || !ts.isArrayLiteralExpression(property.initializer))
      throw new Error(`${expected}; \`${name}\` is not an array literal.`);
    return property.initializer;
  };
  const tools = arrayProperty('tools');
  if (!tools) throw new Error(`${expected}; the pack has no \`tools\` array.`);
  return { sourceFile, exportName, packObject, tools, toolSets: arrayProperty('toolSets') };
}

/** A toolset of the index: its `tools` array (undefined when not an array literal), and whether it lists values (defineToolSet) or reference names. */
export interface IndexToolSet {
  readonly tools: ts.ArrayLiteralExpression | undefined;
  readonly values: boolean;
}

/**
 * The toolsets declared as `defineToolSet({ name: '…', tools: [...] })` (members are values) or as
 * object literals (members are reference names) with a string `name`: name → the set.
 */
export function toolSetsOf(index: PackIndex): Map<string, IndexToolSet> {
  const sets = new Map<string, IndexToolSet>();
  for (const entry of index.toolSets?.elements ?? []) {
    const values =
      ts.isCallExpression(entry) && ts.isIdentifier(entry.expression) && entry.expression.text === 'defineToolSet';
    const element = values ? entry.arguments[0] : entry;
    if (!element || !ts.isObjectLiteralExpression(element)) continue;
    const property = (name: string) =>
      element.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
      );
    const name = property('name')?.initializer;
    if (!name || !ts.isStringLiteralLike(name)) continue;
    const tools = property('tools')?.initializer;
    sets.set(name.text, { tools: tools && ts.isArrayLiteralExpression(tools) ? tools : undefined, values });
  }
  return sets;
}

/** Where to insert `text` as the last element of an array literal (a separating comma included). */
export function appendToArray(array: ts.ArrayLiteralExpression, text: string): { index: number; text: string } {
  const last = array.elements[array.elements.length - 1];
  return last ? { index: last.getEnd(), text: `, ${text}` } : { index: array.elements.pos, text };
}

// ── What npm install does for a new workspace package ───────────────────────────────────────────

/**
 * Records a new workspace package in package-lock.json the way npm does (its folder's entry and the
 * node_modules link), so `npm ci` accepts the lock file; `npm install` would write the same.
 */
export function addToLockFile(tree: Tree, dir: string, manifest: Record<string, unknown>): void {
  if (!tree.exists('package-lock.json')) return;
  updateJson(tree, 'package-lock.json', (lock) => {
    if (!lock.packages || typeof lock.packages !== 'object') return lock;
    const entry: Record<string, unknown> = {};
    for (const field of ['name', 'version', 'license', 'dependencies', 'devDependencies', 'engines'])
      if (manifest[field] !== undefined) entry[field] = manifest[field];
    const packages = {
      ...lock.packages,
      [dir]: entry,
      [`node_modules/${manifest.name}`]: { resolved: dir, link: true },
    };
    const keys = Object.keys(packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
    return { ...lock, packages: Object.fromEntries(keys.map((key) => [key, packages[key]])) };
  });
}

/**
 * After the files are written: links node_modules/<name> to the new package as npm install would
 * (relative symlink), so imports of it resolve before the next install. Never replaces anything.
 */
export function linkWorkspacePackage(root: string, dir: string, name: string): void {
  const nodeModules = path.join(root, 'node_modules');
  if (!fs.existsSync(nodeModules)) return;
  const link = path.join(nodeModules, ...name.split('/'));
  try {
    fs.lstatSync(link);
    return;
  } catch {
    // not linked yet
  }
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(path.relative(path.dirname(link), path.join(root, dir)), link, 'dir');
  console.log(`Linked ${path.relative(root, link)} → ${dir} (as npm install would).`);
}

/**
 * After the files are written: fills an extension's contributes.languageModelTools/ToolSets from its
 * pack, as its `contributions` target does (same functions, same JSON layout).
 */
export function writeContributions(root: string, extensionDir: string, packIndex: string, exportName: string): void {
  try {
    fillContributions(root, extensionDir, packIndex, exportName);
  } catch (error) {
    // The files are written; say what is left rather than fail the whole `nx g`.
    console.error(
      `Could not fill ${extensionDir}/package.json's contributions from ${packIndex}: ${(error as Error).message}`,
    );
    let project = extensionDir;
    try {
      project = JSON.parse(fs.readFileSync(path.join(root, extensionDir, 'package.json'), 'utf8')).name ?? extensionDir;
    } catch {
      // keep the folder
    }
    console.error(`Fix the pack, then run: npx nx run ${project}:contributions`);
    process.exitCode = 1;
  }
}

function fillContributions(root: string, extensionDir: string, packIndex: string, exportName: string): void {
  registerTypeScript(root);
  const { generateContributions, withContributions } = require('../contributions') as typeof import('../contributions');
  const pack = createRequire(path.join(root, 'package.json'))(path.join(root, packIndex))[exportName];
  if (!pack) throw new Error(`${packIndex} has no export '${exportName}'.`);
  const manifestPath = path.join(root, extensionDir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const expected = generateContributions(pack);
  fs.writeFileSync(manifestPath, `${JSON.stringify(withContributions(manifest, expected), null, 2)}\n`);
  console.log(
    `${extensionDir}/package.json: ${expected.languageModelTools.length} tools, ${expected.languageModelToolSets.length} toolsets written.`,
  );
}

/** Lets require() load the workspace's TypeScript sources (as the contributions executor does); a no-op under Jest. */
export function registerTypeScript(root: string): void {
  if (
    process.env.JEST_WORKER_ID !== undefined ||
    (globalThis as { __toolpacksTsRegistered?: boolean }).__toolpacksTsRegistered
  )
    return;
  (globalThis as { __toolpacksTsRegistered?: boolean }).__toolpacksTsRegistered = true;
  const load = createRequire(path.join(root, 'package.json'));
  load('esbuild-register/dist/node').register({
    target: 'node20',
    tsconfigRaw: JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')),
  });
  load('reflect-metadata');
}
