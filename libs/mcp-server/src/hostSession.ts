// An McpSession over a workspace session: the registry, the request resolved with the host's live
// context keys, its changes. The workspace session itself lives in @toolpacks/host-node
// (openWorkspaceSession), which this layer may not import: `mcpSessionOf` takes any value of its
// shape, and `createHostSession` builds one from a registry and context keys.
import type { Event } from '@toolpacks/base';
import type { ModelInfo, ResolveRequest, ToolRegistry, ToolSelection, VirtualToolMode } from '@toolpacks/registry/host';
import type { ContextKeyService } from '@toolpacks/services';
import type { McpSession } from './types';

/** What the server needs of a workspace session (@toolpacks/host-node's WorkspaceSession is one). */
export interface McpWorkspace {
  /** The registry the session's tools come from. */
  readonly registry: ToolRegistry;
  /** The request to resolve now, with the host's current context keys. The server supplies the virtual-tool session. */
  request(): ResolveRequest;
  /** Fires when the context keys change. */
  readonly onDidChangeContext: Event<void>;
  /** Ends what the session started and its registry. */
  dispose(): Promise<void>;
  /** The host, whose workspace folder the server's instructions name (a NodeHost is one). */
  readonly host?: {
    /** The host's workspace file system. */
    readonly workspace: {
      /** The folder the tools work in. */
      readonly root: string;
    };
  };
}

/** The McpSession of a workspace session: its request with the virtual-tool settings as the server reads them. */
export function mcpSessionOf(workspace: McpWorkspace): McpSession {
  const root = workspace.host?.workspace.root;
  return {
    registry: workspace.registry,
    ...(root !== undefined ? { root } : {}),
    resolveRequest: () => {
      const { virtualTools, ...request } = workspace.request();
      return {
        ...request,
        ...(virtualTools?.threshold !== undefined ? { threshold: virtualTools.threshold } : {}),
        ...(virtualTools?.mode !== undefined ? { mode: virtualTools.mode } : {}),
      };
    },
    onDidChangeContext: workspace.onDidChangeContext,
    dispose: () => workspace.dispose(),
  };
}

export interface HostSessionOptions {
  readonly registry: ToolRegistry;
  /** The workspace folder the tools work in, named in the server's instructions. */
  readonly root?: string;
  /** The host's live context keys (debugState, gitOpenRepositoryCount, …): read per resolution, watched for changes. */
  readonly contextKeys: Pick<ContextKeyService, 'values' | 'onDidChange'>;
  readonly model: ModelInfo;
  readonly selection?: ToolSelection;
  readonly referencedTools?: readonly string[];
  /** Enabled tools above this count are grouped behind `activate_*` tools (the registry's default when absent). */
  readonly threshold?: number;
  /** How tools over the threshold are reached: `activate_*` groups, `search_tools`, or both (the registry's default when absent). */
  readonly mode?: VirtualToolMode;
  /** Ends what the host started (debuggees, child processes); the registry is disposed after it. */
  readonly dispose?: () => Promise<void> | void;
}

// An McpSession over a registry and a host's context keys, for hosts without a workspace session.
export function createHostSession(options: HostSessionOptions): McpSession {
  const { registry, contextKeys, model, selection, referencedTools, threshold, mode, root } = options;
  let disposing: Promise<void> | undefined;
  return mcpSessionOf({
    registry,
    ...(root !== undefined ? { host: { workspace: { root } } } : {}),
    request: () => ({
      model,
      context: contextKeys.values,
      ...(selection ? { selection } : {}),
      ...(referencedTools ? { referencedTools } : {}),
      ...(threshold !== undefined || mode !== undefined
        ? {
            virtualTools: {
              ...(threshold !== undefined ? { threshold } : {}),
              ...(mode !== undefined ? { mode } : {}),
            },
          }
        : {}),
    }),
    onDidChangeContext: (listener, thisArgs, disposables) =>
      contextKeys.onDidChange(() => listener.call(thisArgs, undefined), undefined, disposables),
    dispose: () =>
      (disposing ??= (async () => {
        try {
          await options.dispose?.();
        } finally {
          await registry.dispose();
        }
      })()),
  });
}
