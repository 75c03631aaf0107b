import { CancellationTokenSource } from '@toolpacks/base';
import { createToolRegistry } from '../toolRegistry';
import { textResult } from '../toolResult';
import { def, models, recordingTool } from '../testing';
import type { ConfirmationRequest } from './invocationTypes';
import type { Tool } from '../definitions';
import type { ToolRegistry } from '../types';

const schema = {
  type: 'object',
  properties: { path: { type: 'string', description: 'File path' }, line: { type: 'integer' } },
  required: ['path'],
  additionalProperties: false,
} as const;

function setup(extra: (registry: ToolRegistry) => void = () => undefined) {
  const calls: { label: string; input: unknown }[] = [];
  const registry = createToolRegistry();
  registry.registerTool(def('read_file', { inputSchema: schema }), recordingTool('read', calls));
  registry.registerTool(def('hidden_tool'), recordingTool('hidden', calls));
  extra(registry);
  const resolved = registry.resolve({ model: models.claude, selection: { tools: { hidden_tool: false } } });
  return { registry, resolved, calls };
}

const text = (result: { content: { kind: string; value?: unknown }[] }) =>
  result.content.map((c) => String(c.value)).join('\n');

describe('invoke', () => {
  it('runs an enabled tool and returns its content', async () => {
    const { registry, resolved, calls } = setup();
    const result = await registry.invoke(resolved, { callId: 'c1', name: 'read_file', input: { path: 'a.ts' } });
    expect(result).toEqual({
      callId: 'c1',
      name: 'read_file',
      status: 'ok',
      isError: false,
      content: [{ kind: 'text', value: 'read ran' }],
    });
    expect(calls).toEqual([{ label: 'read', input: { path: 'a.ts' } }]);
  });

  it('never runs an unknown tool and lists what is available', async () => {
    const { registry, resolved, calls } = setup();
    const result = await registry.invoke(resolved, { callId: 'c', name: 'rm_rf', input: {} });
    expect(result).toMatchObject({ status: 'unknown-tool', isError: true });
    expect(text(result)).toMatch(/no tool named `rm_rf`.*Available tools: read_file/);
    expect(calls).toEqual([]);
  });

  it('never runs a registered tool that is not in the resolved set', async () => {
    const { registry, resolved, calls } = setup();
    const result = await registry.invoke(resolved, { callId: 'c', name: 'hidden_tool', input: {} });
    expect(result).toMatchObject({ status: 'not-enabled', isError: true });
    expect(calls).toEqual([]);
  });

  it('does not run a tool whose input fails its schema and says what to fix', async () => {
    const { registry, resolved, calls } = setup();
    const missing = await registry.invoke(resolved, { callId: 'c', name: 'read_file', input: { line: 'x', extra: 1 } });
    expect(missing.status).toBe('invalid-input');
    expect(text(missing)).toContain('missing required property `path`');
    expect(text(missing)).toContain('`line` must be integer');
    expect(text(missing)).toContain('unknown property `extra`');
    const notObject = await registry.invoke(resolved, { callId: 'c', name: 'read_file', input: 'a.ts' });
    expect(text(notObject)).toContain('must be a JSON object, got string');
    expect(calls).toEqual([]);
  });

  it('compiles one validator per distinct schema, shared by every tool', async () => {
    const registry = createToolRegistry();
    for (let i = 0; i < 20; i++)
      registry.registerTool(
        def(`tool_${i}`, { inputSchema: JSON.parse(JSON.stringify(schema)) }),
        recordingTool(`t${i}`),
      );
    const resolved = registry.resolve({ model: models.claude });
    for (let i = 0; i < 20; i++)
      expect(
        (await registry.invoke(resolved, { callId: `${i}`, name: `tool_${i}`, input: { path: 'x' } })).status,
      ).toBe('ok');
    // Reach into the service to read the counter: the cache is an implementation promise, not API.
    expect((registry as unknown as { validator: { compiledCount: number } }).validator.compiledCount).toBe(1);
  });

  it('turns a throwing tool into an error result', async () => {
    const { registry, resolved } = setup((r) =>
      r.registerTool(def('boom_tool'), {
        invoke() {
          throw new Error('disk on fire');
        },
      }),
    );
    const fresh = registry.resolve({ model: models.claude });
    expect(resolved).not.toBe(fresh);
    const result = await registry.invoke(fresh, { callId: 'c', name: 'boom_tool', input: {} });
    expect(result).toMatchObject({ status: 'error', isError: true });
    expect(text(result)).toContain('disk on fire');
  });

  it('stops a hung tool at the timeout and cancels its token', async () => {
    let sawCancellation = false;
    const registry = createToolRegistry();
    registry.registerTool(def('hang_tool'), {
      invoke(_o, token) {
        token.onCancellationRequested(() => (sawCancellation = true));
        return new Promise(() => undefined);
      },
    });
    const result = await registry.invoke(
      registry.resolve({ model: models.claude }),
      { callId: 'c', name: 'hang_tool', input: {} },
      { timeoutMs: 20 },
    );
    expect(result.status).toBe('timeout');
    expect(text(result)).toMatch(/did not finish within 20 ms/);
    expect(sawCancellation).toBe(true);
  });

  it('reports cancellation by the caller', async () => {
    const registry = createToolRegistry();
    const source = new CancellationTokenSource();
    registry.registerTool(def('slow_tool'), {
      invoke() {
        setTimeout(() => source.cancel(), 5);
        return new Promise(() => undefined);
      },
    });
    const resolved = registry.resolve({ model: models.claude });
    expect(
      (await registry.invoke(resolved, { callId: 'c', name: 'slow_tool', input: {} }, { token: source.token })).status,
    ).toBe('cancelled');
    expect(
      (await registry.invoke(resolved, { callId: 'c', name: 'slow_tool', input: {} }, { token: source.token })).status,
    ).toBe('cancelled');
  });

  it('passes the token budget to the tool', async () => {
    const registry = createToolRegistry();
    let budget: number | undefined;
    registry.registerTool(def('budget_tool'), {
      async invoke(options) {
        budget = options.tokenizationOptions?.tokenBudget;
        return textResult(String(await options.tokenizationOptions?.countTokens('12345678')));
      },
    });
    const result = await registry.invoke(
      registry.resolve({ model: models.claude }),
      { callId: 'c', name: 'budget_tool', input: {} },
      { tokenBudget: 500 },
    );
    expect(budget).toBe(500);
    expect(text(result)).toBe('2');
  });

  describe('confirmation', () => {
    function confirmSetup() {
      const calls: { label: string; input: unknown }[] = [];
      const registry = createToolRegistry();
      registry.registerTool(def('git_commit', { annotations: { destructive: true } }), recordingTool('commit', calls));
      const asking: Tool = {
        prepareInvocation: () => ({ confirmationMessages: { title: 'Run the tests?', message: 'Runs npm test' } }),
        invoke: (o) => recordingTool('tests', calls).invoke(o, undefined as never),
      };
      registry.registerTool(def('run_tests'), asking);
      registry.registerTool(def('read_file'), recordingTool('read', calls));
      return { registry, calls, resolved: registry.resolve({ model: models.claude }) };
    }

    it('declines destructive or confirming tools when nobody can confirm', async () => {
      const { registry, resolved, calls } = confirmSetup();
      const commit = await registry.invoke(resolved, { callId: '1', name: 'git_commit', input: {} });
      expect(commit.status).toBe('declined');
      expect(text(commit)).toMatch(/declined to run `git_commit`.*continue without its result/s);
      expect((await registry.invoke(resolved, { callId: '2', name: 'run_tests', input: {} })).status).toBe('declined');
      expect(calls).toEqual([]);
    });

    it('asks with the tool’s own messages; a decline is one error result and the next call works', async () => {
      const { registry, resolved, calls } = confirmSetup();
      const asked: ConfirmationRequest[] = [];
      const confirm = async (request: ConfirmationRequest) => (asked.push(request), 'decline' as const);
      const declined = await registry.invoke(
        resolved,
        { callId: '1', name: 'run_tests', input: { a: 1 } },
        { confirm },
      );
      expect(declined).toMatchObject({ status: 'declined', isError: true });
      expect(asked).toEqual([
        { toolName: 'run_tests', title: 'Run the tests?', message: 'Runs npm test', input: { a: 1 } },
      ]);
      const next = await registry.invoke(resolved, { callId: '2', name: 'read_file', input: {} }, { confirm });
      expect(next.status).toBe('ok');
      expect(calls.map((c) => c.label)).toEqual(['read']);
    });

    it('remembers approvals at session, workspace and always scope, but not once', async () => {
      const { registry, resolved, calls } = confirmSetup();
      let asks = 0;
      const answer = (a: 'once' | 'session' | 'workspace' | 'always') => async () => (asks++, a);
      await registry.invoke(resolved, { callId: '1', name: 'git_commit', input: {} }, { confirm: answer('once') });
      await registry.invoke(
        resolved,
        { callId: '2', name: 'git_commit', input: {} },
        { confirm: answer('session'), chatSessionId: 's1' },
      );
      await registry.invoke(
        resolved,
        { callId: '3', name: 'git_commit', input: {} },
        { confirm: answer('once'), chatSessionId: 's1' },
      );
      expect(asks).toBe(2);
      await registry.invoke(
        resolved,
        { callId: '4', name: 'git_commit', input: {} },
        { confirm: answer('workspace'), chatSessionId: 's2' },
      );
      await registry.invoke(resolved, { callId: '5', name: 'git_commit', input: {} }, { chatSessionId: 's3' });
      expect(asks).toBe(3);
      expect(calls.filter((c) => c.label === 'commit')).toHaveLength(5);
    });

    it('global auto-approve runs every tool that asks, destructive ones included, as VS Code’s setting does', async () => {
      const { registry, resolved, calls } = confirmSetup();
      expect(
        (await registry.invoke(resolved, { callId: '1', name: 'run_tests', input: {} }, { autoApprove: true })).status,
      ).toBe('ok');
      expect(
        (await registry.invoke(resolved, { callId: '2', name: 'git_commit', input: {} }, { autoApprove: true })).status,
      ).toBe('ok');
      expect(
        (
          await registry.invoke(
            resolved,
            { callId: '3', name: 'git_commit', input: {} },
            { autoApprove: { git_commit: true } },
          )
        ).status,
      ).toBe('ok');
      expect(
        (
          await registry.invoke(
            resolved,
            { callId: '4', name: 'git_commit', input: {} },
            { autoApprove: { run_tests: true } },
          )
        ).status,
      ).toBe('declined');
      expect(calls.map((c) => c.label)).toEqual(['tests', 'commit', 'commit']);
    });

    it('does not count the time a user takes to confirm against the tool timeout', async () => {
      const { registry, resolved } = confirmSetup();
      const slowConfirm = () => new Promise<'once'>((resolve) => setTimeout(() => resolve('once'), 40));
      expect(
        (
          await registry.invoke(
            resolved,
            { callId: '1', name: 'git_commit', input: {} },
            { confirm: slowConfirm, timeoutMs: 10 },
          )
        ).status,
      ).toBe('ok');
    });
  });

  it('refuses a resolved set from another registry (a programming error, not a model one)', async () => {
    const { resolved } = setup();
    await expect(createToolRegistry().invoke(resolved, { callId: 'c', name: 'read_file', input: {} })).rejects.toThrow(
      TypeError,
    );
  });

  it('does not run a tool whose pack was unloaded after resolution', async () => {
    const registry = createToolRegistry();
    const calls: { label: string; input: unknown }[] = [];
    const registration = registry.registerTool(def('gone_tool'), recordingTool('gone', calls));
    const resolved = registry.resolve({ model: models.claude });
    registration.dispose();
    expect((await registry.invoke(resolved, { callId: 'c', name: 'gone_tool', input: {} })).status).toBe('not-enabled');
    expect(calls).toEqual([]);
  });
});

