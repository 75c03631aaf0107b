// The shell's `model` and `context` commands as plain functions of the words typed: what they set,
// and how the result reads.
import type { ModelInfo } from '@toolpacks/registry/host';
import { UsageError } from '../errors';
import { parseContextEntry, positiveInteger } from '../flagValues';

/** `model <id>` (id, family and version at once), or `id=… family=… vendor=… version=… maxTools=…`. */
export function modelFromWords(model: ModelInfo, rest: string): ModelInfo {
  const words = rest.split(/\s+/).filter(Boolean);
  if (words.length === 1 && !words[0].includes('='))
    return { ...model, id: words[0], family: words[0], version: words[0] };
  let next = model;
  for (const word of words) {
    const [, key, value] = /^(id|family|vendor|version|maxTools)=(.+)$/.exec(word) ?? [];
    if (!key)
      throw new UsageError(
        `model: cannot read '${word}'; write model <id>, or id=…, family=…, vendor=…, version=…, maxTools=….`,
      );
    next = { ...next, [key]: key === 'maxTools' ? positiveInteger('model: maxTools', value) : value };
  }
  return next;
}

export function describeModel(m: ModelInfo): string {
  const limit = m.maxTools ? `, up to ${m.maxTools} tools` : '';
  return `model ${m.vendor}/${m.family} (id ${m.id}, version ${m.version}${limit})`;
}

/** `context key=value …` sets keys in `context`, `-key` removes one set here. */
export function applyContextWords(context: Record<string, unknown>, rest: string): void {
  for (const entry of rest.split(/\s+/).filter(Boolean)) {
    if (entry.startsWith('-')) delete context[entry.slice(1)];
    else {
      const [key, value] = parseContextEntry(entry);
      context[key] = value;
    }
  }
}

/** Every context key, the host's and those set here (marked), one a line. */
export function describeContext(host: Readonly<Record<string, unknown>>, context: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(host), ...Object.keys(context)])].sort();
  if (!keys.length) return '(no context keys)';
  return keys
    .map((k) => {
      const here = k in context;
      return `${k} = ${JSON.stringify(here ? context[k] : host[k])}${here ? ' (set here)' : ''}`;
    })
    .join('\n');
}
