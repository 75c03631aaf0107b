// The confirmation rules for calls that can make code run (sensitive writes, breakpoint conditions,
// hooks) and the bounds on what an invocation echoes back.
import { definePack } from '../definePack';
import { createToolRegistry } from '../toolRegistry';
import { textResult } from '../toolResult';
import { def, models } from '../testing';
import type { ConfirmationAnswer, ConfirmationRequest } from './invocationTypes';
import type { PreparedToolInvocation, Tool, ToolInvocationOptions } from '../definitions';

const text = (result: { content: { kind: string; value?: unknown }[] }) =>
  result.content.map((c) => String(c.value)).join('\n');

function setup(prepare: (input: { key?: string; sensitive?: boolean }) => PreparedToolInvocation | undefined) {
  const runs: ToolInvocationOptions<unknown>[] = [];
  const registry = createToolRegistry();
  const tool: Tool<{ key?: string; sensitive?: boolean }> = {
    prepareInvocation: ({ input }) => prepare(input),
    invoke: (options) => (runs.push(options), textResult('ran')),
  };
  registry.registerTool(def('write_thing'), tool);
  return { registry, runs, resolved: registry.resolve({ model: models.claude }) };
}

const sensitive = (input: { sensitive?: boolean }): PreparedToolInvocation | undefined =>
  input.sensitive
    ? { confirmationMessages: { title: 'Write .git/config?', message: '+[core] fsmonitor = …' }, alwaysConfirm: true }
    : undefined;

describe('calls that always ask', () => {
  it('are never covered by auto-approve, global or per tool', async () => {
    const { registry, resolved, runs } = setup(sensitive);
    for (const autoApprove of [true, { write_thing: true }]) {
      const result = await registry.invoke(
        resolved,
        { callId: '1', name: 'write_thing', input: { sensitive: true } },
        { autoApprove },
      );
      expect(result.status).toBe('declined');
      expect(text(result)).toMatch(/needs a person's yes for this very call.*auto-approve never covers it/);
    }
    expect(runs).toHaveLength(0);
    // The same tool writing an ordinary file is auto-approved as before.
    expect(
      (await registry.invoke(resolved, { callId: '2', name: 'write_thing', input: {} }, { autoApprove: true })).status,
    ).toBe('ok');
  });

  it('ask again on every call whatever scope the person chose, and run as confirmed', async () => {
    const { registry, resolved, runs } = setup(sensitive);
    const asked: ConfirmationRequest[] = [];
    const confirm = async (request: ConfirmationRequest): Promise<ConfirmationAnswer> => (
      asked.push(request),
      'always'
    );
    await registry.invoke(resolved, { callId: '1', name: 'write_thing', input: { sensitive: true } }, { confirm });
    await registry.invoke(resolved, { callId: '2', name: 'write_thing', input: { sensitive: true } }, { confirm });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ title: 'Write .git/config?', alwaysConfirm: true });
    expect(runs.map((r) => r.confirmed)).toEqual([true, true]);
    // Nothing was remembered: without a way to ask, the next call is declined.
    expect(
      (await registry.invoke(resolved, { callId: '3', name: 'write_thing', input: { sensitive: true } })).status,
    ).toBe('declined');
  });

  it('tell the tool confirmed only for a person’s yes to an always-ask prompt, approved for any approval', async () => {
    const { registry, resolved, runs } = setup(() => ({ confirmationMessages: { title: 't', message: 'm' } }));
    await registry.invoke(resolved, { callId: '1', name: 'write_thing', input: {} }, { autoApprove: true });
    await registry.invoke(
      resolved,
      { callId: '2', name: 'write_thing', input: {} },
      { confirm: async () => 'session', chatSessionId: 's' },
    );
    await registry.invoke(resolved, { callId: '3', name: 'write_thing', input: {} }, { chatSessionId: 's' });
    // A yes to an ordinary prompt (a write-protected file, say) never lets a sensitive write through.
    expect(runs.map((r) => r.confirmed)).toEqual([false, false, false]);
    expect(runs.map((r) => r.approved)).toEqual([true, true, true]);
  });

  it('hand the tool the receipt of the very question a person said yes to, and never without that yes', async () => {
    let shown = 0;
    const { registry, resolved, runs } = setup((input) => ({
      ...sensitive(input),
      receipt: { question: ++shown, sensitive: input.sensitive === true },
    }));
    const asked: string[] = [];
    const confirm = async (request: ConfirmationRequest): Promise<ConfirmationAnswer> => (
      asked.push(request.title),
      'once'
    );
    await registry.invoke(resolved, { callId: '1', name: 'write_thing', input: { sensitive: true } }, { confirm });
    // An ordinary call, auto-approved or not asked: it runs, with no receipt to write sensitive paths by.
    await registry.invoke(resolved, { callId: '2', name: 'write_thing', input: {} }, { autoApprove: true });
    await registry.invoke(resolved, { callId: '3', name: 'write_thing', input: {} }, { confirm });
    expect(asked).toEqual(['Write .git/config?']);
    expect(runs.map((r) => r.receipt)).toEqual([{ question: 1, sensitive: true }, undefined, undefined]);
  });

  it('hand the receipt with a person’s yes to an ordinary question too, never with auto-approve or a remembered yes', async () => {
    let shown = 0;
    const { registry, resolved, runs } = setup(() => ({
      confirmationMessages: { title: 'Move a to b?', message: '+content' },
      receipt: { question: ++shown },
    }));
    const call = (callId: string, options: Parameters<typeof registry.invoke>[2]) =>
      registry.invoke(resolved, { callId, name: 'write_thing', input: {} }, options);
    await call('1', { confirm: async () => 'session', chatSessionId: 's' });
    await call('2', { chatSessionId: 's' }); // remembered for the session: nobody saw this question
    await call('3', { autoApprove: true });
    expect(runs.map((r) => r.receipt)).toEqual([{ question: 1 }, undefined, undefined]);
    expect(runs.map((r) => r.confirmed)).toEqual([false, false, false]);
  });

  it('never take a host’s dialog for an always-ask prompt (its auto-approve may have skipped it)', async () => {
    const { registry, resolved, runs } = setup(sensitive);
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '1', name: 'write_thing', input: { sensitive: true } },
          { confirmedByHost: true },
        )
      ).status,
    ).toBe('declined');
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '2', name: 'write_thing', input: { sensitive: true } },
          { confirmedByHost: true, confirm: async () => 'once' },
        )
      ).status,
    ).toBe('ok');
    expect(runs.map((r) => r.confirmed)).toEqual([true]);
    const ordinary = await registry.invoke(
      resolved,
      { callId: '3', name: 'write_thing', input: {} },
      { confirmedByHost: true },
    );
    expect(ordinary.status).toBe('ok');
  });
});

