// What git discovers from the root (rev-parse) and the config it lists (config --list) stay the same
// between calls until one of the files that decide them changes, so a status read runs one
// git process instead of three. The cache is keyed by a fingerprint of every such file: the `.git`
// entries (and bare-repository markers) on the way from the root up to the work tree's top, the git
// directory's HEAD, commondir, gitdir and config.worktree, every config file git listed a value
// from, the user's and system config files where git looks for them, and every include target.
// Config files are compared by content, not by mtime (two writes within one clock tick keep the
// mtime and maybe the size) — past 1 MB by size, mtime and ctime (a write moves the ctime, and no
// one can set it back as utimes sets the mtime) — the rest by identity (inode, type, owner, link target).
//
// Only facts fingerprinted *before* the git runs that produced them are kept (a change while git ran
// then shows in the next fingerprint), and only when the same fingerprint holds after them; the
// first call learns which files to watch, the second fills the cache, later calls use it. Every
// check that looks at the file system beyond these files (the repository's location and alternates,
// includes and path keys leading outside the root) still runs on every call: they are not cached.
import { lstatSync, readFileSync, readlinkSync, statSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { configIncludes } from './gitConfigPaths';
import type { GitLocation } from './gitRepository';
import type { ConfigEntry } from './gitSafety';

export interface RepositoryFacts {
  readonly location: GitLocation;
  /** The config as `git config --show-origin --show-scope --list` printed it, parsed. */
  readonly config: readonly ConfigEntry[];
}

/** Config files larger than this are compared by identity, size, mtime and ctime, not read. */
const MAX_COMPARED_BYTES = 1024 * 1024;

/** How one watched path looks now: identity, and a file's content. Symbolic links are followed (their target too). */
function describe(file: string): string {
  let info: Stats;
  try {
    info = lstatSync(file);
  } catch {
    return '-';
  }
  const identity = `${info.mode}:${info.dev}:${info.ino}:${info.uid}`;
  if (info.isSymbolicLink()) {
    let target: string;
    try {
      target = readlinkSync(file);
    } catch {
      return `${identity}>?`;
    }
    return `${identity}>${target}>${followed(file)}`;
  }
  if (!info.isFile()) return identity;
  return `${identity}:${content(file, info)}`;
}

/** The final target of a link, as describe() would see a file there. */
function followed(file: string): string {
  try {
    const info = statSync(file);
    const identity = `${info.mode}:${info.dev}:${info.ino}:${info.uid}`;
    return info.isFile() ? `${identity}:${content(file, info)}` : identity;
  } catch {
    return '-';
  }
}

function content(file: string, info: Stats): string {
  if (info.size > MAX_COMPARED_BYTES) return `${info.size}@${info.mtimeMs}@${info.ctimeMs}`;
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return '?';
  }
}

/**
 * Every path whose state decides what rev-parse found from `root` and what config git listed, or
 * undefined when that cannot be told (an include whose target git resolves in a way we cannot).
 */
export function watchedPaths(
  root: string,
  facts: RepositoryFacts,
  env: NodeJS.ProcessEnv = process.env,
): string[] | undefined {
  const { location, config } = facts;
  const home = env.HOME;
  const paths = new Set<string>();
  // Discovery walks up from the root: below the top, no `.git` and no bare repository was there.
  for (let dir = root; ; dir = path.dirname(dir)) {
    paths.add(dir);
    paths.add(path.join(dir, '.git'));
    if (dir === location.top || path.dirname(dir) === dir) break;
    for (const marker of ['HEAD', 'objects', 'refs', 'commondir']) paths.add(path.join(dir, marker));
  }
  for (const dir of [location.gitDir, location.commonDir]) {
    for (const name of ['', 'HEAD', 'commondir', 'gitdir', 'config', 'config.worktree'])
      paths.add(path.join(dir, name));
  }
  // The user's and the system's config where git reads them (present or not), and every file it listed from.
  const xdg = env.XDG_CONFIG_HOME || (home ? path.join(home, '.config') : undefined);
  if (xdg) paths.add(path.join(xdg, 'git', 'config'));
  if (home) paths.add(path.join(home, '.gitconfig'));
  paths.add('/etc/gitconfig');
  for (const entry of config) if (entry.origin?.startsWith('file:')) paths.add(entry.origin.slice('file:'.length));
  for (const include of configIncludes(config, home)) {
    if (include.target === undefined) return undefined;
    paths.add(include.target);
  }
  return [...paths];
}

function fingerprint(paths: readonly string[], env: NodeJS.ProcessEnv): string {
  // The variables git's config lookup depends on (every GIT_* variable is removed for the child).
  return [env.HOME ?? '', env.XDG_CONFIG_HOME ?? '', ...paths.map((p) => `${p}\0${describe(p)}`)].join('\0\0');
}

export interface CacheAttempt {
  /** The cached facts, still true. */
  readonly hit?: RepositoryFacts;
  /** Taken before git runs, over the paths the last run named. */
  readonly before?: { readonly paths: readonly string[]; readonly fingerprint: string };
}

/** One workspace root's discovery and config, fingerprinted; a NodeGitService holds one. */
export class GitRepositoryCache {
  private paths: readonly string[] | undefined;
  private kept: { readonly fingerprint: string; readonly facts: RepositoryFacts } | undefined;

  /** `enabled` false: nothing is kept, every call discovers again. */
  constructor(
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly enabled = true,
  ) {}

  /** Before discovery: the cached facts when nothing they depend on changed, else what to store them with. */
  begin(): CacheAttempt {
    if (!this.paths || !this.enabled) return {};
    const now = fingerprint(this.paths, this.env);
    if (this.kept && this.kept.fingerprint === now) return { hit: this.kept.facts };
    return { before: { paths: this.paths, fingerprint: now } };
  }

  /** After discovery and listing the config: kept when the files were the same before and after git ran. */
  store(attempt: CacheAttempt, facts: RepositoryFacts): void {
    const paths = watchedPaths(this.root, facts, this.env);
    this.kept = undefined;
    this.paths = paths;
    const before = attempt.before;
    if (!paths || !before || before.paths.join('\0') !== paths.join('\0')) return;
    if (fingerprint(paths, this.env) !== before.fingerprint) return;
    this.kept = { fingerprint: before.fingerprint, facts };
  }

  /** Forgets everything (a failed check, a refused repository): the next call discovers again. */
  clear(): void {
    this.paths = undefined;
    this.kept = undefined;
  }
}
