// The workspace folder as VS Code sees it: open documents win over the disk, so the model reads
// what the user sees (unsaved edits included) and edits of an open document go through a
// WorkspaceEdit and are saved. Confinement, atomic writes and serialization come from the Node host.
import * as vscode from 'vscode';
import { NodeWorkspaceFileSystem } from '@toolpacks/node-services';
import type {
  AppliedChange,
  DirectoryEntry,
  FileChange,
  FileStat,
  WorkspaceFileSystem,
  WriteOptions,
  FileBytes,
  LineRange,
  ReadLinesOptions,
  DeleteFolderOptions,
  DeletedFolder,
  MovedFolder,
  ShownState,
} from '@toolpacks/services';

export class VsCodeWorkspaceFileSystem implements WorkspaceFileSystem {
  private readonly disk: NodeWorkspaceFileSystem;

  constructor(folder: vscode.Uri) {
    this.disk = new NodeWorkspaceFileSystem(folder.fsPath);
  }

  get root(): string {
    return this.disk.root;
  }

  resolve(path: string): Promise<string> {
    return this.disk.resolve(path);
  }

  relative(absolutePath: string): string {
    return this.disk.relative(absolutePath);
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.disk.stat(path);
  }

  async readText(path: string): Promise<string> {
    const absolute = await this.disk.resolve(path);
    return openDocument(absolute)?.getText() ?? this.disk.readText(absolute);
  }

  sensitiveReason(path: string): Promise<string | undefined> {
    return this.disk.sensitiveReason(path);
  }

  writeText(path: string, text: string, mode: 'create' | 'overwrite', options?: WriteOptions): Promise<void> {
    return this.disk.writeText(path, text, mode, options);
  }

  async edit(
    path: string,
    transform: (text: string) => string | Promise<string>,
    options?: WriteOptions,
  ): Promise<{ before: string; after: string }> {
    const absolute = await this.disk.resolve(path);
    const document = openDocument(absolute);
    if (!document?.isDirty) return this.disk.edit(absolute, transform, options);
    // A dirty document is edited in the editor, but a sensitive path, or a write a receipt covers,
    // goes through the disk's write path: it checks the receipt against the bytes it replaces.
    if (options?.receipt || (await this.disk.sensitiveReason(absolute)))
      return this.disk.edit(absolute, transform, options);
    const before = document.getText();
    const after = await transform(before);
    if (after !== before) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(before.length)), after);
      if (!(await vscode.workspace.applyEdit(edit)))
        throw new Error(
          `VS Code refused the edit of ${this.relative(absolute)}; the document may have changed. Read ` +
            'it again and retry.',
        );
      await document.save();
    }
    return { before, after };
  }

  delete(path: string, options?: WriteOptions): Promise<void> {
    return this.disk.delete(path, options);
  }

  /** All or nothing on disk (open documents that are dirty are not consulted: save them first). */
  applyChanges(changes: readonly FileChange[], options?: WriteOptions): Promise<AppliedChange[]> {
    return this.disk.applyChanges(changes, options);
  }

  readDirectory(path: string): Promise<DirectoryEntry[]> {
    return this.disk.readDirectory(path);
  }

  /** On disk: a receipt is checked against the disk, where the write path writes. */
  shownStates(path: string): Promise<ReadonlyMap<string, ShownState>> {
    return this.disk.shownStates(path);
  }

  /** An open document's lines (what the user sees); otherwise streamed from disk. */
  async readLines(path: string, startLine: number, endLine: number, options?: ReadLinesOptions): Promise<LineRange> {
    const absolute = await this.disk.resolve(path);
    const document = openDocument(absolute);
    if (!document) return this.disk.readLines(absolute, startLine, endLine, options);
    const total = document.lineCount === 1 && document.getText() === '' ? 0 : document.lineCount;
    // Past the end: the disk's read says what is wrong.
    if (startLine > Math.max(total, 1)) return this.disk.readLines(absolute, startLine, endLine, options);
    const maxChars = options?.maxChars ?? 1_000_000;
    const lines: string[] = [];
    let chars = 0;
    for (let line = startLine; line <= Math.min(endLine, total); line++) {
      const text = document.lineAt(line - 1).text;
      if (lines.length > 0 && chars + text.length > maxChars) break;
      lines.push(text.slice(0, maxChars));
      chars += text.length + 1;
    }
    const size = Buffer.byteLength(document.getText());
    return { lines, startLine, more: startLine + lines.length - 1 < total, totalLines: total, size };
  }

  readBytes(path: string, maxBytes: number): Promise<FileBytes> {
    return this.disk.readBytes(path, maxBytes);
  }

  /**
   * On disk, through the Node host's write path (confined, links never followed, sensitive paths
   * and .git refused): vscode.workspace.fs.delete would follow a link in the folders on the way
   * and check none of that. VS Code's file watcher closes editors of what was deleted.
   */
  deleteFolder(path: string, folder?: DeleteFolderOptions, options?: WriteOptions): Promise<DeletedFolder> {
    return this.disk.deleteFolder(path, folder, options);
  }

  /** On disk, through the Node host's write path (open editors follow through VS Code's file watcher). */
  moveFolder(path: string, to: string, options?: WriteOptions): Promise<MovedFolder> {
    return this.disk.moveFolder(path, to, options);
  }
}

function openDocument(absolutePath: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === absolutePath);
}
