// Issue 22 in real VS Code: an agent finishes a change (create, move, stage, commit, delete) through
// the runtime's registry on VS Code's file system host, and read_file returns an image as an image
// and a line range of a file past the 8 MB limit.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { contentToText } from '@toolpacks/registry/host';
import type { ToolPacksApi } from '@toolpacks/host-vscode';
import { PNG_BYTES } from './bridgePack';
import { invokeText } from './toolText';

type Check = (name: string, run: () => Promise<string>) => Promise<void>;

const GPT = { id: 'e2e-gpt-4.1', vendor: 'toolpacks-e2e', family: 'gpt-4.1', version: '1' };

export async function workChecks(
  api: ToolPacksApi,
  check: Check,
  assert: (condition: unknown, message: string) => asserts condition,
): Promise<void> {
  const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const exists = (file: string) => fs.existsSync(path.join(root, file));
  const asked: string[] = [];
  const call = async (name: string, input: object) => {
    const result = await api.registry.invoke(
      api.resolve(GPT),
      { callId: `e2e-work-${name}`, name, input },
      {
        confirm: async (request) => {
          asked.push(request.toolName);
          return 'once';
        },
      },
    );
    const text = await contentToText(result.content);
    assert(!result.isError, `${name}: ${result.status}: ${text}`);
    return text;
  };

  await check('a new file is created, moved, staged, committed and deleted through the packs (issue 22)', async () => {
    await call('create_file', { filePath: 'work/draft.txt', content: 'a new file\n' });
    await call('move_file', { sourcePath: 'work/draft.txt', destinationPath: 'work/final.txt' });
    assert(exists('work/final.txt') && !exists('work/draft.txt'), 'the move did not happen on disk');
    const diff = await call('git_diff', {});
    assert(diff.includes('work/final.txt'), `git_diff does not name the new file: ${diff}`);
    await call('git_add', { paths: ['work/final.txt'] });
    await call('git_commit', { message: 'e2e: add final.txt' });
    const log = await call('git_log', { count: 1 });
    assert(log.includes('e2e: add final.txt'), log);
    await call('delete_file', { filePath: 'work/final.txt' });
    assert(!exists('work/final.txt'), 'the file is still there');
    for (const tool of ['move_file', 'git_add', 'git_commit', 'delete_file'])
      assert(asked.includes(tool), `${tool} did not ask: asked ${asked.join(', ')}`);
    return `asked for ${asked.join(', ')}; ${log.split('\n')[0]}`;
  });

  await check('read_file returns a PNG as an image part, and a line range past the 8 MB limit', async () => {
    fs.writeFileSync(path.join(root, 'dot.png'), PNG_BYTES);
    const image = await vscode.lm.invokeTool('read_file', {
      input: { filePath: 'dot.png' },
      toolInvocationToken: undefined,
    });
    const parts = image.content.filter(
      (p): p is vscode.LanguageModelDataPart => p instanceof vscode.LanguageModelDataPart,
    );
    assert(
      parts.length === 1 && parts[0].mimeType === 'image/png' && parts[0].data.byteLength === PNG_BYTES.byteLength,
      `parts: ${image.content.map((p) => p?.constructor?.name)}`,
    );
    const line = (n: number) => `line ${n} ${'x'.repeat(80)}`;
    fs.writeFileSync(
      path.join(root, 'big.log'),
      Array.from({ length: 110_000 }, (_, i) => line(i + 1)).join('\n') + '\n',
    );
    const text = await invokeText('read_file', { filePath: 'big.log', startLine: 55_000, endLine: 55_002 });
    assert(text.includes(line(55_001)) && !text.includes(line(55_003)), text.slice(0, 400));
    fs.rmSync(path.join(root, 'big.log'));
    fs.rmSync(path.join(root, 'dot.png'));
    return `${parts[0].mimeType} ${parts[0].data.byteLength} bytes; ${text.split('\n')[0]}`;
  });
}
