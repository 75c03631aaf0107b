// One call's view of a repository for the git service (nodeGitService.ts) and its writes
// (gitWrites.ts): how git is run against it, and the helpers both use (file lists read whole,
// the repository programs a write runs, model paths as confined pathspecs).
import * as path from 'node:path';
import { boundedList } from '@toolpacks/base';
import { WorkspaceError, type RepositoryPrograms, type WorkspaceFileSystem } from '@toolpacks/services';
import { describePrograms, planPrograms, runsPrograms } from './gitCommitPlan';
import type { GitProcessResult } from './gitProcess';
import type { GitLocation } from './gitRepository';
import { quote } from './gitRevision';
import { ALWAYS_OVERRIDES, type ConfigEntry, type ConfigOverride } from './gitSafety';

/** git exited non-zero: the message keeps its first lines, `output` all of it. */
export class GitCommandError extends WorkspaceError {
  constructor(
    command: string,
    readonly output: string,
  ) {
    // git's own lines quote model input (a path, a revision): each is cut.
    super(
      `git ${command} failed: ${output
        .trim()
        .split('\n')
        .slice(0, 5)
        .map((line) => quote(line, 300))
        .join('\n')}`,
    );
  }
}

/** One call's view of the repository: where it is, its config, and how to run git against it. */
export interface GitSession {
  readonly location: GitLocation;
  readonly config: readonly ConfigEntry[];
  /** The workspace the session serves (its root may be below the repository's top). */
  readonly workspace: WorkspaceFileSystem;
  /** NodeGitOptions.trustRepositoryConfig: the repository's filters are not listed as programs. */
  readonly trustRepositoryConfig: boolean;
  /** Read-only: every repository program off. */
  read(args: readonly string[], stdin?: string): Promise<string>;
  /** Read-only, untrimmed (also as bytes: a message need not be UTF-8), and whether git's output passed the cap. */
  readFull(
    args: readonly string[],
  ): Promise<{ readonly text: string; readonly bytes: Buffer; readonly truncated: boolean }>;
  exec(args: readonly string[], overrides: readonly ConfigOverride[], stdin?: string): Promise<GitProcessResult>;
  /** Read-only, a NUL-separated list of names read whole (up to LIST_MAX_BYTES; past it, refused). */
  list(args: readonly string[]): Promise<string[]>;
  readonly readOverrides: readonly ConfigOverride[];
  /** Path keys of the repository that lead outside the root, replaced (gitConfigPaths.ts): on every command. */
  readonly pathOverrides: readonly ConfigOverride[];
  /** blame's own ignore-revs files, when the repository's lead outside the root. */
  readonly blameArgs: readonly string[];
}

/**
 * Every diff that is parsed or shown names its files `a/…` and `b/…`, whatever the repository's
 * diff.noprefix, diff.mnemonicPrefix, diff.srcPrefix or diff.dstPrefix say (gitPatch.ts reads them).
 */
export const PREFIXES = ['--src-prefix=a/', '--dst-prefix=b/'];

/** Names of changed files from `git diff --name-only -z <args>`. */
export async function names(session: GitSession, args: readonly string[]): Promise<string[]> {
  return session.list(['diff', '--no-ext-diff', '--name-only', '-z', '--ignore-submodules=dirty', ...args]);
}

/** Untracked files (not ignored) below `paths`, relative to the root. */
export async function untrackedNames(session: GitSession, paths: readonly string[]): Promise<string[]> {
  return session.list(['ls-files', '--others', '--exclude-standard', '-z', '--', ...paths]);
}

/** The commit checked out (full id), or undefined on an unborn branch. */
export async function headCommit(session: GitSession): Promise<string | undefined> {
  const head = await session.exec(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], session.readOverrides);
  return head.code === 0 ? head.stdout.trim() : undefined;
}

/** The hooks folder as a write will see it: core.hooksPath honoured (only reads turn it off). */
export async function hooksDir(session: GitSession): Promise<string> {
  const hooks = await session.exec(['rev-parse', '--git-path', 'hooks'], ALWAYS_OVERRIDES);
  return path.resolve(session.workspace.root, hooks.stdout.trim() || path.join(session.location.gitDir, 'hooks'));
}

