// One workspace session: a NodeHost over the root, a registry with the built-in packs and the
// user's, and the request the options describe with the host's live context keys. invoke, resolve,
// list, shell and mcp (one per MCP session) all open one here.
import type { Event } from '@toolpacks/base';
import type { LoadedPack, ResolveRequest, ToolRegistry } from '@toolpacks/registry';
import type { NodeHost } from '@toolpacks/host-node';
import type { CliOptions } from './args';
import { importPack } from './packImport';
import { setProcessReaper } from './signals';

export interface WorkspaceSession {
  readonly registry: ToolRegistry;
  readonly host: NodeHost;
  /** Every pack asked for, in load order; refused ones (import failures included) with their diagnostics. */
  readonly loaded: readonly LoadedPack[];
  /** The options' request with the host's context keys under the user's (`--context` wins). */
  request(overrides?: Partial<ResolveRequest>): ResolveRequest;
  /** Fires when the host's context keys change (debug state, git repository). */
  readonly onDidChangeContext: Event<void>;
  /** Ends the debuggee and every child process, unloads the packs. Idempotent. */
  dispose(): Promise<void>;
}

export type SessionOptions = Pick<CliOptions, 'root' | 'trust' | 'packs' | 'defaultPacks' | 'request' | 'schemaDialects'>;

export async function openWorkspaceSession(options: SessionOptions): Promise<WorkspaceSession> {
  // Required here, not at the top: `toolpacks --help` and usage errors never load the host or packs.
  const { createNodeHost, endTrackedProcessGroups } = require('@toolpacks/host-node') as typeof import('@toolpacks/host-node');
  setProcessReaper(endTrackedProcessGroups);
  const host = await createNodeHost(options.root, {
    git: { trustRepositoryConfig: options.trust.repositoryConfig, trustGitDirOutsideRoot: options.trust.gitDirOutsideRoot },
  });
  const builtIn = options.defaultPacks ? (require('./packs') as typeof import('./packs')).builtInPacks : [];
  const { registry, loaded: builtInLoaded } = await host.createRegistry(builtIn, undefined, options.schemaDialects ? { schemaDialects: options.schemaDialects } : undefined);
  const loaded: LoadedPack[] = [...builtInLoaded];
  for (const spec of options.packs) {
    const imported = await importPack(spec);
    loaded.push(imported.ok ? await registry.loadPack(imported.pack) : imported.refused);
  }
  let disposed: Promise<void> | undefined;
  return {
    registry,
    host,
    loaded,
    request: (overrides = {}) => ({ ...options.request, context: { ...host.contextKeys.values, ...options.request.context }, ...overrides }),
    onDidChangeContext: (listener, thisArgs, disposables) => host.contextKeys.onDidChange(() => listener.call(thisArgs, undefined), undefined, disposables),
    dispose: () =>
      (disposed ??= (async () => {
        try {
          await host.debug.stop();
        } finally {
          host.dispose();
          // Cleanup: a registry that fails to unload a pack must not turn a finished command into a failure.
          await Promise.resolve()
            .then(() => registry.dispose())
            .catch(() => undefined);
        }
      })()),
  };
}

/** What to print for the packs that were not loaded: one block per pack, its diagnostics indented. */
export function describeRefusedPacks(loaded: readonly LoadedPack[]): string[] {
  return loaded.filter((p) => !p.loaded).map((pack) => `pack '${pack.id}' was not loaded:\n${pack.diagnostics.map((d) => `  ${d.message}`).join('\n')}`);
}
