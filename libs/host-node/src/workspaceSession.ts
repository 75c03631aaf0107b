// One workspace session: a NodeHost over a root folder, a registry with packs loaded (the given
// ones, then those imported as the session opens), and the request to resolve with the host's live
// context keys. The CLI opens one per command (`toolpacks mcp`: one per MCP session, handed to the
// MCP server through its `mcpSessionOf`); nothing here is CLI- or MCP-specific.
import type { Event } from '@toolpacks/base';
import type { LoadedPack, ResolveRequest, ToolPack, ToolRegistry, ToolRegistryOptions } from '@toolpacks/registry/host';
import { createNodeHost, type NodeHost, type NodeHostOptions } from './nodeHost';

/** A pack imported as the session opens: the pack, or its refusal in the registry's shape (a LoadedPack with loaded: false and diagnostics). */
export type PackImport =
  | {
      /** Imported. */
      readonly ok: true;
      /** The pack to load. */
      readonly pack: ToolPack;
    }
  | {
      /** Not imported (not found, failed on import, or no pack among its exports). */
      readonly ok: false;
      /** Why, as the registry reports a refused pack. */
      readonly refused: LoadedPack;
    };

/** Options of {@link openWorkspaceSession}. */
export interface WorkspaceSessionOptions {
  /** The workspace folder the host is confined to. */
  readonly root: string;
  /** Options of the host (trust settings, tool paths). */
  readonly host?: NodeHostOptions;
  /** Packs loaded first, in order. */
  readonly packs?: readonly ToolPack[];
  /** Packs imported when the session opens, one after another, and loaded after `packs` in order (an import that fails is reported, never thrown). */
  readonly imports?: readonly (() => Promise<PackImport>)[];
  /** The registry's options (threshold, mode, schema dialects); its container is the host's. */
  readonly registry?: Omit<ToolRegistryOptions, 'container'>;
  /** What {@link WorkspaceSession.request} starts from. */
  readonly request: ResolveRequest;
}

/** A host, its registry and the packs, for as long as a command (or an MCP session) runs. */
export interface WorkspaceSession {
  /** The registry in the host's container, with the packs loaded. */
  readonly registry: ToolRegistry;
  /** The host over the root: its services, context keys and debugger. */
  readonly host: NodeHost;
  /** Every pack asked for, in load order; refused ones (import failures included) with their diagnostics. */
  readonly loaded: readonly LoadedPack[];
  /** The options' request with the host's context keys under the request's own (the request's win). */
  request(overrides?: Partial<ResolveRequest>): ResolveRequest;
  /** Fires when the host's context keys change (debug state, git repository). */
  readonly onDidChangeContext: Event<void>;
  /** Ends the debuggee and every child process, unloads the packs. Idempotent. */
  dispose(): Promise<void>;
}

/** Opens a {@link WorkspaceSession}: a host over `options.root`, a registry in its container, the packs loaded. */
export async function openWorkspaceSession(options: WorkspaceSessionOptions): Promise<WorkspaceSession> {
  const host = await createNodeHost(options.root, options.host);
  const { registry, loaded: first } = await host.createRegistry(options.packs ?? [], undefined, options.registry);
  const loaded: LoadedPack[] = [...first];
  for (const importPack of options.imports ?? []) {
    const imported = await importPack();
    loaded.push(imported.ok ? await registry.loadPack(imported.pack) : imported.refused);
  }
  let disposed: Promise<void> | undefined;
  return {
    registry,
    host,
    loaded,
    request: (overrides = {}) => ({
      ...options.request,
      context: { ...host.contextKeys.values, ...options.request.context },
      ...overrides,
    }),
    onDidChangeContext: (listener, thisArgs, disposables) =>
      host.contextKeys.onDidChange(() => listener.call(thisArgs, undefined), undefined, disposables),
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
