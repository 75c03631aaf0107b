// Where the repository's config says programs live, as sensitive paths of the workspace: the
// folder core.hooksPath names (from any scope; `git commit` runs what is in it), every file an
// include.path/includeIf.*.path pulls in (it can set core.fsmonitor, which `git status` runs), the
// git folder itself wherever a `.git` file puts it, and a program a program key names by path.
// The config is read with git (as git reads it), again whenever a file it came from, a file it
// includes, or a `.git` on the way up from the root changes; otherwise the last answer stands.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { configIncludes, expandPath, realPath } from './gitConfigPaths';
import { runGitProcess } from './gitProcess';
import { findRepository, isInside, type GitLocation } from './gitRepository';
import { ALWAYS_OVERRIDES, READ_ONLY_OVERRIDES, gitEnvironment, type ConfigEntry } from './gitSafety';
import { parseConfigList } from './gitConfigList';

export interface RepositorySensitivePath {
  /** Workspace-relative, forward slashes: the file, or the folder whose whole content is sensitive. */
  readonly relative: string;
  readonly reason: string;
}

/** Keys whose value is a command; a first word with a slash names a program file. */
const PROGRAM_KEY =
  /^core\.(fsmonitor|editor|pager|sshcommand|askpass)$|^gpg\.(program|[^.]+\.program|ssh\.defaultkeycommand)$|^filter\..+\.(clean|smudge|process)$|^diff\..+\.(textconv|command)$|^diff\.external$|^merge\..+\.driver$|^sequence\.editor$|^pager\..+$/;
/** git's own limit on nested includes. */
const MAX_INCLUDE_DEPTH = 10;

interface Snapshot {
  readonly signature: string;
  readonly watched: readonly string[];
  readonly paths: readonly RepositorySensitivePath[];
}

export class RepositoryConfigPaths {
  private last: Snapshot | undefined;
  private pending: Promise<Snapshot> | undefined;

  constructor(
    private readonly root: string,
    private readonly git = 'git',
  ) {}

  /** The sensitive paths the config names now (re-read only when a file it depends on changed). */
  async current(): Promise<readonly RepositorySensitivePath[]> {
    const last = this.last;
    if (last && (await signature(this.baseWatched(last.watched))) === last.signature) return last.paths;
    this.pending ??= this.read().finally(() => (this.pending = undefined));
    return (this.last = await this.pending).paths;
  }

  /** `.git` of the root and every folder above it (a new repository, a `.git` file redirected), the user's config files, and what the last read depended on. */
  private baseWatched(extra: readonly string[] = []): string[] {
    const files: string[] = [];
    for (let dir = this.root; ; dir = path.dirname(dir)) {
      files.push(path.join(dir, '.git'));
      if (path.dirname(dir) === dir) break;
    }
    const home = process.env.HOME;
    if (home) files.push(path.join(home, '.gitconfig'));
    files.push(
      path.join(process.env.XDG_CONFIG_HOME || path.join(home ?? '/', '.config'), 'git', 'config'),
      '/etc/gitconfig',
    );
    return [...new Set([...files, ...extra])];
  }

