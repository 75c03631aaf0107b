// The "Tool Packs" view of the tools each model gets, its commands, and the read-only documents
// that show a tool's definition.
import * as vscode from 'vscode';
import type { ToolRegistry } from '@toolpacks/registry/host';
import {
  DEFINITION_SCHEME,
  RESOLVED_VIEW_COMMANDS,
  RESOLVED_VIEW_ID,
  ResolvedToolsView,
  type VsCodeHost,
  type VsCodeToolSelection,
} from '@toolpacks/host-vscode';

export interface ResolvedViewParts {
  readonly registry: ToolRegistry;
  readonly host: VsCodeHost;
  readonly selection: VsCodeToolSelection;
  readonly toolSetName: (packId: string | undefined, set: string) => string | undefined;
  readonly state: vscode.Memento;
}

/** The view, its tree, its definition documents and its commands: everything to dispose with the runtime. */
export function registerResolvedView(parts: ResolvedViewParts): vscode.Disposable[] {
  const { registry, host } = parts;
  const view = new ResolvedToolsView({
    registry,
    contextKeys: () => host.contextKeys.values,
    onDidChangeContext: host.contextKeys.onDidChange,
    selection: parts.selection,
    toolSetName: parts.toolSetName,
    state: parts.state,
  });
  return [
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
      const uri = ResolvedToolsView.definitionUri({ name: tool.definition.name, packId: tool.packId });
      await vscode.window.showTextDocument(uri, { preview: true });
    }),
    // VS Code's own picker: the chat view in agent mode, then its Configure Tools.
    vscode.commands.registerCommand(RESOLVED_VIEW_COMMANDS.configureTools, async () => {
      await vscode.commands.executeCommand('workbench.action.chat.open', { mode: 'agent' });
      await vscode.commands.executeCommand('workbench.action.chat.configureTools');
    }),
  ];
}