export async function programs(
  session: GitSession,
  hooks: readonly string[],
  filters: boolean,
): Promise<RepositoryPrograms> {
  return planPrograms({
    hooksDir: await hooksDir(session),
    config: session.config,
    trustRepositoryConfig: session.trustRepositoryConfig,
    hooks,
    filters,
  });
}

/** The overrides a write runs with: confirmed programs run as git would run them; else nothing of the repository runs. */
export function programOverrides(
  session: GitSession,
  programs: RepositoryPrograms,
  allowed: boolean | undefined,
  command: string,
): readonly ConfigOverride[] {
  if (!runsPrograms(programs)) return session.readOverrides;
  if (!allowed)
    throw new WorkspaceError(
      `This ${command} would run ${boundedList(describePrograms(programs))}; that needs a person's confirmation of this very call, so nothing was changed.`,
    );
  return [...ALWAYS_OVERRIDES, ...session.pathOverrides];
}

/** Stages `paths` (relative to the root, confined): `--all` stages deletions and new files below them too. */
export async function runAdd(
  session: GitSession,
  paths: readonly string[],
  overrides: readonly ConfigOverride[],
): Promise<void> {
  const result = await session.exec(['add', '--all', '--', ...paths], overrides);
  if (result.code === 0) return;
  if (/ignored by one of your \.gitignore files/.test(result.stderr))
    throw new WorkspaceError(
      `Some of the paths are ignored by .gitignore and were not staged; nothing was staged. Give only files that are not ignored.\n${quote(result.stderr.trim(), 1000)}`,
    );
  throw new GitCommandError('add', result.stderr || result.stdout);
}

/** Model paths as root-relative pathspecs: required, confined, never option-like, never inside .git. */
export async function pathList(
  workspace: WorkspaceFileSystem,
  input: readonly string[] | undefined,
): Promise<string[]> {
  if (!Array.isArray(input) || input.length === 0)
    throw new WorkspaceError(
      'Paths are needed: the files or folders (workspace-relative), e.g. ["src/app.ts"].',
      'no-paths',
    );
  if (input.length > 1000) throw new WorkspaceError('The call takes at most 1000 paths; give their folder instead.');
  const out: string[] = [];
  for (const item of input) {
    if (typeof item !== 'string' || item === '') throw new WorkspaceError('Every path must be a non-empty string.');
    const [relative] = await pathspecs(workspace, item);
    if (relative.split('/').some((segment) => segment.toLowerCase() === '.git'))
      throw new WorkspaceError(`Path '${quote(item)}' is inside .git, which git does not track; it is refused.`);
    out.push(relative);
  }
  return [...new Set(out)];
}

/** A model path as a root-relative pathspec (`.` for none): confined, never option-like. */
export async function pathspecs(workspace: WorkspaceFileSystem, input: string | undefined): Promise<string[]> {
  if (input === undefined) return ['.'];
  if (typeof input === 'string' && input.startsWith('-'))
    throw new WorkspaceError(
      `Path '${quote(input)}' starts with '-', which git could read as an option; it is refused.`,
    );
  return [workspace.relative(await workspace.resolve(input)) || '.'];
}

/** The full hash of the commit `revision` names (a tag peeled), or undefined when it names none. */
export async function commitOf(session: GitSession, revision: string): Promise<string | undefined> {
  const result = await session.exec(
    ['rev-parse', '--quiet', '--verify', '--end-of-options', `${revision}^{commit}`],
    session.readOverrides,
  );
  const hash = result.stdout.trim();
  return result.code === 0 && /^[0-9a-f]{40,64}$/.test(hash) ? hash : undefined;
}

/** Outside the top-level case every end must be a commit (show) or tree-ish (diff): a blob by hash could be any file. */
export async function verifyEnds(
  session: GitSession,
  ends: readonly string[],
  type: 'commit' | 'tree',
  revision: string,
): Promise<void> {
  if (session.location.prefix === '') return;
  for (const end of ends) {
    const result = await session.exec(
      ['rev-parse', '--quiet', '--verify', '--end-of-options', `${end}^{${type}}`],
      session.readOverrides,
    );
    if (result.code !== 0)
      throw new WorkspaceError(
        `Revision '${quote(revision)}' is not a ${type === 'commit' ? 'commit' : 'commit or tree'} of this repository. Give a branch, tag or commit hash, or <commit>:<path> for a file in the workspace.`,
      );
  }
}
