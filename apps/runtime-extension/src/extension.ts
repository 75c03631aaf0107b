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
import { createToolRegistry, type ToolPack } from '@toolpacks/registry/host';
import { CONTEXT_KEY_HINTS } from '@toolpacks/services';
import {
  confirmInWindow,
  declaredProposals,
  DEFINITION_SCHEME,
  packManifestInfo,
  referencedTools,
  registerToolsWithVsCode,
  RESOLVED_VIEW_COMMANDS,
  RESOLVED_VIEW_ID,
  ResolvedToolsView,
  proposedEvent,
  runToolLoop,
  VsCodeHost,
  VsCodeToolSelection,
  type ChatRequestTools,
  type PackRegistration,
  type ToolPacksApi,
} from '@toolpacks/host-vscode';

export async function activate(context: vscode.ExtensionContext): Promise<ToolPacksApi> {
  const host = new VsCodeHost();
  await host.refresh();
  const container = new inversify.Container();
  container.load(host.module);
  const registry = createToolRegistry({ container, contextKeyHints: CONTEXT_KEY_HINTS });
  const output = vscode.window.createOutputChannel('Tool Packs');
  const contextKeys = () => host.contextKeys.values;
  // VS Code fires this (chatParticipantAdditions) when its picker changes while a request runs; the
  // Marketplace flavour is granted no proposal, and subscribing there throws.
  const onDidChangeChatRequestTools = proposedEvent<ChatRequestTools>(vscode.lm, 'onDidChangeChatRequestTools');
  const selection = new VsCodeToolSelection(registry, onDidChangeChatRequestTools);
  context.subscriptions.push(host, output, selection);
  // What the retired "Configure Tools" quick pick stored: VS Code's own picker is the one selection now.
  void context.workspaceState.update('toolpacks.selection', undefined);

  // Mirror the keys VS Code has no built-in for, so contributed `when` clauses see them too.
  const mirror = () =>
    void vscode.commands.executeCommand(
      'setContext',
      'hasOpenEditors',
      host.contextKeys.values.hasOpenEditors === true,
    );
  mirror();
  context.subscriptions.push(host.contextKeys.onDidChange(mirror));

  const owners = new Map<string, PackRegistration>();
  // The name each pack's toolsets have in VS Code (toolpacks-<name>), as its package.json says.
  const toolSetNames = new Map<string, ReadonlyMap<string, string>>();
  // Every pack registered here, whoever registered it, leaves with this extension; then the registry ends.
  const live = new Set<PackRegistration>();
  context.subscriptions.push({
    dispose: () => {
      for (const registration of [...live]) registration.dispose();
      void registry.dispose();
    },
  });
  const registerPack: ToolPacksApi['registerPack'] = async (pack: ToolPack, extensionId, options) => {
    const loaded = await registry.loadPack(pack);
    for (const d of loaded.diagnostics) output.appendLine(`[${pack.id}] ${d.severity} ${d.code}: ${d.message}`);
    const manifest = extensionId ? vscode.extensions.getExtension(extensionId)?.packageJSON : undefined;
    const info = manifest ? packManifestInfo(pack, manifest) : undefined;
    for (const problem of info?.problems ?? []) output.appendLine(`[${pack.id}] warning: ${problem}`);
    const vscodeTools = loaded.loaded
      ? registerToolsWithVsCode(
          registry,
          pack.tools.map((t) => t.definition),
          {
            packLm: options?.lm,
            packId: pack.id,
            contributed: info?.contributed,
            toolSetNames: info?.toolSetNames,
            selection: () => selection.current?.selection,
            // A pack extension without the proposal (the Marketplace flavour) is not asked to call it.
            perModelTools: manifest ? declaredProposals(manifest).has('languageModelToolSupportsModel') : undefined,
            onParticipantOnly: (note) => output.appendLine(`[${pack.id}] ${note}`),
            onError: (message) => output.appendLine(`[${pack.id}] error: ${message}`),
          },
        )
      : undefined;
    if (loaded.loaded && info) toolSetNames.set(pack.id, info.toolSetNames);
    const registration: PackRegistration = {
      id: loaded.id,
      loaded: loaded.loaded,
      diagnostics: loaded.diagnostics,
      registrations: vscodeTools?.kinds ?? new Map(),
      dispose: () => {
        if (!live.delete(registration)) return;
        vscodeTools?.dispose();
        loaded.dispose();
        toolSetNames.delete(pack.id);
        if (extensionId) owners.delete(extensionId);
      },
    };
    live.add(registration);
    if (extensionId && loaded.loaded) owners.set(extensionId, registration);
    // The per-model tools are in VS Code (for the models it offers now) when the pack's activation ends.
    await vscodeTools?.ready;
    output.appendLine(`[${pack.id}] ${loaded.loaded ? `loaded ${pack.tools.length} tools` : 'refused'}`);
    return registration;
  };
  // A pack whose extension was uninstalled or disabled leaves with it, even before a reload.
  context.subscriptions.push(
    vscode.extensions.onDidChange(() => {
      for (const [id, registration] of [...owners]) if (!vscode.extensions.getExtension(id)) registration.dispose();
    }),
  );

  const api: ToolPacksApi = {
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

  const participant = vscode.chat.createChatParticipant(
    'toolpacks.agent',
    async (request, chatContext, response, token) => {
      const messages = toMessages(chatContext);
      messages.push(vscode.LanguageModelChatMessage.User(request.prompt));
      const result = await api.runToolLoop({
        model: request.model,
        messages,
        // VS Code's picker as this request carries it (request.tools, proposed); undefined: the defaults.
        selection: selection.observe(request as ChatRequestTools),
        referencedTools: referencedTools(registry, request.toolReferences),
        confirm: confirmInWindow,
        token,
        onText: (text) => response.markdown(text),
        onToolCall: (name) => response.progress(`Running ${name}…`),
      });
      if (result.stoppedAtRoundLimit) response.markdown(`\n\n_Stopped after ${result.rounds} rounds of tool calls._`);
      return { metadata: { toolCalls: result.toolCalls.map((c) => ({ name: c.name, status: c.status })) } };
    },
  );
  context.subscriptions.push(participant);

  const view = new ResolvedToolsView({
    registry,
    contextKeys,
    onDidChangeContext: host.contextKeys.onDidChange,
    selection,
    toolSetName: (packId, set) => (packId ? toolSetNames.get(packId)?.get(set) : undefined),
    state: context.workspaceState,
  });
  context.subscriptions.push(
    view,
    vscode.window.createTreeView(RESOLVED_VIEW_ID, { treeDataProvider: view, showCollapseAll: true }),
    vscode.workspace.registerTextDocumentContentProvider(DEFINITION_SCHEME, {
      provideTextDocumentContent: (uri) => view.definitionText(uri) ?? `// No tool of that name is registered now.\n`,
    }),
    vscode.commands.registerCommand('toolpacks.showResolvedTools', () =>
      vscode.commands.executeCommand(`${RESOLVED_VIEW_ID}.focus`),
    ),
    vscode.commands.registerCommand(RESOLVED_VIEW_COMMANDS.chooseModel, (family?: unknown) =>
      view.chooseModel(typeof family === 'string' ? family : undefined),
    ),
    vscode.commands.registerCommand(RESOLVED_VIEW_COMMANDS.openDefinition, async (name?: unknown) => {
      const tool = registry.tools.find((t) => t.definition.name === name);
      if (!tool) return void vscode.window.showWarningMessage(`No tool named ${String(name)} is registered.`);
      await vscode.window.showTextDocument(
        ResolvedToolsView.definitionUri({ name: tool.definition.name, packId: tool.packId }),
        {
          preview: true,
        },
      );
    }),
    // VS Code's own picker: the chat view in agent mode, then its Configure Tools.
    vscode.commands.registerCommand(RESOLVED_VIEW_COMMANDS.configureTools, async () => {
      await vscode.commands.executeCommand('workbench.action.chat.open', { mode: 'agent' });
      await vscode.commands.executeCommand('workbench.action.chat.configureTools');
    }),
  );
  return api;
}

export function deactivate(): void {}

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

function toMessages(chatContext: vscode.ChatContext): vscode.LanguageModelChatMessage[] {
  const messages: vscode.LanguageModelChatMessage[] = [];
  for (const turn of chatContext.history) {
    if (turn instanceof vscode.ChatRequestTurn) messages.push(vscode.LanguageModelChatMessage.User(turn.prompt));
    else if (turn instanceof vscode.ChatResponseTurn) {
      const text = turn.response
        .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
        .join('');
      if (text) messages.push(vscode.LanguageModelChatMessage.Assistant(text));
    }
  }
  return messages;
}
