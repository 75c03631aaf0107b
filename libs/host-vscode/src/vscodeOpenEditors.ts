import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenEditorInfo, OpenEditorsService } from '@toolpacks/services';

/** The editors open in VS Code's tab groups. */
export class VsCodeOpenEditors implements OpenEditorsService {
  constructor(private readonly root: string) {}

  async list(): Promise<readonly OpenEditorInfo[]> {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab;
    const editors: OpenEditorInfo[] = [];
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        if (!(tab.input instanceof vscode.TabInputText)) continue;
        const uri = tab.input.uri;
        const relative = uri.scheme === 'file' ? path.relative(this.root, uri.fsPath) : '';
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        editors.push({
          path:
            uri.scheme === 'file' && !relative.startsWith('..') ? relative.split(path.sep).join('/') : uri.toString(),
          languageId: document?.languageId,
          isActive: tab === active,
          isDirty: tab.isDirty,
        });
      }
    }
    return editors;
  }
}
