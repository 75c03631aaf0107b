// An McpSession over a host's registry and live context keys: what `toolpacks mcp` (and the specs)
// build per MCP session from a fresh host.
import type { ModelInfo, ToolRegistry, ToolSelection, VirtualToolMode } from '@toolpacks/registry';
import type { ContextKeyService } from '@toolpacks/services';
import type { McpSession } from './types';

export interface HostSessionOptions {
  readonly registry: ToolRegistry;
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
  let disposing: Promise<void> | undefined;
  return {
    registry: options.registry,
    resolveRequest: () => ({
      model: options.model,
      context: options.contextKeys.values,
      ...(options.selection ? { selection: options.selection } : {}),
      ...(options.referencedTools ? { referencedTools: options.referencedTools } : {}),
      ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
      ...(options.mode !== undefined ? { mode: options.mode } : {}),
    }),
    onDidChangeContext: (listener, thisArgs, disposables) => options.contextKeys.onDidChange(() => listener.call(thisArgs, undefined), undefined, disposables),
    dispose: () =>
      (disposing ??= (async () => {
        try {
          await options.dispose?.();
        } finally {
          const registry = options.registry as ToolRegistry & { dispose?: () => unknown };
          await registry.dispose?.();
        }
      })()),
  };
}
