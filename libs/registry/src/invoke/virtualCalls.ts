// Calls to the registry's own tools: `activate_<group>` opens a group, `search_tools` finds tools
// and opens them, both for the next round; neither runs a pack's tool. One place answers them, and
// one place opens the group of a real tool the model called directly, so the session changes only
// here: invocation.ts runs real tools and nothing else.
import { quoteBounded } from '@toolpacks/base';
import type { JsonSchemaObject, ToolCall, ToolCallResult } from '../definitions';
import type { InputValidator } from '../schema/inputValidation';
import { restoreNulls } from '../schema/strictInput';
import type { ResolvedToolSetImpl, ToolSearcher } from '../resolve/resolvedToolSet';
import {
  activatedHits,
  DEFAULT_SEARCH_RESULTS,
  MAX_SEARCH_RESULTS,
  SEARCH_TOOL_INFO,
} from '../resolve/searchToolsTool';
import { foundKey } from '../resolve/virtualTools';
import { textCallResult } from './callResult';

/** The answer to a call of an `activate_*` or the `search_tools` tool of this set; undefined for any other call. */
export function answerVirtualCall(
  resolved: ResolvedToolSetImpl,
  call: ToolCall,
  validator: InputValidator,
): ToolCallResult | undefined {
  const answer = (status: 'activated' | 'invalid-input', text: string) => textCallResult(call, status, text);
  const group = resolved.activator(call.name);
  if (group) {
    resolved.session.expand(group.name);
    return {
      ...answer(
        'activated',
        `Tools activated: ${group.tools.join(', ')}. They are available from your next step; call them directly.`,
      ),
      structuredContent: { activated: [...group.tools] },
    };
  }
  const searcher = resolved.searcher;
  if (!searcher || call.name !== searcher.name) return undefined;
  // A model in strict mode sends `limit: null` for "no limit".
  const searchInput = restoreNulls(SEARCH_TOOL_INFO.inputSchema, call.input);
  const check = validator.validate(SEARCH_TOOL_INFO.inputSchema, searchInput);
  if (!check.ok)
    return answer(
      'invalid-input',
      `Invalid input for \`${searcher.name}\`; nothing was searched:\n` +
        `${check.problems.map((p) => `- ${p}`).join('\n')}\nCall it again with a \`query\` string.`,
    );
  const input = (searchInput ?? {}) as { query: string; limit?: number };
  const { text, found } = runSearch(resolved, searcher, input.query, input.limit);
  return { ...answer('activated', text), structuredContent: { tools: found } };
}

/** The structured result of an `activate_*` call: the tools it made available. */
export const ACTIVATE_OUTPUT_SCHEMA: JsonSchemaObject = Object.freeze({
  type: 'object',
  properties: {
    activated: { type: 'array', items: { type: 'string' }, description: 'The tools available from the next step.' },
  },
  required: ['activated'],
  additionalProperties: false,
} as const);

/** The structured result of a `search_tools` call: the tools found, best first. */
export const SEARCH_TOOLS_OUTPUT_SCHEMA: JsonSchemaObject = Object.freeze({
  type: 'object',
  properties: {
    tools: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          summary: { type: 'string' },
          score: { type: 'number', description: 'Relative to the best match (1).' },
          activated: { type: 'boolean', description: 'Available from the next step.' },
        },
        required: ['name', 'summary', 'score', 'activated'],
        additionalProperties: false,
      },
    },
  },
  required: ['tools'],
  additionalProperties: false,
} as const);

interface FoundTool {
  readonly name: string;
  readonly summary: string;
  readonly score: number;
  readonly activated: boolean;
}

/**
 * A call to an enabled tool in a collapsed group runs, and its group opens for the next round (a
 * tool only search_tools reaches becomes a search result, as if it had been found).
 */
export function openGroupOfCalledTool(resolved: ResolvedToolSetImpl, name: string): void {
  const activates = resolved.binding(name)?.activates;
  if (activates) resolved.session.expand(activates);
}

/**
 * Ranks the tools the set does not send, lists the best with their scores and activates the
 * confident ones (or the ones the query names) for the next round: the best becomes the most
 * recently used entry of the session, so older results and groups collapse first.
 */
function runSearch(
  resolved: ResolvedToolSetImpl,
  searcher: ToolSearcher,
  query: string,
  requested: number | undefined,
): { text: string; found: FoundTool[] } {
  const limit = Math.min(requested ?? DEFAULT_SEARCH_RESULTS, MAX_SEARCH_RESULTS, searcher.slots);
  if (limit < 1)
    return {
      text: `No tool can be added: the model's tool limit is reached by the tools you already have. Use those.`,
      found: [],
    };
  const hits = searcher.search(query, limit);
  if (hits.length === 0)
    return {
      text:
        `No tool you were not already given matches ${quoteBounded(query, 200)}. Try other words (what the tool ` +
        `does, not how), or use the tools you have.`,
      found: [],
    };
  const activated = activatedHits(hits, limit);
  const keys = activated.map((h) => foundKey(h.name));
  const session = resolved.session;
  if (keys.length > 0) {
    if (session.expandAll) session.expandAll(keys);
    else for (let i = keys.length - 1; i >= 0; i--) session.expand(keys[i]);
  }
  const isActivated = new Set(activated.map((h) => h.name));
  const best = hits.reduce((top, h) => Math.max(top, h.score), 0);
  const found = hits.map((h) => ({
    name: h.name,
    summary: h.summary.replace(/\s+/g, ' '),
    score: best > 0 ? Number((h.score / best).toFixed(2)) : 0,
    activated: isActivated.has(h.name),
  }));
  const lines = found.map(
    (h) => `- ${h.name}: ${h.summary} (score ${h.score.toFixed(2)}${h.activated ? ', activated' : ''})`,
  );
  const foundText = `Found ${hits.length} tool${hits.length === 1 ? '' : 's'}`;
  const header =
    activated.length === 0
      ? `${foundText}, none a confident match, so none was activated; to use one, call ${searcher.name} with its ` +
        `exact name as the query:`
      : activated.length === hits.length
        ? `${foundText}; ${activated.length === 1 ? 'it is' : 'all are'} activated, available from your next step, ` +
          `call ${activated.length === 1 ? 'it' : 'them'} directly:`
        : `${foundText}; the ` +
          `${activated.length === 1 ? 'one marked activated is' : `${activated.length} marked activated are`} ` +
          `available from your next step, call ${activated.length === 1 ? 'it' : 'them'} directly (to use another, ` +
          `call ${searcher.name} with its exact name as the query):`;
  return { text: `${header}\n${lines.join('\n')}\nScores are relative to the best match (1.00).`, found };
}
