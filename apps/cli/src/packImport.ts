// Packs from anyone: a module name or a path, imported and handed to the registry. A pack whose
// module cannot be found, throws on import or exports no pack is reported in the registry's own
// shape (a LoadedPack with loaded: false and diagnostics), so the caller reports every refused pack
// the same way, and the other packs run.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, LoadedPack, ToolPack } from '@toolpacks/registry/host';
import type { PackSpec } from './cliOptions';

export type PackImport =
  | { readonly ok: true; readonly pack: ToolPack; readonly file: string }
  | { readonly ok: false; readonly refused: LoadedPack };

/**
 * Looks like a pack: definePack's result, or a plain object with an id and a tools array (loadPack checks the rest).
 */
export function isPackLike(value: unknown): value is ToolPack {
  try {
    if (!value || typeof value !== 'object') return false;
    const v = value as Record<string, unknown>;
    return v.kind === 'toolpacks.pack' || (typeof v.id === 'string' && Array.isArray(v.tools));
  } catch {
    return false;
  }
}

function refused(spec: PackSpec, code: string, message: string): PackImport {
  const diagnostic: Diagnostic = { severity: 'error', code, message };
  return { ok: false, refused: { id: spec.spec, loaded: false, diagnostics: [diagnostic], dispose() {} } };
}

/** A path: absolute, or starting with `.`, or naming something that exists; anything else is a module name. */
function isPathSpec(spec: PackSpec): boolean {
  return path.isAbsolute(spec.spec) || spec.spec.startsWith('.') || existsSync(path.resolve(spec.base, spec.spec));
}

/**
 * The file a spec names: a path (file or package folder) relative to `base`, or a module looked up from
 * `searchPaths`.
 */
export function resolvePackFile(spec: PackSpec): string {
  if (isPathSpec(spec)) {
    const absolute = path.resolve(spec.base, spec.spec);
    if (!existsSync(absolute))
      throw Object.assign(new Error(`${absolute} does not exist.`), { code: 'MODULE_NOT_FOUND' });
    return require.resolve(absolute);
  }
  return require.resolve(spec.spec, { paths: [...spec.searchPaths] });
}

/** Picks the pack among a module's exports: the module itself, `default`, `pack`, or the only export that is a pack. */
export function pickPack(exports: unknown): { pack?: ToolPack; problem?: string } {
  if (isPackLike(exports)) return { pack: exports };
  if (!exports || (typeof exports !== 'object' && typeof exports !== 'function'))
    return { problem: 'its module exports no pack (export one with definePack, as the default export or as `pack`).' };
  const mod = exports as Record<string, unknown>;
  const read = (key: string) => {
    try {
      return mod[key];
    } catch {
      return undefined;
    }
  };
  const def = read('default');
  if (isPackLike(def)) return { pack: def };
  if (def && typeof def === 'object' && isPackLike((def as Record<string, unknown>).default))
    return { pack: (def as Record<string, unknown>).default as ToolPack };
  if (isPackLike(read('pack'))) return { pack: read('pack') as ToolPack };
  let keys: string[] = [];
  try {
    keys = Object.keys(mod);
  } catch {
    /* a hostile Proxy: no keys */
  }
  const packs = keys.filter((key) => isPackLike(read(key)));
  if (packs.length === 1) return { pack: read(packs[0]) as ToolPack };
  if (packs.length > 1)
    return {
      problem:
        `its module exports ${packs.length} packs (${packs.join(', ')}); export the one to load as the default ` +
        `export or as \`pack\`.`,
    };
  return {
    problem:
      'its module exports no pack: an object with an id and a tools array (use definePack), as the default export, ' +
      'as `pack` or as its only export.',
  };
}

/** Imports one pack. Never throws. */
export async function importPack(spec: PackSpec): Promise<PackImport> {
  let file: string;
  try {
    file = resolvePackFile(spec);
  } catch (error) {
    const searched = isPathSpec(spec) ? '' : ` (looked up from ${spec.searchPaths.join(', ')})`;
    return refused(
      spec,
      'pack-not-found',
      `Pack '${spec.spec}' from ${spec.from} was not found${searched}: ${firstLine(error)}`,
    );
  }
  let exports: unknown;
  try {
    exports = await requireOrImport(file);
  } catch (error) {
    return refused(spec, 'pack-import-failed', `Pack '${spec.spec}' (${file}) failed to import: ${firstLine(error)}`);
  }
  const { pack, problem } = pickPack(exports);
  if (!pack) return refused(spec, 'pack-invalid', `Pack '${spec.spec}' (${file}): ${problem}`);
  return { ok: true, pack, file };
}

/**
 * A pack written in TypeScript needs a loader: from the sources the bin has registered one
 * (esbuild-register); the bundled CLI registers it on the first such pack, not on every start.
 */
function ensureTypeScriptLoader(file: string): void {
  if (!/\.[cm]?tsx?$/.test(file) || require.extensions['.ts']) return;
  let loader: { register(options: object): unknown };
  try {
    // module.require, not require: bundlers must not take esbuild-register in (nor make the
    // published CLI depend on it); in this repository it is installed.
    loader = module.require('esbuild-register/dist/node') as typeof loader;
  } catch {
    throw new Error(
      `${file} is TypeScript and no TypeScript loader is installed (esbuild-register); compile the pack to ` +
        `JavaScript, or install esbuild-register.`,
    );
  }
  // Packs use inversify's parameter decorators and prompt-tsx's JSX factory; a folder may have no
  // tsconfig.json of its own (this repository has only tsconfig.base.json).
  loader.register({
    target: 'node20',
    tsconfigRaw: {
      compilerOptions: {
        experimentalDecorators: true,
        jsx: 'react',
        jsxFactory: 'vscpp',
        jsxFragmentFactory: 'vscppf',
      },
    },
  });
}

async function requireOrImport(file: string): Promise<unknown> {
  ensureTypeScriptLoader(file);
  if (!file.endsWith('.mjs')) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the user's pack, by path at run time
      return require(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_REQUIRE_ESM') throw error;
    }
  }
  // An ES module: a real dynamic import (what esbuild and swc would otherwise turn into require).
  const dynamicImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
  return dynamicImport(pathToFileURL(file).href);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Node's "Require stack:" lists every parent module: noise for the person reading.
  return message.split('\nRequire stack:')[0].trim();
}
