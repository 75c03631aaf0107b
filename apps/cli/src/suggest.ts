// "Did you mean": the known names closest to a mistyped one, and the diagnostics for tool and
// toolset choices (--tools, --toolsets, the config file's selection) that name nothing.
import type { Diagnostic, ToolRegistry, ToolSelection } from '@toolpacks/registry/host';

/** Edit distance with adjacent transpositions counted as one edit (`gti` → `git` is 1). Case-insensitive. */
export function editDistance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  return rows[a.length][b.length];
}

/**
 * The known names close enough to `name` to be what was meant, best first (at most `max`): within
 * a third of the name's length in edits (at least 1, at most 3), or containing it / contained in
 * it when it is 3 characters or more (`grep` → `grep_search`).
 */
export function closestNames(name: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const lower = name.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of new Set(known)) {
    if (candidate === name) continue;
    const distance = editDistance(name, candidate);
    const c = candidate.toLowerCase();
    const partial = lower.length >= 3 && (c.includes(lower) || lower.includes(c));
    if (distance <= limit) scored.push({ candidate, score: distance });
    else if (partial) scored.push({ candidate, score: limit + 1 + Math.abs(c.length - lower.length) / 100 });
  }
  scored.sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate));
  // Only names about as close as the closest: `grpe_search` suggests grep_search, not file_search too.
  return scored
    .filter((s) => s.score <= scored[0].score + 1)
    .slice(0, max)
    .map((s) => s.candidate);
}

/** `; did you mean 'a' or 'b'?`, or '' when nothing is close. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const names = closestNames(name, known);
  if (!names.length) return '';
  const quoted = names.map((n) => `'${n}'`);
  return (
    `; did you mean ` +
    `${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`}?`
  );
}

/** Where each choice came from: the flag, or the config file (its path and field). */
export interface ChoiceSources {
  readonly tools: Readonly<Record<string, string>>;
  readonly toolSets: Readonly<Record<string, string>>;
}

/**
 * One warning per tool or toolset choice that names nothing registered: the registry ignores such a
 * choice, so without a word `--toolsets -gti` would send everything. Warnings, not errors: the rest
 * of the request is still right, as with an unknown `--reference`.
 */
export function selectionDiagnostics(
  registry: Pick<ToolRegistry, 'tools' | 'toolSets'>,
  selection: ToolSelection | undefined,
  sources?: ChoiceSources,
): Diagnostic[] {
  const referenceNames = new Set(
    registry.tools
      .filter((t) => !t.definition.overridesTool)
      .map((t) => t.definition.toolReferenceName ?? t.definition.name),
  );
  const toolNames = new Map(
    registry.tools.map((t) => [t.definition.name, t.definition.toolReferenceName ?? t.definition.name]),
  );
  const setNames = new Set(registry.toolSets.map((s) => s.definition.name));
  const diagnostics: Diagnostic[] = [];
  for (const name of Object.keys(selection?.tools ?? {})) {
    if (referenceNames.has(name)) continue;
    const from = sources?.tools[name] ?? '--tools';
    const tool = registry.tools.find((t) => t.definition.name === name)?.definition;
    let message: string;
    if (tool?.overridesTool)
      message =
        `${from}: '${name}' overrides '${tool.overridesTool}' for some models and is not a picker entry of its own; ` +
        `choose '${tool.overridesTool}'.`;
    else if (toolNames.has(name))
      message =
        `${from}: '${name}' is a variant; tool choices name its picker entry (toolReferenceName): choose ` +
        `'${toolNames.get(name)}'.`;
    else if (setNames.has(name)) message = `${from}: '${name}' is a toolset, not a tool; choose it with --toolsets.`;
    else message = `${from}: no tool is named '${name}'; the choice is ignored${didYouMean(name, referenceNames)}`;
    diagnostics.push({ severity: 'warning', code: 'tool-choice-unknown', message: terminate(message) });
  }
  for (const name of Object.keys(selection?.toolSets ?? {})) {
    if (setNames.has(name)) continue;
    const from = sources?.toolSets[name] ?? '--toolsets';
    const message = referenceNames.has(name)
      ? `${from}: '${name}' is a tool, not a toolset; choose it with --tools.`
      : `${from}: no toolset is named '${name}'; the choice is ignored${didYouMean(name, setNames)}`;
    diagnostics.push({ severity: 'warning', code: 'toolset-choice-unknown', message: terminate(message) });
  }
  return diagnostics;
}

function terminate(message: string): string {
  return /[.?]$/.test(message) ? message : `${message}.`;
}