describe('prepare', () => {
  it("returns the tool's own messages, a default for destructive tools, and never runs the tool", async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('run_tests'), {
      prepareInvocation: ({ input }) => ({ confirmationMessages: { title: 'Run?', message: JSON.stringify(input) } }),
      invoke: () => textResult('ran'),
    });
    registry.registerTool(def('git_commit', { annotations: { destructive: true } }), recordingTool('commit', calls));
    registry.registerTool(def('read_file'), recordingTool('read', calls));
    const resolved = registry.resolve({ model: models.claude });
    expect(await registry.prepare(resolved, { name: 'run_tests', input: { a: 1 } })).toEqual({
      confirmationMessages: { title: 'Run?', message: '{"a":1}' },
    });
    expect(await registry.prepare(resolved, { name: 'git_commit', input: {} })).toEqual({
      confirmationMessages: { title: 'Run git_commit?', message: '`git_commit` can change your files or repository.' },
    });
    expect(await registry.prepare(resolved, { name: 'read_file', input: {} })).toBeUndefined();
    expect(await registry.prepare(resolved, { name: 'nope', input: {} })).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('shows the confirmation invoke() asks, by one rule: an always-ask call without messages gets the default', async () => {
    const registry = createToolRegistry();
    registry.registerTool(def('run_hook'), {
      prepareInvocation: () => ({ alwaysConfirm: true }),
      invoke: () => textResult('ran'),
    });
    const resolved = registry.resolve({ model: models.claude });
    const prepared = await registry.prepare(resolved, { name: 'run_hook', input: {} });
    expect(prepared).toEqual({
      alwaysConfirm: true,
      confirmationMessages: { title: 'Run run_hook?', message: '`run_hook` can change your files or repository.' },
    });
    const asked: { title: string; message: string }[] = [];
    await registry.invoke(
      resolved,
      { callId: '1', name: 'run_hook', input: {} },
      { confirm: async ({ title, message }) => (asked.push({ title, message }), 'decline') },
    );
    expect(asked).toEqual([
      { title: prepared!.confirmationMessages!.title, message: prepared!.confirmationMessages!.message },
    ]);
  });
});
