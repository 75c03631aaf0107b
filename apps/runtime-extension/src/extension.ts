// The runtime extension: one registry for the window, the VS Code host's services under it, the
// packs that pack extensions register, the @toolpacks participant and the two commands.
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
  configureTools,
  confirmInWindow,
  describeResolution,
  registerToolsWithVsCode,
  runToolLoop,
  SelectionStore,
  toModelInfo,
  VsCodeHost,
  type PackRegistration,
  type ToolPacksApi,
} from '@toolpacks/host-vscode';

export async function activate(context: vscode.ExtensionContext): Promise<ToolPacksApi> {
  const host = new VsCodeHost();
  await host.refresh();
  const container = new inversify.Container();
  container.load(host.module);
  const registry = createToolRegistry({ container, contextKeyHints: CONTEXT_KEY_HINTS });
  const store = new SelectionStore(context.workspaceState);
  const output = vscode.window.createOutputChannel('Tool Packs');
  const contextKeys = () => host.contextKeys.values;
  context.subscriptions.push(host, store, output);

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
  // Every pack registered here, whoever registered it, leaves with this extension; then the registry ends.
  const live = new Set<PackRegistration>();
  context.subscriptions.push({
    dispose: () => {
      for (const registration of [...live]) registration.dispose();
      void registry.dispose();
    },
  });
  const registerPack = async (pack: ToolPack, extensionId?: string): Promise<PackRegistration> => {
    const loaded = await registry.loadPack(pack);
    for (const d of loaded.diagnostics) output.appendLine(`[${pack.id}] ${d.severity} ${d.code}: ${d.message}`);
    const vscodeTools = loaded.loaded
      ? registerToolsWithVsCode(
          registry,
          pack.tools.map((t) => t.definition),
          { selection: () => store.selection },
        )
      : undefined;
    const registration: PackRegistration = {
      id: loaded.id,
      loaded: loaded.loaded,
      diagnostics: loaded.diagnostics,
      registrations: vscodeTools?.kinds ?? new Map(),
      dispose: () => {
        if (!live.delete(registration)) return;
        vscodeTools?.dispose();
        loaded.dispose();
        if (extensionId) owners.delete(extensionId);
      },
    };
    live.add(registration);
    if (extensionId && loaded.loaded) owners.set(extensionId, registration);
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
    selection: { get: () => store.selection, set: (s) => store.set(s), reset: () => store.reset() },
    contextKeys,
    resolve: (model, options) =>
      registry.resolve({
        model,
        selection: store.selection,
        context: contextKeys(),
        referencedTools: options?.referencedTools,
      }),
    runToolLoop: (options) =>
      runToolLoop({ ...options, registry, context: contextKeys, selection: options.selection ?? store.selection }),
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
        referencedTools: request.toolReferences.map((r) => r.name),
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

  context.subscriptions.push(
    vscode.commands.registerCommand('toolpacks.configureTools', () => configureTools(registry, store)),
    vscode.commands.registerCommand('toolpacks.showResolvedTools', async () => {
      const models = await vscode.lm.selectChatModels();
      const choice =
        models.length <= 1
          ? models[0]
          : (
              await vscode.window.showQuickPick(
                models.map((m) => ({ label: m.name, description: `${m.vendor}/${m.family}`, model: m })),
                { title: 'Resolve tools for which model?' },
              )
            )?.model;
      const model = choice ? toModelInfo(choice) : { id: 'default', vendor: 'any', family: 'any', version: '1' };
      const resolved = api.resolve(model);
      const document = await vscode.workspace.openTextDocument({
        language: 'markdown',
        content: describeResolution(resolved),
      });
      await vscode.window.showTextDocument(document, { preview: true });
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
