import { fitTextAndJson, jsonChars, resultCharBudget, roomFor, structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { WHEN_STOPPED } from '../format';
import { cutToFit } from '../resultFit';

const definition = {
  name: 'get_variables',
  toolReferenceName: 'get_variables',
  displayName: 'Get Variables',
  modelDescription:
    'Returns the variables visible in a frame of the stopped program, by scope (local, closure, ' +
    'block, module, script; never the global built-ins): name, type and value. Frame 0 is the top ' +
    'of the stack.',
  userDescription: 'Shows variables of a frame.',
  inputSchema: {
    type: 'object',
    properties: {
      frameIndex: { type: 'integer', minimum: 0, description: 'Frame index from get_call_stack. Default: 0.' },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      frameIndex: { type: 'integer', description: 'The frame the variables are of.' },
      scopes: {
        type: 'array',
        description: 'The scopes that fit in the result, innermost first, each with the variables that fit.',
        items: {
          type: 'object',
          properties: {
            name: {
              type: 'string',
              description: "The scope: 'local (add)', 'closure', 'block', 'module', 'script', ….",
            },
            variables: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  value: { type: 'string', description: 'The value as text (objects and arrays as a preview).' },
                  type: { type: 'string', description: "'number', 'string', 'array', a class name, …." },
                  valueCut: {
                    type: 'boolean',
                    description:
                      'True when the value was cut to fit the result (it ends in …); evaluate_expression reads more ' +
                      'of it.',
                  },
                },
                required: ['name', 'value', 'type'],
                additionalProperties: false,
              },
            },
          },
          required: ['name', 'variables'],
          additionalProperties: false,
        },
      },
      variablesOmitted: {
        type: 'integer',
        description: 'Variables (and empty scopes) left out to fit the result; read one with evaluate_expression.',
      },
    },
    required: ['frameIndex', 'scopes'],
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug', 'read'],
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

export const getVariables = defineDebugTool({
  definition,
  invoke: async (debug, { input, tokenizationOptions }) => {
    const frameIndex = input.frameIndex ?? 0;
    const scopes = await debug.variables(frameIndex);
    const count = scopes.reduce((n, s) => n + s.variables.length, 0);
    const budget = resultCharBudget(tokenizationOptions);
    // A value longer than a quarter of the result (as text or as JSON) is cut, text and data alike,
    // so that one long string never hides the variables after it.
    const cap = Math.floor(budget / 4);
    const all = scopes.map((s) => ({
      name: s.name,
      variables: s.variables.map(({ name, value, type }) => {
        const shown = cutToFit(value, cap, cap);
        return { name, value: shown.text, type, ...(shown.cut ? { valueCut: true } : {}) };
      }),
    }));
    if (count === 0)
      return structuredResult(
        { frameIndex, scopes: all },
        `Frame ${frameIndex} has no variables of its own in scope` +
          (scopes.length ? ` (${scopes.map((s) => s.name).join(', ')}: all empty)` : '') +
          '. ' +
          `The global scope's built-ins are not listed; evaluate_expression reads any name.`,
      );
    // One section per variable, scope headers kept with their first variable: cut between variables,
    // where both the text and the data's JSON still fit.
    const sections: string[] = [];
    const owner: string[] = [];
    const dataChars: number[] = [];
    for (const scope of all) {
      const scopeChars = jsonChars({ name: scope.name, variables: [] }) + 1;
      if (!scope.variables.length) {
        sections.push(`${scope.name}:\n  (none)`);
        owner.push(scope.name);
        dataChars.push(scopeChars);
      }
      scope.variables.forEach((v, i) => {
        const cut = v.valueCut ? ' [cut to fit the result; evaluate_expression reads more of it]' : '';
        const line = `  ${v.name} (${v.type}) = ${v.value}${cut}`;
        sections.push(i === 0 ? `${scope.name}:\n${line}` : line);
        owner.push(scope.name);
        dataChars.push(jsonChars(v) + (i === 0 ? scopeChars : 0));
      });
    }
    const room = roomFor({ reserve: 400, dataReserve: 200 }, budget);
    const kept = fitTextAndJson(
      sections.length,
      room.maxChars,
      room.maxJsonChars,
      (i) => sections[i].length,
      (i) => dataChars[i],
    );
    const text = sections.slice(0, kept).join('\n');
    if (kept === sections.length) return structuredResult({ frameIndex, scopes: all }, text);
    const left = owner.slice(kept);
    const inScopes = [...new Set(left)].join(', ');
    return structuredResult(
      { frameIndex, scopes: keptScopes(all, kept), variablesOmitted: left.length },
      `${text}${text ? '\n' : ''}(${left.length} more variable${left.length === 1 ? '' : 's'} in ` +
        `${inScopes} left out to fit the result. Read one with evaluate_expression, e.g. its name.)`,
    );
  },
});

/**
 * The scopes as far as the first `kept` sections of the text go: a section is one variable, or an
 * empty scope's "(none)", in the same order.
 */
function keptScopes<S extends { readonly variables: readonly unknown[] }>(scopes: readonly S[], kept: number): S[] {
  const result: S[] = [];
  let left = kept;
  for (const scope of scopes) {
    if (left <= 0) break;
    const sections = Math.max(1, scope.variables.length);
    result.push({ ...scope, variables: scope.variables.slice(0, Math.min(left, scope.variables.length)) });
    left -= sections;
  }
  return result;
}
