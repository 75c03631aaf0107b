// The values flags take, read one way for the command line, the shell and the config file: lists,
// tool and toolset choices, context entries, numbers, virtual-tool modes, host:port.
import type { VirtualToolMode } from '@toolpacks/registry/host';
import { VIRTUAL_TOOL_MODES } from './defaults';
import { UsageError } from './errors';

/** Each name once, in first-seen order. */
export function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/** `a, b,,c` → ['a', 'b', 'c']. */
export function splitList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** `git,-debug,search=off` → { git: true, debug: false, search: false }. */
export function parseChoices(flag: string, list: string | undefined): Record<string, boolean> {
  const choices: Record<string, boolean> = {};
  for (const raw of (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([+-]?)([\w.-]+)(?:=(on|off|true|false))?$/.exec(raw);
    if (!match) throw new UsageError(`${flag}: cannot read '${raw}'; write name, -name, name=on or name=off.`);
    const [, sign, name, value] = match;
    choices[name] = value ? value === 'on' || value === 'true' : sign !== '-';
  }
  return choices;
}

/** `key=value`: true/false and numbers as such, `[`/`{` as JSON, anything else as text. */
export function parseContextEntry(entry: string): [string, unknown] {
  const eq = entry.indexOf('=');
  if (eq <= 0) throw new UsageError(`--context: '${entry}' must be key=value, e.g. debugState=stopped.`);
  const key = entry.slice(0, eq);
  const raw = entry.slice(eq + 1);
  if (raw === 'true' || raw === 'false') return [key, raw === 'true'];
  if (raw !== '' && !Number.isNaN(Number(raw))) return [key, Number(raw)];
  if (/^[[{]/.test(raw)) {
    try {
      return [key, JSON.parse(raw)];
    } catch {
      throw new UsageError(`--context ${key}: '${raw}' looks like JSON but does not parse.`);
    }
  }
  return [key, raw];
}

export function virtualToolMode(raw: string): VirtualToolMode {
  if ((VIRTUAL_TOOL_MODES as readonly string[]).includes(raw)) return raw as VirtualToolMode;
  throw new UsageError(`--virtual-tools ${JSON.stringify(raw)}: use one of ${VIRTUAL_TOOL_MODES.join(', ')}.`);
}

export function positiveInteger(flag: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} needs a positive whole number, got '${raw}'.`);
  return n;
}

/** `8080`, `127.0.0.1:8080`, `[::1]:8080`, `localhost:0` (0: any free port). */
export function parseHostPort(raw: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[\w.-]+):)?(\d{1,5})$/.exec(raw.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535)
    throw new UsageError(`--http: cannot read '${raw}'; write a port (8080) or host:port (127.0.0.1:8080).`);
  const host = match[1] ? match[1].replace(/^\[(.*)\]$/, '$1') : '127.0.0.1';
  return { host, port };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
