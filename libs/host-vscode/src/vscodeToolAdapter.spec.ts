import type * as vscode from 'vscode';
import type { ToolCall } from '@toolpacks/registry/host';
import { LanguageModelDataPart, LanguageModelTextPart } from './testing/vscodeFake';
import { BYTES, createBridge, invocation, noToken, ran, type Bridge } from './testing/bridgeFixture';

const gemini = {
  id: 'g',
  vendor: 'google',
  family: 'gemini-2.5-pro',
  version: '1',
  name: 'Gemini',
  maxInputTokens: 1,
  countTokens: async () => 0,
  sendRequest: async () => undefined,
};

async function call(bridge: Bridge, name: string, options: vscode.LanguageModelToolInvocationOptions<object>) {
  const tool = bridge.tools.get(name)!;
  await tool.prepareInvocation?.({ input: options.input }, noToken);
  return (await tool.invoke(options, noToken)) as vscode.LanguageModelToolResult;
}

describe('a tool VS Code invokes', () => {
  let bridge: Bridge;
  beforeEach(async () => (bridge = await createBridge()));
  afterEach(() => bridge.dispose());

  it('runs that tool bound as itself, with no resolve() during prepareInvocation or invoke', async () => {
    const resolve = jest.spyOn(bridge.registry, 'resolve');
    const bindTool = jest.spyOn(bridge.registry, 'bindTool');
    const result = await call(bridge, 'read_thing', invocation({ path: 'a' }));
    expect(resolve).not.toHaveBeenCalled();
    expect(bindTool.mock.calls).toEqual([['read_thing'], ['read_thing', undefined]]);
    // Its when clause is false and it is off by default: only a resolution would have hidden it.
    expect(ran).toEqual(['read_thing']);
    expect(result.content).toEqual([new LanguageModelTextPart('base ran')]);
  });

  it('runs the override matching the model VS Code names on the invocation', async () => {
    const bindTool = jest.spyOn(bridge.registry, 'bindTool');
    const result = await call(bridge, 'read_thing', invocation({ path: 'a' }, { model: gemini }));
    expect(bindTool).toHaveBeenLastCalledWith(
      'read_thing',
      { id: 'g', vendor: 'google', family: 'gemini-2.5-pro', version: '1' },
      undefined,
    );
    expect(ran).toEqual(['gemini_read_thing']);
    expect(result.content).toEqual([new LanguageModelTextPart('override ran')]);
  });

  it('gives every invocation its own callId, or the one VS Code streamed', async () => {
    const invoke = jest.spyOn(bridge.registry, 'invoke');
    await call(bridge, 'make_bytes', invocation({}));
    await call(bridge, 'make_bytes', invocation({}));
    await call(bridge, 'make_bytes', invocation({}, { chatStreamToolCallId: 'toolu_42' }));
    const ids = invoke.mock.calls.map(([, toolCall]) => (toolCall as ToolCall).callId);
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).not.toBe('vscode-make_bytes');
    expect(ids[2]).toBe('toolu_42');
  });

  it('returns a data part with its exact bytes and mimeType', async () => {
    const result = await call(bridge, 'make_bytes', invocation({}));
    expect(result.content).toHaveLength(1);
    const part = result.content[0] as LanguageModelDataPart;
    expect(part).toBeInstanceOf(LanguageModelDataPart);
    expect(part.mimeType).toBe('application/octet-stream');
    expect([...part.data]).toEqual([...BYTES]);
  });

  it('rejects with the registry fix-it text when the tool throws', async () => {
    await expect(call(bridge, 'fail_now', invocation({}))).rejects.toThrow(
      'Tool `fail_now` failed: Use make_bytes instead.',
    );
  });

  it('rejects with the registry fix-it text for input that breaks the schema', async () => {
    const failure = call(bridge, 'read_thing', invocation({ wrong: 1 }));
    await expect(failure).rejects.toThrow(
      /Invalid input for `read_thing`; it was not run:[\s\S]*Fix the input to match the tool's schema/,
    );
    expect(ran).toEqual([]);
  });

  it('rejects with a fix-it text once the tool has left the registry', async () => {
    const tool = bridge.tools.get('make_bytes')!;
    bridge.dispose();
    await expect(Promise.resolve(tool.invoke(invocation({}), noToken))).rejects.toThrow(
      'Tool `make_bytes` was removed (its pack was unloaded)',
    );
  });

  it('counts a confirmation VS Code showed for the same input as the approval', async () => {
    const tool = bridge.tools.get('write_thing')!;
    const prepared = await tool.prepareInvocation?.({ input: { x: 1 } }, noToken);
    expect(prepared?.confirmationMessages).toBeDefined();
    await tool.invoke(invocation({ x: 1 }), noToken);
    expect(bridge.asked).toEqual([]);
    expect(ran).toEqual(['write_thing']);
  });

  for (const name of ['manual_thing', 'run_code']) {
    it(`does not hand ${name} to VS Code’s dialog (its auto-approve could skip it) and asks itself`, async () => {
      const tool = bridge.tools.get(name)!;
      const prepared = await tool.prepareInvocation?.({ input: { code: 'x' } }, noToken);
      expect(prepared?.confirmationMessages).toBeUndefined();
      await expect(Promise.resolve(tool.invoke(invocation({ code: 'x' }), noToken))).rejects.toThrow(/declined/);
      expect(bridge.asked.map((r) => r.toolName)).toEqual([name]);
      expect(ran).toEqual([]);
    });
  }

  it('asks again when VS Code showed no confirmation for that input', async () => {
    await expect(
      Promise.resolve(bridge.tools.get('write_thing')!.invoke(invocation({ x: 2 }), noToken)),
    ).rejects.toThrow(/declined/);
    expect(bridge.asked.map((r) => r.toolName)).toEqual(['write_thing']);
    expect(ran).toEqual([]);
  });
});
