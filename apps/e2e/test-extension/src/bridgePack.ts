// A test-only pack the probe registers through the runtime API, to watch one call cross the
// VS Code bridge: e2e_bytes returns two data parts, e2e_fail throws with a fix-it text. Both are
// contributed in the probe's package.json, which VS Code requires of a tool registered by name.
import { definePack, LanguageModelDataPart, LanguageModelToolResult, type Tool } from '@toolpacks/registry/host';

/** A 1×1 transparent PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** Every byte value, as a view that starts inside a larger buffer (a bridge must not send the rest). */
export const OCTETS = (() => {
  const backing = Buffer.alloc(300, 0xee);
  for (let i = 0; i < 256; i++) backing[7 + i] = i;
  return backing.subarray(7, 7 + 256);
})();

export const FIX_IT = 'E2E_FIXIT: call e2e_bytes instead.';

/** A context key nobody sets: a resolution would hide e2e_bytes, a call VS Code made still runs it. */
export const NEVER_SET = 'toolpacksE2E.neverSet';

export const bridgeCalls = { bytes: 0, fail: 0 };

const bytesTool: Tool = {
  invoke: () => {
    bridgeCalls.bytes++;
    return new LanguageModelToolResult([
      new LanguageModelDataPart(PNG_BYTES, 'image/png'),
      new LanguageModelDataPart(OCTETS, 'application/octet-stream'),
    ]);
  },
};

const failTool: Tool = {
  invoke: () => {
    bridgeCalls.fail++;
    throw new Error(FIX_IT);
  },
};

export const bridgePack = definePack({
  id: 'e2e-bridge',
  displayName: 'E2E bridge',
  version: '0.0.1',
  tools: [
    {
      definition: {
        name: 'e2e_bytes',
        modelDescription: 'Returns a PNG and 256 raw bytes (test tool).',
        inputSchema: { type: 'object', properties: {} },
        when: NEVER_SET,
        annotations: { readOnly: true },
      },
      implementation: bytesTool,
    },
    {
      definition: {
        name: 'e2e_fail',
        modelDescription: 'Always fails (test tool).',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnly: true },
      },
      implementation: failTool,
    },
  ],
});
