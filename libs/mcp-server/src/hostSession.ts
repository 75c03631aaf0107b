// An McpSession over a registry and a host's context keys, for hosts without a workspace session of
// their own (@toolpacks/host-node's WorkspaceSession, with its `root`, is already an McpSession).
import type { ModelInfo, ToolRegistry, ToolSelection, VirtualToolMode } from '@toolpacks/registry/host';
import type { ContextKeyService } from '@toolpacks/services';
import type { McpSession } from './types';

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

export function createHostSession(options: HostSessionOptions): McpSession {
  const { registry, contextKeys, model, selection, referencedTools, threshold, mode, root } = options;
  let disposing: Promise<void> | undefined;
  return {
    registry,
    ...(root !== undefined ? { root } : {}),
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
  };
}
