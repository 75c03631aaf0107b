// What search needs to know from git before a walk: is the root in a repository, which files are
// tracked (never hidden), and `.git/info/exclude`. Asked of git (hardened as for any read-only
// command) whenever a file that decides it changed (files get tracked and ignored while the agent
// works), else kept from the last search (searchIgnoreCache.ts).
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CancellationToken } from '@toolpacks/base';
import { createIgnoreRules, type IgnoreConfig, type IgnoreRules } from './gitIgnoreRules';
import { createGlobMatcher } from './glob';
import { IgnoreCache } from './searchIgnoreCache';
import { runGitProcess } from './gitProcess';
import { isWritePathFile, tempKeyHex } from './writePathNames';
import { ALWAYS_OVERRIDES, READ_ONLY_OVERRIDES, gitEnvironment } from './gitSafety';

export interface IgnoreContext {
  readonly config: IgnoreConfig;
  /** True when the root is inside a git work tree (git's rules apply exactly). */
  readonly repository: boolean;
  /** Names hidden at any depth, as ripgrep `--glob !name` arguments. */
  readonly hiddenGlobs: readonly string[];
}

const GIT_TIMEOUT_MS = 10_000;
const MAX_LS_FILES_BYTES = 256 * 1024 * 1024;

const cache = new IgnoreCache<IgnoreContext>((file) => readSmallText(file));

/** The context kept from an earlier search when nothing that decides it changed (no git runs). */
export function cachedIgnoreContext(root: string): IgnoreContext | undefined {
  return cache.get(root);
}

export async function loadIgnoreContext(root: string, token?: CancellationToken): Promise<IgnoreContext> {
  // The root is not inside a repository: no git to start (processes cost time on every search).
  if (!hasGitAbove(root)) return outsideRepository();
  const kept = cache.get(root);
  if (kept) return kept;
  const before = cache.state(root);
  const [listed, located] = await Promise.all([
    git(root, ['ls-files', '-z', '--cached'], token),
    git(root, ['rev-parse', '--show-toplevel', '--git-path', 'info/exclude'], token),
  ]);
  const repository = listed?.code === 0 && !listed.truncated && located?.code === 0;
  if (!repository) return outsideRepository();
  const tracked = listed!.stdout.split('\0').filter(Boolean);
  const [topLevel, excludePath] = located!.stdout.split('\n');
  // info/exclude is relative to the repository's top: it applies as is only when that is the root.
  const excludeText =
    path.resolve(topLevel) === path.resolve(root) ? (readSmallText(path.resolve(root, excludePath)) ?? '') : '';
  const hiddenNames = ['.git'];
  const context: IgnoreContext = {
    repository,
    hiddenGlobs: [...hiddenNames],
    config: { tracked, excludeText, hiddenNames, tempKey: tempKeyHex() },
  };
  if (before) cache.set(root, before, context, { tracked, topLevel, excludePath: path.resolve(root, excludePath) });
  return context;
}

/**
 * Tracked files below `folder` ('.' for all) that an ignore rule matches: git never hides them,
 * ripgrep would, so they are passed to it by name. (git answers this faster than the rules here.)
 */
export async function loadTrackedIgnored(
  root: string,
  folder: string,
  token?: CancellationToken,
  context?: IgnoreContext,
): Promise<string[] | undefined> {
  if (!hasGitAbove(root)) return [];
  const kept = context && cache.trackedIgnored(context, folder);
  if (kept) return kept;
  const result = await git(
    root,
    ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard', '--', folder],
    token,
  );
  if (result?.code !== 0 || result.truncated) return undefined;
  const files = result.stdout.split('\0').filter(Boolean);
  if (context) cache.rememberTrackedIgnored(context, folder, files);
  return files;
}

/**
 * The tracked files a rule ignores below `folder` as kept with `context` (a context found valid by
 * this search, so git's answer is kept only after the files deciding it were read), if kept.
 */
export function cachedTrackedIgnored(context: IgnoreContext, folder: string): string[] | undefined {
  return cache.trackedIgnored(context, folder);
}

// The user's core.excludesFile is not applied (see gitIgnoreRules.ts): off for git too.
const GIT_OVERRIDES = [
  ...ALWAYS_OVERRIDES,
  ...READ_ONLY_OVERRIDES,
  { key: 'core.excludesFile', value: '/dev/null', why: 'search does not apply the per-user excludes' },
];

function git(root: string, args: string[], token: CancellationToken | undefined) {
  return runGitProcess({
    git: 'git',
    args: ['--no-pager', ...args],
    cwd: root,
    env: gitEnvironment(process.env, GIT_OVERRIDES),
    timeoutMs: GIT_TIMEOUT_MS,
    maxOutputBytes: MAX_LS_FILES_BYTES,
    token,
  }).catch(() => undefined);
}

function outsideRepository(): IgnoreContext {
  // No git to say what is a dependency: node_modules is hidden as well.
  const hiddenNames = ['.git', 'node_modules'];
  return {
    repository: false,
    hiddenGlobs: [...hiddenNames],
    config: { tracked: undefined, excludeText: '', hiddenNames, tempKey: tempKeyHex() },
  };
}

/** A `.git` (folder, or file for a worktree) in the root or a folder above it. */
export function hasGitAbove(root: string): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/** More .gitignore files than this read by kept rules: they are made again instead of re-checked. */
const MAX_KEPT_RULE_READS = 2_000;

interface KeptRules {
  readonly rules: IgnoreRules;
  /** Every .gitignore the rules read (by folder) and what it held then: the rules depend on nothing else. */
  readonly reads: Map<string, string | undefined>;
}

/** Rules made for a context, kept with it (a context kept between searches keeps its rules too). */
const keptRules = new WeakMap<IgnoreContext, KeptRules>();

/**
 * The rules on the main thread (to filter what ripgrep reports), reading .gitignore files by path.
 * Making them sets up every tracked file (~1 ms for 3,000), so the rules made for a context are kept
 * with it and used again while every .gitignore they read still holds what it held: their answers
 * depend only on the context (fixed) and those files, and one they have not read yet is read when
 * first needed, as by new rules.
 */
export function mainThreadRules(root: string, context: IgnoreContext): IgnoreRules {
  const kept = keptRules.get(context);
  if (kept && kept.reads.size <= MAX_KEPT_RULE_READS && stillHolds(root, kept.reads)) return kept.rules;
  const reads = new Map<string, string | undefined>();
  const rules = createIgnoreRules(
    createGlobMatcher,
    context.config,
    (folder) => {
      const text = readSmallText(path.join(root, folder, '.gitignore'));
      reads.set(folder, text);
      return text;
    },
    isWritePathFile,
  );
  keptRules.set(context, { rules, reads });
  return rules;
}

function stillHolds(root: string, reads: ReadonlyMap<string, string | undefined>): boolean {
  for (const [folder, text] of reads) if (readSmallText(path.join(root, folder, '.gitignore')) !== text) return false;
  return true;
}

/** A regular file up to 1 MB, never a link or a FIFO (an ignore file must not block the search). */
export function readSmallText(file: string): string | undefined {
  // Most folders have no .gitignore: a missing file is seen without the cost of a thrown error.
  let fd: number | undefined;
  try {
    if (!lstatSync(file, { throwIfNoEntry: false })) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > 1024 * 1024) return undefined;
    return readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
