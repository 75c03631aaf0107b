// Checks that the pack extensions run on the runtime's modules (one inversify, registry, services,
// prompt-tsx), not on copies in their own bundles: tools/scripts/bundle-extension.js turns those
// imports into the runtime's exports (libs/host-vscode/src/runtimeApi.ts, ToolPacksApi.modules).
import { contentToText } from '@toolpacks/registry/host';
import type { ToolPacksApi } from '@toolpacks/host-vscode';

type Check = (name: string, run: () => Promise<string>) => Promise<void>;

const SHARED = [
  'inversify',
  'reflect-metadata',
  '@toolpacks/base',
  '@toolpacks/registry',
  '@toolpacks/services',
  '@vscode/prompt-tsx',
];

export async function sharedModulesChecks(
  api: ToolPacksApi,
  check: Check,
  assert: (condition: unknown, message: string) => asserts condition,
): Promise<void> {
  await check(
    "the pack extensions share the runtime's @toolpacks/services: apply_patch recognizes the runtime's WorkspaceError",
    async () => {
      const names = Object.keys(api.modules ?? {});
      assert(JSON.stringify(names) === JSON.stringify(SHARED), `the runtime shares ${names.join(', ') || 'nothing'}`);
      // The editor pack's apply_patch adds "Nothing was written." to a WorkspaceError it catches with
      // `instanceof`; the error here comes from the runtime's file system. With a second copy of
      // @toolpacks/services in the pack's bundle the instanceof fails and the sentence is missing.
      const patch = ['*** Begin Patch', '*** Update File: ../outside-e2e.txt', '@@', '-a', '+b', '*** End Patch'].join(
        '\n',
      );
      const resolved = api.resolve({ id: 'e2e-gpt-4.1', vendor: 'toolpacks-e2e', family: 'gpt-4.1', version: '1' });
      const result = await api.registry.invoke(resolved, {
        callId: 'e2e-shared-services',
        name: 'apply_patch',
        input: { input: patch },
      });
      const text = await contentToText(result.content);
      assert(
        result.isError && text.includes('outside the workspace') && text.endsWith('Nothing was written.'),
        `${result.status}: ${text}`,
      );
      return text;
    },
  );
}
