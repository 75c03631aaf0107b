// The VS Code host: the packs' services on the VS Code API for the first workspace folder, bound
// for injection, and context keys derived from VS Code's state (extensions cannot read VS Code's
// own context keys, so debugState, hasOpenEditors and gitOpenRepositoryCount are tracked here).
import { ContainerModule } from 'inversify';
import * as vscode from 'vscode';
import { NodeContextKeyService, NodeGitService } from '@toolpacks/node-services';
import {
  ContextKeys,
  ContextKeyService,
  DebugService,
  GitService,
  OpenEditorsService,
  SearchService,
  WorkspaceFileSystem,
} from '@toolpacks/services';
import { VsCodeDebugService } from './vscodeDebugService';
import { VsCodeOpenEditors } from './vscodeOpenEditors';
import { VsCodeSearchService } from './vscodeSearchService';
import { VsCodeWorkspaceFileSystem } from './vscodeWorkspaceFileSystem';

export class VsCodeHost implements vscode.Disposable {
  readonly contextKeys = new NodeContextKeyService();
  readonly module: ContainerModule;
  readonly workspace?: VsCodeWorkspaceFileSystem;
  readonly git?: NodeGitService;
  readonly debug?: VsCodeDebugService;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    const folder = vscode.workspace.workspaceFolders?.[0];
    const editors = new VsCodeOpenEditors(folder?.uri.fsPath ?? '/');
    if (folder?.uri.scheme === 'file') {
      this.workspace = new VsCodeWorkspaceFileSystem(folder.uri);
      this.git = new NodeGitService(this.workspace);
      this.debug = new VsCodeDebugService(this.workspace, folder);
      // `git init` in a terminal, or .git removed: the git tools come and go without a reload.
      const gitFolder = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '.git'));
      this.subscriptions.push(
        this.debug,
        this.debug.onDidChangeState((state) => this.contextKeys.set(ContextKeys.debugState, state)),
        gitFolder,
        gitFolder.onDidCreate(() => void this.refresh()),
        gitFolder.onDidDelete(() => void this.refresh()),
      );
    }
    const search = folder && this.workspace ? new VsCodeSearchService(folder) : undefined;
    this.contextKeys.set(ContextKeys.debugState, 'inactive');
    const updateEditors = () =>
      this.contextKeys.set(
        ContextKeys.hasOpenEditors,
        vscode.window.tabGroups.all.some((g) => g.tabs.length > 0),
      );
    updateEditors();
    this.subscriptions.push(
      vscode.window.tabGroups.onDidChangeTabs(updateEditors),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.refresh()),
    );
    // Without a file-system folder the packs that need one are refused at load, with a diagnostic.
    this.module = new ContainerModule(({ bind }) => {
      if (this.workspace) bind(WorkspaceFileSystem).toConstantValue(this.workspace);
      if (search) bind(SearchService).toConstantValue(search);
      if (this.git) bind(GitService).toConstantValue(this.git);
      if (this.debug) bind(DebugService).toConstantValue(this.debug);
      bind(OpenEditorsService).toConstantValue(editors);
      bind(ContextKeyService).toConstantValue(this.contextKeys);
    });
  }

  /** Re-reads what VS Code gives no event for here (a repository created in a terminal). */
  async refresh(): Promise<void> {
    this.contextKeys.set(ContextKeys.gitOpenRepositoryCount, (await this.git?.isRepository()) ? 1 : 0);
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }
}
