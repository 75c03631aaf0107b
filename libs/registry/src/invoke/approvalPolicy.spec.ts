// Defence in depth for issue 19, finding 6: a call that runs code is remembered only for what it
// names as its approval key. A tool (any pack's) that says runsCode but gives no key would
// otherwise be approved for every input after one "Allow in this Session".
import { createToolRegistry } from '../toolRegistry';
import { textResult } from '../toolResult';
import { def, models } from '../testing';
import type { ConfirmationAnswer, ConfirmationRequest } from './invocationTypes';
import type { PreparedToolInvocation, Tool } from '../definitions';

type Input = { program: string };

function setup(prepare: (input: Input) => PreparedToolInvocation) {
  const runs: string[] = [];
  const registry = createToolRegistry();
  const tool: Tool<Input> = {
    prepareInvocation: ({ input }) => prepare(input),
    invoke: ({ input }) => (runs.push(input.program), textResult('ran')),
  };
  registry.registerTool(def('run_program'), tool);
  const resolved = registry.resolve({ model: models.claude });
  const asked: ConfirmationRequest[] = [];
  const call = (program: string, answer?: ConfirmationAnswer, chatSessionId = 's') =>
    registry.invoke(
      resolved,
      { callId: program, name: 'run_program', input: { program } },
      { chatSessionId, confirm: answer ? async (r) => (asked.push(r), answer) : undefined },
    );
  return { runs, asked, call, registry, resolved };
}

const confirmationMessages = { title: 'Run it?', message: 'node program' };
const unkeyed = (): PreparedToolInvocation => ({ confirmationMessages, runsCode: true });
const keyed = (input: Input): PreparedToolInvocation => ({
  confirmationMessages,
  runsCode: true,
  approvalKey: input.program,
});

describe('remembered approvals of calls that run code', () => {
  it('without an approval key: the answer counts for that one call, whatever scope the person chose', async () => {
    for (const scope of ['session', 'workspace', 'always'] as const) {
      const { runs, asked, call } = setup(unkeyed);
      expect((await call('app.js', scope)).status).toBe('ok');
      // The attack: another program (or the same one) with nobody to ask is not covered.
      expect((await call('evil.js')).status).toBe('declined');
      expect((await call('app.js')).status).toBe('declined');
      expect(runs).toEqual(['app.js']);
      // The prompt offers no scope it would not keep.
      expect(asked.map((r) => r.rememberable)).toEqual([false]);
    }
  });

  it('without an approval key: asks on every call, and auto-approve naming the tool still covers it', async () => {
    const { runs, asked, call, registry, resolved } = setup(unkeyed);
    await call('app.js', 'session');
    await call('app.js', 'session');
    expect(asked).toHaveLength(2);
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: 'x', name: 'run_program', input: { program: 'evil.js' } },
          { autoApprove: { run_program: true } },
        )
      ).status,
    ).toBe('ok');
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: 'y', name: 'run_program', input: { program: 'evil.js' } },
          { autoApprove: true },
        )
      ).status,
    ).toBe('declined');
    expect(runs).toEqual(['app.js', 'app.js', 'evil.js']);
  });

  it('with an approval key: remembered for that key only, per session', async () => {
    const { runs, asked, call } = setup(keyed);
    expect((await call('app.js', 'session')).status).toBe('ok');
    expect((await call('app.js')).status).toBe('ok');
    expect((await call('evil.js')).status).toBe('declined');
    expect((await call('app.js', undefined, 'other chat')).status).toBe('declined');
    expect(asked.map((r) => r.rememberable)).toEqual([undefined]);
    expect(runs).toEqual(['app.js', 'app.js']);
  });

  it('leaves tools that run no code as they were: approved per tool, without a key', async () => {
    const { runs, call } = setup(() => ({ confirmationMessages }));
    await call('a', 'session');
    expect((await call('b')).status).toBe('ok');
    expect(runs).toEqual(['a', 'b']);
  });
});

describe('which tools ask without a question of their own', () => {
  const ask = async (annotations: object) => {
    const registry = createToolRegistry();
    registry.registerTool(def('change_things', { annotations }), { invoke: () => textResult('changed') });
    const asked: ConfirmationRequest[] = [];
    const result = await registry.invoke(
      registry.resolve({ model: models.claude }),
      { callId: 'c', name: 'change_things', input: {} },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(result.status).toBe('ok');
    return asked.length;
  };

  it('a destructive tool asks', async () => {
    expect(await ask({ destructive: true })).toBe(1);
  });

  it('a destructive tool that says asksByDefault: false (an editor edit, reviewable) does not', async () => {
    expect(await ask({ destructive: true, asksByDefault: false })).toBe(0);
  });

  it('an additive tool asks only when it says asksByDefault', async () => {
    expect(await ask({ destructive: false })).toBe(0);
    expect(await ask({ destructive: false, asksByDefault: true })).toBe(1);
  });
});
