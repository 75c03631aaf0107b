// For specs: what the git tools are given (diffPatch, showPatch, blame) as one text, close to how git prints it.
import type { CancellationToken } from '@toolpacks/base';
import type { GitDiffOptions, GitService } from '@toolpacks/services';
import { patchText } from './gitPatch';

/** `diffPatch` as one text: every file's section, or 'No differences.'. */
export async function diffText(git: GitService, options: GitDiffOptions, token?: CancellationToken): Promise<string> {
  return patchText(await git.diffPatch(options, token));
}

/** `showPatch` as one text: the commit's header and every file's section, or the content of `rev:path`. */
export async function showText(
  git: GitService,
  revision: string,
  options: { readonly path?: string } = {},
  token?: CancellationToken,
): Promise<string> {
  return patchText(await git.showPatch(revision, options, token));
}

/** `blame` as one text, a line per line of the file: `hash path (author date line) text`. */
export async function blameText(
  git: GitService,
  file: string,
  range?: { readonly startLine: number; readonly endLine: number },
  token?: CancellationToken,
): Promise<string> {
  const blame = await git.blame(file, range, token);
  return blame.lines
    .map((l) => `${l.hash.slice(0, 8)} ${l.path} (${l.author} ${l.date} ${l.line}) ${l.text}`)
    .join('\n');
}