  private async read(): Promise<Snapshot> {
    // Taken before reading: a change during the read makes the next call read again.
    const before = async (watched: string[]) => ({ signature: await signature(this.baseWatched(watched)), watched });
    const run = (args: readonly string[], pinned: Record<string, string> = {}) =>
      runGitProcess({
        git: this.git,
        args: ['--no-pager', ...args],
        cwd: this.root,
        env: gitEnvironment(process.env, [...ALWAYS_OVERRIDES, ...READ_ONLY_OVERRIDES], pinned),
        timeoutMs: 30_000,
        maxOutputBytes: 4 * 1024 * 1024,
      });
    let location: GitLocation | undefined;
    try {
      location = await findRepository(run, this.root);
    } catch {
      location = undefined; // no git: nothing it would run
    }
    if (!location) return { ...(await before([])), paths: [] };
    const { gitDir, commonDir, top } = location;
    const repoFiles = [
      path.join(commonDir, 'config'),
      path.join(gitDir, 'config.worktree'),
      path.join(gitDir, 'commondir'),
    ];
    const listed = await run(['config', '--show-origin', '--show-scope', '--null', '--list'], {
      GIT_DIR: gitDir,
      GIT_WORK_TREE: top,
    });
    const config = listed.code === 0 ? parseConfigList(listed.stdout, true) : [];
    const origins = new Set(
      config.map((entry) => fileOf(entry.origin)).filter((file): file is string => file !== undefined),
    );
    // Includes whose condition did not hold are not listed: read them (without their includes) too.
    const unlisted: ConfigEntry[] = [];
    const seen = new Set(origins);
    let frontier = configIncludes(config, process.env.HOME);
    for (let depth = 0; depth < MAX_INCLUDE_DEPTH && frontier.length > 0; depth++) {
      const next: ConfigEntry[] = [];
      for (const include of frontier) {
        if (include.target === undefined || seen.has(include.target)) continue;
        seen.add(include.target);
        const own = await run([
          'config',
          '--file',
          include.target,
          '--no-includes',
          '--show-origin',
          '--show-scope',
          '--null',
          '--list',
        ]);
        if (own.code === 0) next.push(...parseConfigList(own.stdout, true));
      }
      unlisted.push(...next);
      frontier = configIncludes(next, process.env.HOME);
    }
    const all = [...config, ...unlisted];
    const snapshot = await before([...repoFiles, ...origins, ...seen]);
    return { ...snapshot, paths: await this.sensitive(location, all) };
  }

  private async sensitive(location: GitLocation, config: readonly ConfigEntry[]): Promise<RepositorySensitivePath[]> {
    const found = new Map<string, string>();
    const add = async (file: string | undefined, reason: string) => {
      if (file === undefined) return;
      for (const candidate of [path.resolve(file), await realPath(file)])
        if (isInside(this.root, candidate) && candidate !== this.root)
          found.set(path.relative(this.root, candidate).split(path.sep).join('/'), reason);
    };
    await add(location.gitDir, "the repository's git folder: its config and hooks run programs");
    await add(location.commonDir, "the repository's git folder: its config and hooks run programs");
    const home = process.env.HOME;
    for (const entry of config) {
      const where = `${entry.key} in ${entry.scope === 'command' ? 'an included' : entry.scope} config`;
      if (entry.key === 'core.hookspath') {
        // Hooks run at the work tree's top: a relative folder is relative to it.
        await add(
          this.fromTop(location, expandPath(entry.value, home)),
          `git runs the hooks in this folder on commit, checkout and push (${where})`,
        );
      } else if (PROGRAM_KEY.test(entry.key)) {
        const program = /^\s*(\S*\/\S*)/.exec(entry.value)?.[1];
        if (program)
          for (const file of [
            this.fromTop(location, expandPath(program, home)),
            this.fromRoot(expandPath(program, home)),
          ])
            await add(file, `git runs this program (${where})`);
      }
    }
    for (const include of configIncludes(config, home))
      await add(
        include.target,
        `git reads this file as config (${include.key} in ${include.from}): it can set programs such as core.fsmonitor`,
      );
    return [...found].map(([relative, reason]) => ({ relative, reason }));
  }

  private fromTop(location: GitLocation, value: string | undefined): string | undefined {
    return value === undefined ? undefined : path.isAbsolute(value) ? value : `${location.top}/${value}`;
  }

  private fromRoot(value: string | undefined): string | undefined {
    return value === undefined ? undefined : path.isAbsolute(value) ? value : `${this.root}/${value}`;
  }
}

function fileOf(origin: string | undefined): string | undefined {
  return origin?.startsWith('file:') && path.isAbsolute(origin.slice(5)) ? origin.slice(5) : undefined;
}

/** Identity and change time of each file (a rename over it or an edit in place both show). */
async function signature(files: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    files.map((file) =>
      fs.lstat(file).then(
        // A folder (.git) by identity only: git rewrites files in it all the time.
        (stat) => (stat.isDirectory() ? `${stat.ino}/` : `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`),
        () => '-',
      ),
    ),
  );
  return `${files.join('\0')}\n${parts.join(',')}`;
}
