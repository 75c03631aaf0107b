// The API the runtime extension exports; pack extensions (anyone's) call registerPack.
import * as vscode from 'vscode';
import type { ContextKeys, LoadedPack, ModelInfo, ResolvedToolSet, ToolPack, ToolRegistry, ToolSelection } from '@toolpacks/registry';
import type { ToolLoopOptions, ToolLoopResult } from './toolLoop';
import type { RegistrationKind } from './vscodeToolRegistration';

export const RUNTIME_EXTENSION_ID = 'toolpacks.toolpacks-runtime';

export interface PackRegistration extends LoadedPack {
  /** How each tool reached VS Code: registerTool, registerToolDefinition, or only the @toolpacks participant. */
  readonly registrations: ReadonlyMap<string, RegistrationKind>;
}

export interface ToolPacksApi {
  readonly registry: ToolRegistry;
  /** Loads a pack and registers its tools with VS Code. `extensionId`: the pack's extension, so its tools go when it does. */
  registerPack(pack: ToolPack, extensionId?: string): Promise<PackRegistration>;
  readonly selection: {
    get(): ToolSelection;
    set(selection: ToolSelection): Promise<void>;
    reset(): Promise<void>;
  };
  contextKeys(): ContextKeys;
  /** What a model would get now, with the stored selection. */
  resolve(model: ModelInfo, options?: { readonly referencedTools?: readonly string[] }): ResolvedToolSet;
  /** The @toolpacks participant's loop, for other extensions and tests. */
  runToolLoop(options: Omit<ToolLoopOptions, 'registry' | 'context'>): Promise<ToolLoopResult>;
}

/** The whole activate() of a pack extension: register the pack with the runtime, undo it on deactivate. */
export async function activatePackExtension(context: vscode.ExtensionContext, pack: ToolPack): Promise<PackRegistration> {
  const runtime = vscode.extensions.getExtension<ToolPacksApi>(RUNTIME_EXTENSION_ID);
  if (!runtime) throw new Error(`Tool pack '${pack.id}' needs the Tool Packs runtime extension (${RUNTIME_EXTENSION_ID}); install it.`);
  const api = await runtime.activate();
  const registration = await api.registerPack(pack, context.extension.id);
  context.subscriptions.push(registration);
  if (!registration.loaded) {
    const detail = registration.diagnostics.map((d) => d.message).join('\n');
    void vscode.window.showErrorMessage(`Tool pack '${pack.displayName}' could not be loaded.`, { detail, modal: false });
  }
  return registration;
}