describe('approvals keyed by what the call runs', () => {
  it('remember one expression without approving another', async () => {
    const { registry, resolved, runs } = setup(({ key }) => ({
      confirmationMessages: { title: 'Evaluate?', message: String(key) },
      approvalKey: key,
    }));
    let asks = 0;
    const confirm = async (): Promise<ConfirmationAnswer> => (asks++, 'session');
    const call = (key: string) =>
      registry.invoke(resolved, { callId: key, name: 'write_thing', input: { key } }, { confirm, chatSessionId: 's' });
    await call('a + 1');
    await call('a + 1');
    expect(asks).toBe(1);
    await call("process.mainModule.require('fs').writeFileSync('/tmp/P','x')");
    expect(asks).toBe(2);
    expect(runs).toHaveLength(3);
  });
});

describe('bounded echoes', () => {
  it('cut a 50 MB tool name in the unknown-tool error', async () => {
    const { registry, resolved } = setup(() => undefined);
    const result = await registry.invoke(resolved, { callId: '1', name: 'x'.repeat(50_000_000), input: {} });
    expect(result.status).toBe('unknown-tool');
    expect(text(result).length).toBeLessThan(1000);
  });

  it('list at most 20 schema problems for 100,000 wrong-typed items', async () => {
    const registry = createToolRegistry();
    registry.registerTool(
      def('take_list', {
        inputSchema: { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } },
      }),
      { invoke: () => textResult('ran') },
    );
    const resolved = registry.resolve({ model: models.claude });
    const result = await registry.invoke(resolved, {
      callId: '1',
      name: 'take_list',
      input: { items: Array.from({ length: 100_000 }, (_, i) => i) },
    });
    expect(result.status).toBe('invalid-input');
    expect(text(result)).toMatch(/`items\.0` must be string/);
    expect(text(result)).toMatch(/and 99980 more problems/);
    expect(text(result).length).toBeLessThan(3000);
  });

  it('cut unknown property names and a tool error that quotes a 50 MB input', async () => {
    const registry = createToolRegistry();
    registry.registerTool(
      def('strict_tool', { inputSchema: { type: 'object', properties: {}, additionalProperties: false } }),
      { invoke: () => textResult('ran') },
    );
    registry.registerTool(def('echo_error'), {
      invoke: ({ input }) => {
        throw new Error(`Path '${(input as { p: string }).p}' is outside the workspace.`);
      },
    });
    const resolved = registry.resolve({ model: models.claude });
    const huge = 'y'.repeat(50_000_000);
    const invalid = await registry.invoke(resolved, { callId: '1', name: 'strict_tool', input: { [huge]: 1 } });
    expect(text(invalid).length).toBeLessThan(1000);
    const failed = await registry.invoke(resolved, { callId: '2', name: 'echo_error', input: { p: huge } });
    expect(failed.status).toBe('error');
    expect(text(failed).length).toBeLessThan(2200);
    expect(text(failed)).toMatch(/more characters\)$/);
  });

  it('turn whatever a tool throws into an error result', async () => {
    const registry = createToolRegistry();
    const messageThrows = new Error('x');
    Object.defineProperty(messageThrows, 'message', {
      get: () => {
        throw new Error('getter');
      },
    });
    const thrown: unknown[] = [
      Object.create(null),
      {
        toString: () => {
          throw new Error('no');
        },
      },
      messageThrows,
      undefined,
    ];
    thrown.forEach((value, i) =>
      registry.registerTool(def(`throw_${i}`), {
        invoke: () => {
          throw value;
        },
      }),
    );
    const resolved = registry.resolve({ model: models.claude });
    for (let i = 0; i < thrown.length; i++) {
      const result = await registry.invoke(resolved, { callId: String(i), name: `throw_${i}`, input: {} });
      expect(result).toMatchObject({ status: 'error', isError: true });
      expect(text(result)).toMatch(new RegExp(`Tool \`throw_${i}\` failed: `));
    }
  });
});

