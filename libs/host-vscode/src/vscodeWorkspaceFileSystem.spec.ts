// Issue 30 in the VS Code host: an edit that carries a receipt (a person's yes to a question that
// showed the bytes) or touches a sensitive path goes through the disk's write path, which checks
// the receipt, even when the file is open and dirty in an editor; receipts are read from the disk.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fileReceipt, stateOnDisk } from '@toolpacks/node-services/testing';
import { VsCodeWorkspaceFileSystem } from './vscodeWorkspaceFileSystem';

let root: string;
let workspace: VsCodeWorkspaceFileSystem;
const file = (relative: string) => path.join(root, relative);

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-vscode-receipt-')));
  await fs.mkdir(file('.vscode'));
  await fs.writeFile(file('.vscode/settings.json'), '{"a":1}\n');
  await fs.writeFile(file('notes.txt'), 'disk\n');
  workspace = new VsCodeWorkspaceFileSystem({ fsPath: root } as vscode.Uri);
  // Both files are open and dirty in an editor.
  (vscode.workspace.textDocuments as unknown[]).push(
    ...['.vscode/settings.json', 'notes.txt'].map((relative) => ({
      uri: { scheme: 'file', fsPath: file(relative) },
      isDirty: true,
      getText: () => 'unsaved editor text\n',
    })),
  );
});
afterEach(async () => {
  (vscode.workspace.textDocuments as unknown[]).length = 0;
  await fs.rm(root, { recursive: true, force: true });
});

describe('VS Code workspace writes with a receipt', () => {
  it('a sensitive file open and dirty is written on disk only by a receipt that matches the disk', async () => {
    const transform = (text: string) => text.replace('1', '2');
    await expect(workspace.edit('.vscode/settings.json', transform)).rejects.toThrow(/needs the user's confirmation/);
    const receipt = fileReceipt(root, [{ path: '.vscode/settings.json', after: '{"a":2}\n' }]);
    await fs.writeFile(file('.vscode/settings.json'), '{"a":1,"b":1}\n');
    await expect(workspace.edit('.vscode/settings.json', transform, { receipt })).rejects.toThrow(
      /changed after the user was asked/,
    );
    const now = fileReceipt(root, [{ path: '.vscode/settings.json', after: '{"a":2,"b":1}\n' }]);
    await workspace.edit('.vscode/settings.json', transform, { receipt: now });
    expect(await fs.readFile(file('.vscode/settings.json'), 'utf8')).toBe('{"a":2,"b":1}\n');
  });

  it('an ordinary dirty file edited with a receipt is checked against the disk too', async () => {
    const receipt = fileReceipt(root, [{ path: 'notes.txt', after: 'DISK\n' }]);
    await fs.writeFile(file('notes.txt'), 'someone else\n');
    await expect(workspace.edit('notes.txt', (t) => t.toUpperCase(), { receipt })).rejects.toThrow(
      /'notes\.txt' changed after the user was asked/,
    );
    expect(await fs.readFile(file('notes.txt'), 'utf8')).toBe('someone else\n');
  });

  it('shownStates reads the disk, as the write path does', async () => {
    expect((await workspace.shownStates('notes.txt')).get('notes.txt')).toBe(stateOnDisk(root, 'notes.txt'));
  });
});
