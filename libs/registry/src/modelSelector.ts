// Model selectors exactly as VS Code core matches them: fields ANDed, selectors ORed, plus a
// trailing `*` as a prefix match because model ids and versions change every month.
import type { ModelInfo, ModelSelector } from './definitions';

const SELECTOR_FIELDS = ['id', 'vendor', 'family', 'version'] as const;

function matchesValue(pattern: string, value: string): boolean {
  return pattern.endsWith('*') ? value.startsWith(pattern.slice(0, -1)) : pattern === value;
}

export function selectorMatches(selector: ModelSelector, model: ModelInfo): boolean {
  for (const field of SELECTOR_FIELDS) {
    const pattern = selector[field];
    if (pattern !== undefined && !matchesValue(pattern, model[field])) return false;
  }
  return true;
}

/** No selectors (or an empty list) matches every model. */
export function modelMatches(selectors: readonly ModelSelector[] | undefined, model: ModelInfo): boolean {
  if (!selectors || selectors.length === 0) return true;
  return selectors.some((selector) => selectorMatches(selector, model));
}

// id > version > family > vendor: more fields set wins; among equal counts, the rarer field wins;
// an exact value beats a prefix pattern on the same fields.
const FIELD_WEIGHT = { id: 8, version: 4, family: 2, vendor: 1 } as const;

export function selectorSpecificity(selector: ModelSelector): number {
  let count = 0;
  let weight = 0;
  let exact = 0;
  for (const field of SELECTOR_FIELDS) {
    const pattern = selector[field];
    if (pattern === undefined) continue;
    count++;
    weight += FIELD_WEIGHT[field];
    if (!pattern.endsWith('*')) exact++;
  }
  return count * 1000 + weight * 10 + exact;
}

/** The specificity of the most specific selector that matches the model; -1 when none does. */
export function matchSpecificity(selectors: readonly ModelSelector[] | undefined, model: ModelInfo): number {
  if (!selectors || selectors.length === 0) return 0;
  let best = -1;
  for (const selector of selectors) {
    if (selectorMatches(selector, model)) best = Math.max(best, selectorSpecificity(selector));
  }
  return best;
}

export function modelKey(model: ModelInfo): string {
  return `${model.vendor}\u0000${model.family}\u0000${model.id}\u0000${model.version}\u0000${model.maxTools ?? ''}`;
}

export function describeSelectors(selectors: readonly ModelSelector[] | undefined): string {
  if (!selectors || selectors.length === 0) return 'every model';
  return selectors
    .map(
      (s) =>
        SELECTOR_FIELDS.filter((f) => s[f] !== undefined)
          .map((f) => `${f}=${s[f]}`)
          .join('&') || '*',
    )
    .join(' | ');
}
