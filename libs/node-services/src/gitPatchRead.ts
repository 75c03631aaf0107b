// What a diff or a commit changed, split per file (gitPatch.ts) so the tools can fit it to a result
// budget at a file boundary: the working tree's, the index's, between revisions, or one commit's
// (a tag resolved to its commit, never read from the tag's text); and a file at a revision.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  WorkspaceError,
  type GitCommitHeader,
  type GitDiffOptions,
  type GitFilePatch,
  type GitPatch,
  type GitUntrackedFile,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { newFileDiff, parseNumstat, splitPatch, trimPartialSection } from './gitPatch';
import { quote, scopeRevision } from './gitRevision';
import { PREFIXES, commitOf, pathspecs, untrackedNames, verifyEnds, type GitSession } from './gitSession';

/** Untracked files whose content `includeUntracked` shows: at most this many, each at most this large. */
const UNTRACKED_CONTENT_FILES = 200;
const UNTRACKED_CONTENT_BYTES = 256 * 1024;

export async function diffPatch(session: GitSession, options: GitDiffOptions): Promise<GitPatch> {
  const common = ['--no-ext-diff', '--no-textconv', ...PREFIXES, '--relative', '--ignore-submodules=dirty'];
  const selection: string[] = options.staged ? ['--cached'] : [];
  let range = false;
  if (options.revision !== undefined) {
    const scoped = scopeRevision(options.revision, session.location.prefix);
    if (scoped.pathForm)
      throw new WorkspaceError(
        `A diff takes a revision or a range, not '${quote(options.revision)}'; give the file as path instead.`,
        'revision-is-path',
        { revision: options.revision },
      );
    await verifyEnds(session, scoped.ends, 'tree', options.revision);
    range = scoped.revision.includes('..');
    selection.push('--end-of-options', scoped.revision);
  }
  const paths = await pathspecs(session.workspace, options.path);
  const stat = parseNumstat(
    (await session.readFull(['diff', ...common, '--numstat', '-z', ...selection, '--', ...paths])).text,
  );
  let files: GitFilePatch[] = [];
  let truncated = false;
  if (!options.stat && stat.length > 0) {
    const patch = await session.readFull(['diff', ...common, ...selection, '--', ...paths]);
    ({ files } = splitPatch(patch.text));
    truncated = patch.truncated;
    if (truncated && files.length) files = [...files.slice(0, -1), trimPartialSection(files[files.length - 1])];
  }
  // The working tree's new files: a staged diff or a range between commits has none.
  const untracked =
    options.staged || range ? [] : await untrackedFiles(session, paths, options.includeUntracked === true);
  return { kind: 'diff', header: '', stat, files, untracked, truncated };
}

export async function showPatch(
  session: GitSession,
  revision: string,
  options: { path?: string; stat?: boolean } = {},
): Promise<GitPatch> {
  const scoped = scopeRevision(revision, session.location.prefix);
  if (scoped.pathForm) {
    if (options.path !== undefined)
      throw new WorkspaceError(`Give either a revision with a path ('${quote(revision)}') or path, not both.`);
    const content = await session.readFull([
      'show',
      '--no-ext-diff',
      '--no-textconv',
      '--end-of-options',
      scoped.revision,
      '--',
    ]);
    const text = content.text.trimEnd();
    return { kind: 'content', header: text, stat: [], files: [], untracked: [], truncated: content.truncated };
  }
  // One revision: the commit it names (a tag resolved), so the per-file summary and the header are
  // that commit's and never read from a tag's text, which may hold anything.
  const single = scoped.ends.length === 1 && !scoped.revision.includes('..');
  const commit = single ? await commitOf(session, scoped.ends[0]) : undefined;
  if (!commit) await verifyEnds(session, scoped.ends, 'commit', revision);
  const base = ['show', '--no-ext-diff', '--no-textconv', ...PREFIXES, '--relative'];
  const confined = session.location.prefix !== '' || options.path !== undefined;
  const pathArgs = confined ? await pathspecs(session.workspace, options.path) : [];
  const stat = parseNumstat(
    (
      await session.readFull([
        ...base,
        '--numstat',
        '-z',
        '--format=',
        '--end-of-options',
        commit ?? scoped.revision,
        '--',
        ...pathArgs,
      ])
    ).text,
  );
  const shown = await session.readFull([
    ...base,
    options.stat ? '--no-patch' : '--patch',
    '--format=fuller',
    '--end-of-options',
    scoped.revision,
    '--',
    ...pathArgs,
  ]);
  let { header, files } = splitPatch(shown.text, commit);
  if (shown.truncated && files.length) files = [...files.slice(0, -1), trimPartialSection(files[files.length - 1])];
  if (header === '' && files.length === 0 && scoped.ends.length <= 1) {
    // Below the top a commit with no change inside the root prints nothing: its header, and why.
    const whole = await session.read([
      'show',
      '--no-patch',
      '--format=fuller',
      '--end-of-options',
      scoped.revision,
      '--',
    ]);
    header = `${whole}\n\n(no changes inside ${options.path === undefined ? 'the workspace' : `'${quote(options.path)}'`})`;
  }
  return {
    kind: 'commit',
    header,
    stat,
    files,
    untracked: [],
    truncated: shown.truncated,
    ...(commit ? { commit } : {}),
    ...commitHeaderOf(header, commit),
  };
}

