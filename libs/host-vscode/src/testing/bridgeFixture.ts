// A registry with a small pack, registered with VS Code through a fake vscode.lm that keeps the
// tools VS Code would call, for the adapter specs.
import 'reflect-metadata';
import type * as vscode from 'vscode';
import { CancellationTokenSource } from '@toolpacks/base';
import {
  createToolRegistry,
  definePack,
  LanguageModelDataPart,
  LanguageModelToolResult,
  textResult,
  type ConfirmationAnswer,
  type ConfirmationRequest,
  type Tool,
  type ToolRegistry,
} from '@toolpacks/registry/host';
import { registerToolsWithVsCode } from '../vscodeToolRegistration';

/** 256 byte values seen through a view that starts inside a larger buffer. */
export const BYTES = (() => {
  const backing = new Uint8Array(300).fill(0xee);
  for (let i = 0; i < 256; i++) backing[5 + i] = i;
  return backing.subarray(5, 5 + 256);
})();

export const ran: string[] = [];

const tool = (name: string, run: () => LanguageModelToolResult): Tool => ({
  invoke: () => {
    ran.push(name);
    return run();
  },
});

export const bridgeTestPack = definePack({
  id: 'bridge-test',
  displayName: 'Bridge test',
  version: '1.0.0',
  tools: [
    {
      // A false when clause and off by default: a resolution would never offer it.
      definition: {
        name: 'read_thing',
        modelDescription: 'Reads the thing.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        when: 'neverSet',
        enabledByDefault: false,
        annotations: { readOnly: true },
      },
      implementation: tool('read_thing', () => textResult('base ran')),
    },
    {
      definition: {
        name: 'gemini_read_thing',
        overridesTool: 'read_thing',
        models: [{ family: 'gemini*' }],
        modelDescription: 'Reads the thing, for Gemini.',
        annotations: { readOnly: true },
      },
      implementation: tool('gemini_read_thing', () => textResult('override ran')),
    },
    {
      definition: { name: 'make_bytes', modelDescription: 'Returns bytes.', annotations: { readOnly: true } },
      implementation: tool(
        'make_bytes',
        () => new LanguageModelToolResult([new LanguageModelDataPart(BYTES, 'application/octet-stream')]),
      ),
    },
    {
      definition: { name: 'fail_now', modelDescription: 'Fails.', annotations: { readOnly: true } },
      implementation: tool('fail_now', () => {
        throw new Error('Use make_bytes instead.');
      }),
    },
    {
      // Destructive: only a confirmation VS Code showed (or one asked here) lets it run.
      definition: { name: 'write_thing', modelDescription: 'Writes the thing.', annotations: { destructive: true } },
      implementation: tool('write_thing', () => textResult('written')),
    },
    {
      // Kept manual: never handed to VS Code's dialog (its auto-approve could skip it); asked here.
      definition: {
        name: 'manual_thing',
        modelDescription: 'Changes the thing.',
        annotations: { destructive: true, eligibleForAutoApproval: false },
      },
      implementation: tool('manual_thing', () => textResult('changed')),
    },
    {
      // Runs code the model wrote: like a kept-manual tool, asked here, never by VS Code's dialog.
      definition: {
        name: 'run_code',
        modelDescription: 'Runs code.',
        inputSchema: { type: 'object', properties: { code: { type: 'string' } } },
      },
      implementation: {
        prepareInvocation: ({ input }: { input: { code?: string } }) => ({
          confirmationMessages: { title: 'Run it?', message: String(input.code) },
          runsCode: true,
        }),
        ...tool('run_code', () => textResult('ran code')),
      },
    },
  ],
});

export interface Bridge {
  readonly registry: ToolRegistry;
  /** The tools as VS Code holds them, by name. */
  readonly tools: ReadonlyMap<string, vscode.LanguageModelTool<object>>;
  readonly asked: ConfirmationRequest[];
  dispose(): void;
}

export async function createBridge(answer: ConfirmationAnswer = 'decline'): Promise<Bridge> {
  ran.length = 0;
  const registry = createToolRegistry();
  const loaded = await registry.loadPack(bridgeTestPack);
  if (!loaded.loaded) throw new Error(JSON.stringify(loaded.diagnostics));
  const tools = new Map<string, vscode.LanguageModelTool<object>>();
  const asked: ConfirmationRequest[] = [];
  const lm = {
    registerTool: (name: string, registered: vscode.LanguageModelTool<object>) => {
      tools.set(name, registered);
      return { dispose: () => tools.delete(name) };
    },
  } as unknown as typeof vscode.lm;
  const registration = registerToolsWithVsCode(
    registry,
    bridgeTestPack.tools.map((t) => t.definition),
    {
      lm,
      confirm: async (request) => {
        asked.push(request);
        return answer;
      },
    },
  );
  return { registry, tools, asked, dispose: () => (registration.dispose(), loaded.dispose()) };
}

export const noToken = new CancellationTokenSource().token as unknown as vscode.CancellationToken;

/** What VS Code passes to invoke; `extra` carries proposal fields such as `model`. */
export function invocation(input: object, extra: object = {}): vscode.LanguageModelToolInvocationOptions<object> {
  return { input, toolInvocationToken: undefined, ...extra };
}