describe('deadlines', () => {
  it('report a tool that blocked the event loop past its timeout as timed out, never ok', async () => {
    const registry = createToolRegistry();
    registry.registerTool(def('block_loop'), {
      invoke: () => {
        const until = Date.now() + 400;
        while (Date.now() < until) {
          // busy: no timer can fire
        }
        return textResult('done');
      },
    });
    const resolved = registry.resolve({ model: models.claude });
    const result = await registry.invoke(resolved, { callId: '1', name: 'block_loop', input: {} }, { timeoutMs: 50 });
    expect(result.status).toBe('timeout');
    expect(text(result)).toMatch(/did not finish within 50 ms \(it held the host for \d+ ms.*result was discarded/);
  });
});

describe('approvals as users expect them', () => {
  function eligibilitySetup() {
    const registry = createToolRegistry();
    const runs: string[] = [];
    registry.registerTool(def('push_branch', { annotations: { destructive: true, eligibleForAutoApproval: false } }), {
      invoke: () => (runs.push('push'), textResult('pushed')),
    });
    registry.registerTool(def('commit_all', { annotations: { destructive: true } }), {
      invoke: () => (runs.push('commit'), textResult('committed')),
    });
    return { registry, runs, resolved: registry.resolve({ model: models.claude }) };
  }

  it('keep a tool the pack marks not eligible manual under global auto-approve, with nothing remembered', async () => {
    const { registry, resolved, runs } = eligibilitySetup();
    expect(
      (await registry.invoke(resolved, { callId: '1', name: 'push_branch', input: {} }, { autoApprove: true })).status,
    ).toBe('declined');
    const asked: ConfirmationRequest[] = [];
    const confirm = async (r: ConfirmationRequest): Promise<ConfirmationAnswer> => (asked.push(r), 'always');
    await registry.invoke(resolved, { callId: '2', name: 'push_branch', input: {} }, { autoApprove: true, confirm });
    await registry.invoke(resolved, { callId: '3', name: 'push_branch', input: {} }, { autoApprove: true, confirm });
    expect(asked).toHaveLength(2);
    expect(asked[0].rememberable).toBe(false);
    expect(runs).toEqual(['push', 'push']);
  });

  it('keep a tool the host marks not eligible manual (chat.tools.eligibleForAutoApproval)', async () => {
    const { registry, resolved, runs } = eligibilitySetup();
    const eligibleForAutoApproval = { commit_all: false };
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '1', name: 'commit_all', input: {} },
          { autoApprove: true, eligibleForAutoApproval },
        )
      ).status,
    ).toBe('declined');
    expect(
      (await registry.invoke(resolved, { callId: '2', name: 'commit_all', input: {} }, { autoApprove: true })).status,
    ).toBe('ok');
    expect(runs).toEqual(['commit']);
  });

  it('pass a decline with a reason to the model', async () => {
    const { registry, resolved, runs } = eligibilitySetup();
    const result = await registry.invoke(
      resolved,
      { callId: '1', name: 'commit_all', input: {} },
      { confirm: async () => ({ decline: 'Run the tests first, then commit.' }) },
    );
    expect(result.status).toBe('declined');
    expect(text(result)).toBe(
      'The user declined to run `commit_all` for this call and said: Run the tests first, then commit.. Do not ' +
        'retry the same call; follow what the user said.',
    );
    expect(runs).toEqual([]);
  });

  it('remember approvals per pack and tool: one pack approving a name never approves another pack’s tool', async () => {
    const registry = createToolRegistry();
    const runs: string[] = [];
    const pack = (id: string, name: string) =>
      definePack({
        id,
        displayName: id,
        version: '1.0.0',
        tools: [
          {
            definition: def(name, { annotations: { destructive: true } }),
            implementation: class {
              invoke() {
                runs.push(id);
                return textResult(id);
              }
            },
          },
        ],
      });
    const first = await registry.loadPack(pack('first', 'deploy_site'));
    expect(first.loaded).toBe(true);
    await registry.invoke(
      registry.resolve({ model: models.claude }),
      { callId: '1', name: 'deploy_site', input: {} },
      { confirm: async () => 'workspace' },
    );
    first.dispose();
    expect((await registry.loadPack(pack('second', 'deploy_site'))).loaded).toBe(true);
    const resolved = registry.resolve({ model: models.claude });
    expect((await registry.invoke(resolved, { callId: '2', name: 'deploy_site', input: {} })).status).toBe('declined');
    expect(runs).toEqual(['first']);
  });
});

