// What a diff or a commit changed, split per file (gitPatch.ts) so the tools can fit it to a result
// budget at a file boundary: the working tree's, the index's, between revisions, or one commit's
// (a tag resolved to its commit, never read from the tag's text); and a file at a revision.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  WorkspaceError,
  type GitDiffOptions,
  type GitFilePatch,
  type GitPatch,
  type GitShownCommit,
  type GitUntrackedFile,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { newFileDiff, parseNumstat, splitPatch, trimPartialSection } from './gitPatch';
import { quote, scopeRevision } from './gitRevision';
import { FACT_OPTIONS, factsFormat, factsNonce, namedCommit, parseFacts } from './gitCommitFacts';
import { PREFIXES, pathspecs, untrackedNames, verifyEnds, type GitSession } from './gitSession';

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
  return { kind: 'diff', stat, files, untracked, truncated };
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
    return contentPatch(content.text, content.truncated);
  }
  // One revision: the commit it names (a tag resolved, its facts read from the tag object), so the
  // diff, the per-file summary and the facts are that commit's and never read from a tag's text.
  const single = scoped.ends.length === 1 && !scoped.revision.includes('..');
  const named = single ? await namedCommit(session, scoped.ends[0]) : { tags: [] };
  const commit = named.commit;
  if (!commit) await verifyEnds(session, scoped.ends, 'commit', revision);
  const base = ['show', '--no-ext-diff', '--no-textconv', ...PREFIXES, '--relative'];
  const confined = session.location.prefix !== '' || options.path !== undefined;
  const pathArgs = confined ? await pathspecs(session.workspace, options.path) : [];
  const shownRevision = ['--end-of-options', commit ?? scoped.revision, '--'];
  const nonce = factsNonce();
  // The facts of every commit shown, each followed by its files' numbers.
  const read = await session.readFull([
    ...base,
    '--numstat',
    '-z',
    factsFormat(nonce),
    ...FACT_OPTIONS,
    ...shownRevision,
    ...pathArgs,
  ]);
  const facts = parseFacts(read.bytes, nonce);
  // A tree or a blob (or a tag of one) is no commit: git's text of it is the content.
  if (facts.records.length === 0 && facts.before.trim() !== '') {
    if (!facts.before.startsWith('tag ')) return contentPatch(facts.before, read.truncated);
    // A tag of one: git prints the tag block in the format asked for (ours gives `Tagger:` alone); in
    // the fuller format it is git's own `Tagger:`/`TaggerDate:` block, every setting that could change it given.
    const tagged = await session.readFull([
      ...base,
      '--format=fuller',
      '--date=default',
      '--no-mailmap',
      '--no-notes',
      '--encoding=UTF-8',
      ...shownRevision,
    ]);
    return contentPatch(tagged.text, tagged.truncated);
  }
  const stat = parseNumstat(facts.records.map((r) => r.after).join(''));
  let commits: GitShownCommit[] = facts.records.map((r) => ({ facts: r.facts, fileCount: 0 }));
  let files: GitFilePatch[] = [];
  let truncated = facts.cut;
  if (!options.stat) {
    const shown = await session.readFull([
      ...base,
      '--patch',
      `--format=%x00${nonce}%x00%H%x00`,
      ...shownRevision,
      ...pathArgs,
    ]);
    ({ commits, files } = filesPerCommit(shown.text, shown.truncated, nonce, commits));
    truncated ||= shown.truncated;
    if (shown.truncated && files.length) files = [...files.slice(0, -1), trimPartialSection(files[files.length - 1])];
  }
  // Below the top a commit with no change inside the root prints nothing: its facts, and that.
  const nothingInScope = commits.length === 0 && named.tags.length === 0 && scoped.ends.length <= 1;
  if (nothingInScope) {
    const whole = await session.readFull(['show', '--no-patch', factsFormat(nonce), ...FACT_OPTIONS, ...shownRevision]);
    commits = parseFacts(whole.bytes, nonce).records.map((r) => ({ facts: r.facts, fileCount: 0 }));
  }
  return {
    kind: 'commit',
    tags: named.tags,
    commits,
    ...(nothingInScope ? { nothingInScope: true as const } : {}),
    stat,
    files,
    untracked: [],
    truncated,
    ...(commit ? { commit } : {}),
  };
}

function contentPatch(text: string, truncated: boolean): GitPatch {
  return { kind: 'content', content: text.trimEnd(), stat: [], files: [], untracked: [], truncated };
}

/** `git show --patch` with a marker before each commit: each commit's files, in git's order. */
function filesPerCommit(
  text: string,
  truncated: boolean,
  nonce: string,
  commits: readonly GitShownCommit[],
): { commits: GitShownCommit[]; files: GitFilePatch[] } {
  const counts = new Map<string, number>();
  const files: GitFilePatch[] = [];
  const parts = text.split(`\0${nonce}\0`);
  const known = new Set(commits.map((c) => c.facts.hash));
  for (const part of parts.slice(1)) {
    const hashEnd = part.indexOf('\0');
    const hash = part.slice(0, hashEnd);
    if (!known.has(hash)) break; // past the commits whose facts the cap let through
    const own = splitPatch(part.slice(hashEnd + 1)).files;
    counts.set(hash, own.length);
    files.push(...own);
  }
  // git's output cut: the commits after the cut are not shown (their facts were read apart).
  const shown = truncated ? commits.filter((c) => counts.has(c.facts.hash)) : commits;
  return { commits: shown.map((c) => ({ ...c, fileCount: counts.get(c.facts.hash) ?? 0 })), files };
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
