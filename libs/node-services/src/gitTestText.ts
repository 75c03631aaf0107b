// For specs: what the git tools are given (diffPatch, showPatch, blame) as one text, close to how git prints it.
import type { CancellationToken } from '@toolpacks/base';
import type { GitCommitFacts, GitDiffOptions, GitPatch, GitService } from '@toolpacks/services';

/** A commit's facts, close to git's header (the git pack renders the exact one). */
function commitText(facts: GitCommitFacts): string {
  const person = (p: GitCommitFacts['author']) => `${p.name} <${p.email}>`;
  const message = facts.message
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`);
  return [
    `commit ${facts.hash}`,
    `Author:     ${person(facts.author)}`,
    `Commit:     ${person(facts.committer)}`,
    '',
    ...message,
  ].join('\n');
}

/** A patch as one text, close to how `git diff` / `git show` print it (without the stat). */
function patchText(patch: GitPatch): string {
  if (patch.kind === 'content') return patch.content ?? '';
  const files = patch.files.map((f) => f.text);
  if (patch.kind === 'diff') return files.length ? files.join('\n') : 'No differences.';
  const tags = (patch.tags ?? []).map((t) => `tag ${t.name}\n\n${t.message ?? ''}`.trimEnd());
  const commits = (patch.commits ?? []).map((c) => commitText(c.facts));
  const scope = patch.nothingInScope ? ['(no changes inside the workspace)'] : [];
  return [...tags, ...commits, ...scope, ...files].join('\n\n');
}

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
