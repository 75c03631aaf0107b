// toolpacks.config.json: options for every command, read from the root (or `--config <file>`) and
// checked field by field so a mistake is named, never a stack trace. What a file may do depends on
// who chose it (args.ts): the root's file came with the repository, so its packs (code) and its
// approvals load only when the user trusts the repository or names the file with --config.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { SchemaDialect, VirtualToolMode } from '@toolpacks/registry/host';
import { VIRTUAL_TOOL_MODES } from './defaults';
import { schemaDialectProblems } from './schemaDialectConfig';

export interface ToolpacksConfig {
  readonly packs?: readonly string[];
  readonly model?: {
    readonly id?: string;
    readonly vendor?: string;
    readonly family?: string;
    readonly version?: string;
    readonly maxTools?: number;
  };
  readonly selection?: {
    readonly tools?: Readonly<Record<string, boolean>>;
    readonly toolSets?: Readonly<Record<string, boolean>>;
  };
  readonly context?: Readonly<Record<string, unknown>>;
  readonly threshold?: number;
  /** Above the threshold: activate_* groups, a search_tools tool, or both. */
  readonly virtualTools?: VirtualToolMode;
  readonly maxTools?: number;
  readonly approvals?: {
    readonly yes?: boolean;
    readonly allow?: readonly string[];
    readonly alwaysAsk?: readonly string[];
  };
  /** Rules of model families' APIs, added after the built-in ones (a repository's file: only when trusted). */
  readonly schemaDialects?: readonly SchemaDialect[];
}

export interface LoadedConfig {
  /** Absolute path of the file. */
  readonly path: string;
  readonly dir: string;
  /** Named with --config: the user chose it. */
  readonly explicit: boolean;
  readonly config: ToolpacksConfig;
}

export class ConfigError extends Error {}

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The file at `file`, checked; undefined when it does not exist and was not named explicitly. */
export async function loadConfig(file: string, explicit: boolean): Promise<LoadedConfig | undefined> {
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new ConfigError(`${file} is not a file.`);
    if (stat.size > MAX_CONFIG_BYTES)
      throw new ConfigError(`${file} is larger than 1 MiB; a config file is a few lines of JSON.`);
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (!explicit && (code === 'ENOENT' || code === 'ENOTDIR')) return undefined;
    throw new ConfigError(
      code === 'ENOENT' ? `${file}: no such file.` : `${file} cannot be read: ${(error as Error).message}`,
    );
  }
  return { path: file, dir: path.dirname(file), explicit, config: parseConfig(text, file) };
}

/** Parses and checks the text of a config file; every problem names the field. */
export function parseConfig(text: string, file = 'toolpacks.config.json'): ToolpacksConfig {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new ConfigError(`${file} must hold a JSON object, e.g. { "packs": ["./my-pack.js"] }.`);
  // A model given by its id alone stands for { id }.
  const config = typeof value.model === 'string' ? { ...value, model: { id: value.model } } : value;
  const problems = configProblems(config);
  if (problems.length)
    throw new ConfigError(`${file}: ${problems.length === 1 ? problems[0] : `\n  ${problems.join('\n  ')}`}`);
  return config as ToolpacksConfig;
}

const CONFIG_FIELDS = [
  '$schema',
  'packs',
  'model',
  'selection',
  'context',
  'threshold',
  'virtualTools',
  'maxTools',
  'approvals',
  'schemaDialects',
];

/** Every problem of a config file's object, each naming its field, in the order of the fields. */
function configProblems(config: Record<string, unknown>): string[] {
  const check = new FieldChecks();
  for (const key of Object.keys(config))
    if (!CONFIG_FIELDS.includes(key))
      check.fail(key, `is not a config field; the fields are ${CONFIG_FIELDS.slice(1).join(', ')}.`);
  check.strings('packs', config.packs, 'module names or paths');
  if (config.model !== undefined) {
    if (!isObject(config.model))
      check.fail('model', 'must be a model id or an object { id, vendor, family, version, maxTools }.');
    else {
      check.only('model', config.model, ['id', 'vendor', 'family', 'version', 'maxTools']);
      for (const key of ['id', 'vendor', 'family', 'version'])
        if (config.model[key] !== undefined && (typeof config.model[key] !== 'string' || config.model[key] === ''))
          check.fail(`model.${key}`, 'must be a non-empty string.');
      check.wholeNumber('model.maxTools', config.model.maxTools);
    }
  }
  if (config.selection !== undefined) {
    if (!isObject(config.selection)) check.fail('selection', 'must be an object { "tools": {…}, "toolSets": {…} }.');
    else {
      check.only('selection', config.selection, ['tools', 'toolSets']);
      check.booleans('selection.tools', config.selection.tools);
      check.booleans('selection.toolSets', config.selection.toolSets);
    }
  }
  if (config.context !== undefined && !isObject(config.context))
    check.fail('context', 'must be an object of context keys and values.');
  check.wholeNumber('threshold', config.threshold);
  if (config.virtualTools !== undefined && !(VIRTUAL_TOOL_MODES as readonly unknown[]).includes(config.virtualTools))
    check.fail('virtualTools', 'must be "groups", "search" or "both".');
  check.wholeNumber('maxTools', config.maxTools);
  if (config.approvals !== undefined) {
    if (!isObject(config.approvals))
      check.fail('approvals', 'must be an object { "yes": bool, "allow": [tools], "alwaysAsk": [tools] }.');
    else {
      check.only('approvals', config.approvals, ['yes', 'allow', 'alwaysAsk']);
      if (config.approvals.yes !== undefined && typeof config.approvals.yes !== 'boolean')
        check.fail('approvals.yes', 'must be true or false.');
      check.strings('approvals.allow', config.approvals.allow, 'tool names');
      check.strings('approvals.alwaysAsk', config.approvals.alwaysAsk, 'tool names');
    }
  }
  if (config.schemaDialects !== undefined) check.problems.push(...schemaDialectProblems(config.schemaDialects));
  return check.problems;
}

/** The checks a config file's fields take; each problem names its field. */
class FieldChecks {
  readonly problems: string[] = [];

  fail(field: string, message: string): void {
    this.problems.push(`"${field}" ${message}`);
  }

  strings(field: string, v: unknown, what: string): void {
    if (v === undefined) return;
    if (!Array.isArray(v) || v.some((item) => typeof item !== 'string' || item.trim() === ''))
      this.fail(field, `must be an array of ${what} (strings).`);
  }

  wholeNumber(field: string, v: unknown): void {
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 1))
      this.fail(field, `must be a positive whole number, got ${JSON.stringify(v)}.`);
  }

  booleans(field: string, v: unknown): void {
    if (v === undefined) return;
    if (!isObject(v)) return this.fail(field, 'must be an object of name: true | false.');
    for (const [name, on] of Object.entries(v))
      if (typeof on !== 'boolean') this.fail(`${field}.${name}`, `must be true or false, got ${JSON.stringify(on)}.`);
  }

  /** Fields of `field` other than `keys` are problems. */
  only(field: string, v: Record<string, unknown>, keys: readonly string[]): void {
    for (const key of Object.keys(v))
      if (!keys.includes(key))
        this.fail(`${field}.${key}`, `is not a field of "${field}"; its fields are ${keys.join(', ')}.`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
