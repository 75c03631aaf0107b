// One budget for every result: tools cut at boundaries with fitSections; the registry cuts what a
// tool returned past the budget anyway, saying so.
import { createToolRegistry } from '../toolRegistry';
import { def, models } from '../testing';
import { textResult } from '../toolResult';
import { DEFAULT_RESULT_TOKEN_BUDGET, fitSections, resultCharBudget } from '.';
import { capTextToBudget } from './capText';
import type { ToolInvocationOptions } from '../definitions';

describe('the result budget', () => {
  it('is the host’s token budget in characters, or 60,000 characters', () => {
    expect(resultCharBudget(undefined)).toBe(60_000);
    expect(resultCharBudget({ tokenBudget: 1_000, countTokens: async () => 0 })).toBe(4_000);
    expect(resultCharBudget({ tokenBudget: 0, countTokens: async () => 0 })).toBe(DEFAULT_RESULT_TOKEN_BUDGET * 4);
  });

  it('keeps whole sections while they fit, and cuts a lone oversized first section at a line', () => {
    expect(fitSections(['aaaa', 'bbbb', 'cccc'], 9)).toEqual({ text: 'aaaa\nbbbb', kept: 2, omitted: 1 });
    expect(fitSections(['aaaa', 'bbbb'], 100)).toEqual({ text: 'aaaa\nbbbb', kept: 2, omitted: 0 });
    expect(fitSections(['line 1\nline 2\nline 3'], 15)).toEqual({ text: 'line 1\nline 2', kept: 0, omitted: 1 });
    expect(fitSections(['too long'], 3, '\n', false)).toEqual({ text: '', kept: 0, omitted: 1 });
  });

  it('cuts text past the budget at a line and says how much is left out; other parts stay', () => {
    const image = { kind: 'data' as const, mimeType: 'image/png', data: new Uint8Array([1, 2]) };
    const capped = capTextToBudget([{ kind: 'text', value: 'one\ntwo\nthree\nfour' }, image], 10);
    expect(capped[0]).toEqual({ kind: 'text', value: 'one\ntwo' });
    expect(capped[1]).toBe(image);
    expect(capped[2]).toEqual({
      kind: 'text',
      value: expect.stringMatching(/^… \(the result was cut at its budget of 10 characters: 11 more characters/),
    });
    // One long line: cut at the budget, never dropped whole.
    expect(capTextToBudget([{ kind: 'text', value: 'x'.repeat(30) }], 10)[0]).toEqual({
      kind: 'text',
      value: 'x'.repeat(10),
    });
    const small = [{ kind: 'text' as const, value: 'fits' }];
    expect(capTextToBudget(small, 10)).toEqual(small);
  });

  it('is what a tool is given, and the registry holds a result that ignores it to it', async () => {
    const registry = createToolRegistry();
    const budgets: number[] = [];
    const line = 'x'.repeat(99) + '\n';
    registry.registerTool(def('flood'), {
      invoke(options: ToolInvocationOptions<unknown>) {
        budgets.push(options.tokenizationOptions!.tokenBudget);
        return textResult(line.repeat(2_000));
      },
    });
    const resolved = registry.resolve({ model: models.gpt5 });
    const byDefault = await registry.invoke(resolved, { callId: '1', name: 'flood', input: {} });
    const text = byDefault.content.map((p) => (p.kind === 'text' ? p.value : '')).join('\n');
    expect(text.length).toBeLessThan(60_000 + 300);
    expect(text).toMatch(/cut at its budget of 60,000 characters: 140,\d{3} more characters were left out/);
    const hosts = await registry.invoke(resolved, { callId: '2', name: 'flood', input: {} }, { tokenBudget: 100_000 });
    expect(hosts.content).toEqual([{ kind: 'text', value: line.repeat(2_000) }]);
    expect(budgets).toEqual([DEFAULT_RESULT_TOKEN_BUDGET, 100_000]);
  });
});
