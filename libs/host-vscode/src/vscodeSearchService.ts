// Search in VS Code: file search through workspace.findFiles (respecting files.exclude), text
// search through ripgrep — the one on PATH or the one VS Code ships — with the Node host's rules.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compileGlob, NodeSearchService } from '@toolpacks/node-services';
import type { CancellationToken } from '@toolpacks/base';
import {
  WorkspaceError,
  type FileSearchResult,
  type GrepQuery,
  type GrepResult,
  type SearchService,
} from '@toolpacks/services';

export class VsCodeSearchService implements SearchService {
  private readonly text: NodeSearchService;

  constructor(private readonly folder: vscode.WorkspaceFolder) {
    this.text = new NodeSearchService(folder.uri.fsPath, { ripgrep: findVsCodeRipgrep() });
  }

  async findFiles(pattern: string, maxResults: number, token?: CancellationToken): Promise<FileSearchResult> {
    let matches: (relative: string) => boolean;
    try {
      matches = compileGlob(pattern);
    } catch (error) {
      throw new WorkspaceError(`Invalid glob pattern: ${(error as Error).message}`);
    }
    // A pattern without a slash matches names at any depth, as in the headless host.
    const include = new vscode.RelativePattern(
      this.folder,
      pattern.includes('/') ? pattern.replace(/^\.?\//, '') : `**/${pattern}`,
    );
    const uris = await vscode.workspace.findFiles(
      include,
      '**/{node_modules,.git}/**',
      maxResults + 1,
      token as vscode.CancellationToken | undefined,
    );
    const files = uris
      .map((uri) => path.relative(this.folder.uri.fsPath, uri.fsPath).split(path.sep).join('/'))
      .filter(matches)
      .sort();
    return { files: files.slice(0, maxResults), truncated: files.length > maxResults };
  }

  grep(query: GrepQuery, token?: CancellationToken): Promise<GrepResult> {
    return this.text.grep(query, token);
  }
}

function findVsCodeRipgrep(): string | false | undefined {
  const candidates = [
    'node_modules/@vscode/ripgrep/bin/rg',
    'node_modules.asar.unpacked/@vscode/ripgrep/bin/rg',
    `node_modules/@vscode/ripgrep-universal/bin/${process.platform}-${process.arch}/rg`,
  ].map((relative) => path.join(vscode.env.appRoot, relative));
  return candidates.find((candidate) => existsSync(candidate)); // undefined: rg on PATH, else the scanner
}
