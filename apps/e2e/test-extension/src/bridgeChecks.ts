// Checks of the VS Code bridge: a call VS Code makes to one of our tools (vscode.lm.invokeTool)
// runs exactly that tool, its data parts arrive byte for byte, and its error text reaches the caller.
import * as vscode from 'vscode';
import type { ToolPacksApi } from '@toolpacks/host-vscode';
import { bridgeCalls, bridgePack, FIX_IT, NEVER_SET, OCTETS, PNG_BYTES } from './bridgePack';

type Check = (name: string, run: () => Promise<string>) => Promise<void>;

export async function bridgeChecks(
  api: ToolPacksApi,
  check: Check,
  assert: (condition: unknown, message: string) => asserts condition,
): Promise<void> {
  const registration = await api.registerPack(bridgePack);
  try {
    assert(registration.loaded, `the bridge pack was refused: ${JSON.stringify(registration.diagnostics)}`);
    assert(
      registration.registrations.get('e2e_bytes') === 'registerTool',
      `e2e_bytes: ${registration.registrations.get('e2e_bytes')}`,
    );

    await check('vscode.lm.invokeTool runs the named tool itself, with no second resolution', async () => {
      const hidden = !api
        .resolve({ id: 'e2e-claude', vendor: 'toolpacks-e2e', family: 'claude-sonnet-4', version: '1' })
        .tools.some((t) => t.name === 'e2e_bytes');
      assert(hidden, `a resolution offers e2e_bytes although its when clause (${NEVER_SET}) is false`);
      const counted = countRegistryCalls(api);
      const before = bridgeCalls.bytes;
      try {
        await vscode.lm.invokeTool('e2e_bytes', { input: {}, toolInvocationToken: undefined });
      } finally {
        counted.restore();
      }
      assert(bridgeCalls.bytes === before + 1, `the tool ran ${bridgeCalls.bytes - before} times`);
      assert(counted.resolve === 0, `resolve() ran ${counted.resolve} times during the call`);
      // prepareInvocation and invoke each bind the tool VS Code named.
      assert(
        counted.bindTool.length >= 1 && counted.bindTool.every((name) => name === 'e2e_bytes'),
        `bindTool calls: ${counted.bindTool}`,
      );
      return `ran once; bindTool(${counted.bindTool.join(', ')}), resolve() 0 times`;
    });

    await check('a data part crosses the VS Code bridge with its exact bytes and mimeType', async () => {
      const result = await vscode.lm.invokeTool('e2e_bytes', { input: {}, toolInvocationToken: undefined });
      const parts = result.content.filter(
        (p): p is vscode.LanguageModelDataPart => p instanceof vscode.LanguageModelDataPart,
      );
      assert(
        parts.length === 2 && parts.length === result.content.length,
        `parts: ${result.content.map((p) => p?.constructor?.name)}`,
      );
      assert(
        parts[0].mimeType === 'image/png' && parts[1].mimeType === 'application/octet-stream',
        `mime types: ${parts.map((p) => p.mimeType)}`,
      );
      const png = sameBytes(parts[0].data, PNG_BYTES);
      const octets = sameBytes(parts[1].data, OCTETS);
      assert(png === '', `PNG: ${png}`);
      assert(octets === '', `octets: ${octets}`);
      return `image/png ${parts[0].data.byteLength} bytes, application/octet-stream ${parts[1].data.byteLength} bytes, identical`;
    });

    await check('a tool error reaches the vscode.lm.invokeTool caller with the registry fix-it text', async () => {
      const failed = await rejection(vscode.lm.invokeTool('e2e_fail', { input: {}, toolInvocationToken: undefined }));
      assert(failed.includes('Tool `e2e_fail` failed') && failed.includes(FIX_IT), `message: ${failed}`);
      const invalid = await rejection(
        vscode.lm.invokeTool('read_file', { input: { wrong: 1 }, toolInvocationToken: undefined }),
      );
      assert(
        invalid.includes('Invalid input for `read_file`') && invalid.includes('Fix the input'),
        `message: ${invalid}`,
      );
      return `${failed.split('\n')[0]} | ${invalid.split('\n')[0]}`;
    });
  } finally {
    registration.dispose();
  }
}

/** Counts the registry's resolve() and bindTool() calls until restored (the runtime calls the same object). */
function countRegistryCalls(api: ToolPacksApi) {
  const registry = api.registry as {
    resolve: ToolPacksApi['registry']['resolve'];
    bindTool: ToolPacksApi['registry']['bindTool'];
  };
  const { resolve, bindTool } = registry;
  const counted = {
    resolve: 0,
    bindTool: [] as string[],
    restore: () => Object.assign(registry, { resolve, bindTool }),
  };
  registry.resolve = (...args) => {
    counted.resolve++;
    return resolve.apply(api.registry, args);
  };
  registry.bindTool = (...args) => {
    counted.bindTool.push(args[0]);
    return bindTool.apply(api.registry, args);
  };
  return counted;
}

/** '' when equal, else where they differ. */
function sameBytes(actual: Uint8Array, expected: Uint8Array): string {
  if (actual.byteLength !== expected.byteLength) return `${actual.byteLength} bytes, expected ${expected.byteLength}`;
  for (let i = 0; i < expected.byteLength; i++)
    if (actual[i] !== expected[i]) return `byte ${i} is ${actual[i]}, expected ${expected[i]}`;
  return '';
}

async function rejection(call: Thenable<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the call succeeded; an error was expected');
}
