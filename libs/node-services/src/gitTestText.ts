// For specs: what the git tools are given (diffPatch, showPatch) as one text, as git prints it.
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
