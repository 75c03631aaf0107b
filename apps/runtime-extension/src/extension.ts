// The runtime extension: one registry for the window, the VS Code host's services under it, the
// packs that pack extensions register, the @toolpacks participant and the "Tool Packs" view. Which
// tools are on is VS Code's to say (its tool picker, agents' and prompt files' tools: lists, #
// references): the runtime reads it from each chat request and keeps no selection of its own.
import * as reflectMetadata from 'reflect-metadata';
import * as inversify from 'inversify';
import * as vscode from 'vscode';
import * as toolpacksBase from '@toolpacks/base';
import * as toolpacksRegistry from '@toolpacks/registry/host';
import * as toolpacksServices from '@toolpacks/services';
import * as promptTsx from '@vscode/prompt-tsx';
import { createToolRegistry, type ToolRegistry } from '@toolpacks/registry/host';
import { CONTEXT_KEY_HINTS } from '@toolpacks/services';
import {
  proposedEvent,
  runToolLoop,
  VsCodeHost,
  VsCodeToolSelection,
  type ChatRequestTools,
  type ToolPacksApi,
} from '@toolpacks/host-vscode';
import { registerChatParticipant } from './chatParticipant';
import { PackRegistrations } from './packRegistrations';
import { registerResolvedView } from './resolvedViewSetup';

export async function activate(context: vscode.ExtensionContext): Promise<ToolPacksApi> {
  const { host, registry, selection, output } = await startRuntime();
  context.subscriptions.push(host, output, selection);
  // What the retired "Configure Tools" quick pick stored: VS Code's own picker is the one selection now.
  void context.workspaceState.update('toolpacks.selection', undefined);
  context.subscriptions.push(mirrorContextKeys(host));
  const packs = new PackRegistrations(registry, selection, output);
  context.subscriptions.push(packs);
  const api = runtimeApi(host, registry, selection, packs.register);
  context.subscriptions.push(
    registerChatParticipant(api, registry, selection),
    ...registerResolvedView({
      registry,
      host,
      selection,
      toolSetName: (packId, set) => packs.toolSetName(packId, set),
      state: context.workspaceState,
    }),
  );
  return api;
}

export function deactivate(): void {}

/** The window's host services, one registry over them, VS Code's tool selection, and the output channel. */
export async function startRuntime() {
  const host = new VsCodeHost();
  await host.refresh();
  const container = new inversify.Container();
  container.load(host.module);
  const registry = createToolRegistry({ container, contextKeyHints: CONTEXT_KEY_HINTS });
  const output = vscode.window.createOutputChannel('Tool Packs');
  // VS Code fires this (chatParticipantAdditions) when its picker changes while a request runs; the
  // Marketplace flavour is granted no proposal, and subscribing there throws.
  const onDidChangeChatRequestTools = proposedEvent<ChatRequestTools>(vscode.lm, 'onDidChangeChatRequestTools');
  const selection = new VsCodeToolSelection(registry, onDidChangeChatRequestTools);
  return { host, registry, selection, output };
}

/** Mirrors the keys VS Code has no built-in for (hasOpenEditors), so contributed `when` clauses see them too. */
export function mirrorContextKeys(host: Pick<VsCodeHost, 'contextKeys'>): vscode.Disposable {
  const mirror = () =>
    void vscode.commands.executeCommand(
      'setContext',
      'hasOpenEditors',
      host.contextKeys.values.hasOpenEditors === true,
    );
  mirror();
  return host.contextKeys.onDidChange(mirror);
}

/** What the runtime exports: its registry, registerPack, VS Code's selection, resolve and the tool loop. */
export function runtimeApi(
  host: Pick<VsCodeHost, 'contextKeys'>,
  registry: ToolRegistry,
  selection: Pick<VsCodeToolSelection, 'current' | 'onDidChange'>,
  registerPack: ToolPacksApi['registerPack'],
): ToolPacksApi {
  const contextKeys = () => host.contextKeys.values;
  return {
    registry,
    registerPack,
    selection: { get: () => selection.current?.selection, onDidChange: selection.onDidChange },
    contextKeys,
    resolve: (model, options) =>
      registry.resolve({
        model,
        selection: options?.selection ?? selection.current?.selection,
        context: contextKeys(),
        referencedTools: options?.referencedTools,
      }),
    runToolLoop: (options) =>
      runToolLoop({
        ...options,
        registry,
        context: contextKeys,
        selection: options.selection ?? selection.current?.selection,
      }),
    modules: sharedModules,
  };
}

/**
 * This bundle's own instances of the modules pack extensions share instead of bundling (see
 * host-vscode's runtimeApi.ts): one inversify, one registry, one set of service tokens and errors.
 */
const sharedModules: ToolPacksApi['modules'] = Object.freeze({
  inversify,
  'reflect-metadata': reflectMetadata,
  '@toolpacks/base': toolpacksBase,
  '@toolpacks/registry': toolpacksRegistry,
  '@toolpacks/services': toolpacksServices,
  '@vscode/prompt-tsx': promptTsx,
});