async function untrackedFiles(
  session: GitSession,
  paths: readonly string[],
  content: boolean,
): Promise<GitUntrackedFile[]> {
  const found = await untrackedNames(session, paths);
  if (!content) return found.map((name) => ({ path: name }));
  const files: GitUntrackedFile[] = [];
  for (const [index, name] of found.entries()) {
    if (index >= UNTRACKED_CONTENT_FILES) {
      files.push({ path: name, skipped: `content shown for the first ${UNTRACKED_CONTENT_FILES} files only` });
      continue;
    }
    files.push(await untrackedContent(session.workspace, name));
  }
  return files;
}

async function untrackedContent(workspace: WorkspaceFileSystem, name: string): Promise<GitUntrackedFile> {
  try {
    const info = await fs.lstat(path.join(workspace.root, name));
    if (info.isSymbolicLink()) return { path: name, skipped: 'a symbolic link' };
    if (!info.isFile()) return { path: name, skipped: 'not a regular file' };
    if (info.size > UNTRACKED_CONTENT_BYTES)
      return { path: name, skipped: `${info.size} bytes, over the ${UNTRACKED_CONTENT_BYTES / 1024} KB shown` };
    const { bytes } = await workspace.readBytes(name, UNTRACKED_CONTENT_BYTES);
    if (bytes.subarray(0, 8000).includes(0)) return { path: name, skipped: `binary, ${bytes.length} bytes` };
    const text = Buffer.from(bytes).toString('utf8');
    return { path: name, patch: newFileDiff(name, text, (info.mode & 0o111) !== 0) };
  } catch (error) {
    return { path: name, skipped: `unreadable: ${error instanceof Error ? quote(error.message) : String(error)}` };
  }
}

/**
 * The commit a `git show --format=fuller` header describes: `commit`'s (the revision resolved to it),
 * read from its own line on, never from an annotated tag's text before it (which may hold
 * `commit <hash>` and `Author:` lines); without `commit` (a range) the first.
 */
export function commitHeaderOf(header: string, commit?: string): { commitHeader?: GitCommitHeader } {
  const lines = header.split('\n');
  let start = -1;
  if (commit === undefined) start = lines.findIndex((l) => /^commit [0-9a-f]{40,64}\b/.test(l));
  else
    for (let i = lines.length - 1; i >= 0 && start < 0; i--)
      if (lines[i] === `commit ${commit}` || lines[i].startsWith(`commit ${commit} `)) start = i;
  if (start < 0) return {};
  const field = (name: string) => {
    for (let i = start + 1; i < lines.length && lines[i] !== ''; i++)
      if (lines[i].startsWith(`${name}:`)) return lines[i].slice(name.length + 1).trim();
    return '';
  };
  const blank = lines.indexOf('', start);
  // The subject is the message's first paragraph on one line (as %s gives it).
  const paragraph: string[] = [];
  for (let i = blank + 1; blank > 0 && i < lines.length && lines[i].startsWith('    '); i++) {
    if (lines[i].trim() === '') break;
    paragraph.push(lines[i].slice(4).trim());
  }
  const hash = lines[start].split(' ')[1];
  return {
    commitHeader: { hash, author: field('Author'), authorDate: field('AuthorDate'), subject: paragraph.join(' ') },
  };
}
