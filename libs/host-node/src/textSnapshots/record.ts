// One tool call as the snapshots keep it: what was asked, what the person was asked, the text the
// model reads and the structured data, with what varies per run normalised.
import { contentToText, type ConfirmationRequest, type ModelInfo } from '@toolpacks/registry/host';
import type { SnapshotHarness } from './fixtures';

/** A call the snapshots make: a tool, its input and, for the budget cases, a tiny token budget. */
export interface SnapshotCase {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** Tokens the result may take (a few dozen: lists are cut with their "call again" note). */
  readonly tokenBudget?: number;
  /** The families this input is written for (a family's variant of a tool has its own schema); absent: every family that gets the tool. */
  readonly families?: readonly string[];
}

/** What one call gave, as stored in the snapshot. */
export interface CallRecord {
  readonly status: string;
  readonly isError: boolean;
  /** The confirmations the person was shown before the call ran (each answered "once"). */
  readonly asked: readonly Pick<ConfirmationRequest, 'title' | 'message' | 'alwaysConfirm' | 'rememberable'>[];
  readonly text: string;
  readonly data: unknown;
  /** What the registry said is wrong with the structured result (over the budget, not cut with the text), if anything. */
  readonly problems?: readonly string[];
}

/** Shorthand for a case list. */
export const call = (tool: string, input: Record<string, unknown> = {}, tokenBudget?: number): SnapshotCase =>
  tokenBudget === undefined ? { tool, input } : { tool, input, tokenBudget };

/** The snapshot's name for a case: the tool, its input and its budget. */
export function caseLabel(c: SnapshotCase): string {
  return `${c.tool} ${JSON.stringify(c.input)}${c.tokenBudget === undefined ? '' : ` tokenBudget=${c.tokenBudget}`}`;
}

/** Runs one case through the registry for `model`, answering every confirmation "once", and normalises what it gave. */
export async function runCase(h: SnapshotHarness, model: ModelInfo, c: SnapshotCase): Promise<CallRecord> {
  const asked: CallRecord['asked'][number][] = [];
  const resolved = h.registry.resolve({ model, context: h.host.contextKeys.values });
  const result = await h.registry.invoke(
    resolved,
    { callId: 'snapshot', name: c.tool, input: c.input },
    {
      ...(c.tokenBudget === undefined ? {} : { tokenBudget: c.tokenBudget }),
      confirm: async ({ title, message, alwaysConfirm, rememberable }) => {
        asked.push({ title, message, alwaysConfirm, rememberable });
        return 'once';
      },
    },
  );
  const problems = h.takeProblems();
  const record: CallRecord = {
    status: result.status,
    isError: result.isError,
    asked,
    text: await contentToText(result.content),
    data: result.structuredContent,
    ...(problems.length ? { problems } : {}),
  };
  return normaliseVaryingParts(record, h.root);
}

/**
 * Replaces, in every string of `value`, only what differs from run to run on the same code:
 * - the temporary folder's path (mkdtemp names it at random) becomes `<root>`;
 * - the frames of Node's own code in a debuggee's stack trace (`at Module._compile
 *   (node:internal/modules/cjs/loader:1518:14)`) become one line: their names and positions change
 *   with the Node version that runs the debuggee, not with our code; so does the `Node.js v20.19.4`
 *   line Node prints under an uncaught exception.
 * Nothing else is replaced: commit ids, dates and breakpoint ids are fixed by the fixture.
 */
export function normaliseVaryingParts<T>(value: T, root: string): T {
  const rules: readonly [RegExp, string][] = [
    [new RegExp(escapeRegExp(root), 'g'), '<root>'],
    [/(\n\s+at [^\n]*\bnode:internal\/[^\n]*)+/g, '\n    at <the frames of Node itself>'],
    [/\bNode\.js v\d+\.\d+\.\d+\b/g, 'Node.js <version>'],
  ];
  const apply = (text: string) =>
    rules.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return apply(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, walk(v)]));
    return item;
  };
  return walk(value) as T;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
