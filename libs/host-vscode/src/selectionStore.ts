import * as vscode from 'vscode';
import { Emitter } from '@toolpacks/base';
import type { ToolSelection } from '@toolpacks/registry/host';

const KEY = 'toolpacks.selection';

/** The tool picker's choices, persisted per workspace; absent entries mean "default". */
export class SelectionStore implements vscode.Disposable {
  private readonly emitter = new Emitter<ToolSelection>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly memento: vscode.Memento) {}

  get selection(): ToolSelection {
    return this.memento.get<ToolSelection>(KEY) ?? {};
  }

  async set(selection: ToolSelection): Promise<void> {
    const clean: ToolSelection = { tools: { ...(selection.tools ?? {}) }, toolSets: { ...(selection.toolSets ?? {}) } };
    await this.memento.update(KEY, clean);
    this.emitter.fire(clean);
  }

  async reset(): Promise<void> {
    await this.memento.update(KEY, undefined);
    this.emitter.fire({});
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