describe('calls that run code the model wrote (runsCode)', () => {
  const runsCode = (input: { key?: string }): PreparedToolInvocation => ({
    confirmationMessages: { title: 'Run it?', message: String(input.key) },
    approvalKey: input.key,
    runsCode: true,
  });

  it('are not covered by global auto-approve nor by a host’s dialog: with nobody to ask, declined and not run', async () => {
    const { registry, resolved, runs } = setup(runsCode);
    for (const options of [
      { autoApprove: true },
      { confirmedByHost: true },
      { autoApprove: true, confirmedByHost: true },
    ]) {
      const result = await registry.invoke(
        resolved,
        { callId: '1', name: 'write_thing', input: { key: 'rm -rf' } },
        options,
      );
      expect(result.status).toBe('declined');
      expect(text(result)).toMatch(/it runs code, so it needs a person's yes or approval that names this tool/);
    }
    expect(runs).toEqual([]);
  });

  it('run with auto-approve that names the tool, a person’s yes, or an approval remembered for that exact key', async () => {
    const { registry, resolved, runs } = setup(runsCode);
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '1', name: 'write_thing', input: { key: 'a' } },
          { autoApprove: { write_thing: true } },
        )
      ).status,
    ).toBe('ok');
    const asked: ConfirmationRequest[] = [];
    const confirm = async (r: ConfirmationRequest): Promise<ConfirmationAnswer> => (asked.push(r), 'session');
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '2', name: 'write_thing', input: { key: 'b' } },
          { autoApprove: true, confirm },
        )
      ).status,
    ).toBe('ok');
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '3', name: 'write_thing', input: { key: 'b' } },
          { autoApprove: true },
        )
      ).status,
    ).toBe('ok');
    expect(
      (
        await registry.invoke(
          resolved,
          { callId: '4', name: 'write_thing', input: { key: 'c' } },
          { autoApprove: true },
        )
      ).status,
    ).toBe('declined');
    expect(asked.map((r) => r.message)).toEqual(['b']);
    expect(runs).toHaveLength(3);
  });
});
