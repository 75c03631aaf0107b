// Files git reads because config names them. A repository's config (`.git/config`, config.worktree
// and what they include) is hostile: a key naming `/etc/passwd`, `../../x`, `~/.git-credentials` or
// a link in the root that leads out made git read that file for a read-only tool and print its
// first line (`blame.ignoreRevsFile`: "invalid object name: root:x:0:0:…"). Every key that names a
// path is listed below with what stops it; a repository value whose *real* path is outside the
// workspace root is replaced by the user's own value (system/global config is trusted) or a
// neutral one. Includes are read while git parses its config, before any override applies, so a
// repository that includes a file from outside the root is not used at all (gitRepository's trust hint).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isInside } from './gitRepository';
import { REPOSITORY_SCOPES, type ConfigEntry, type ConfigOverride } from './gitSafety';

export type PathKeyHandling =
  /** Read by status/diff/log/show/blame (or commit): a repository value outside the root is replaced. */
  | 'confined'
  /** Always replaced by a fixed override or pinned (gitSafety.ts, nodeGitService.ts). */
  | 'overridden'
  /** Read while config is parsed: a repository including a file outside the root is refused. */
  | 'refused'
  /** No command the tools run reads it (transport is off, or another git command reads it). */
  | 'not-read';

export interface GitPathKey {
  /** As git documents it (`git help -c`). */
  readonly key: string;
  readonly handling: PathKeyHandling;
  /** Who reads it and how a relative value resolves. */
  readonly note: string;
}

export const GIT_PATH_KEYS: readonly GitPathKey[] = [
  {
    key: 'blame.ignoreRevsFile',
    handling: 'confined',
    note: 'blame (errors quote its first line); many values; relative to the work tree top. Replaced by --no-ignore-revs-file and the kept files.',
  },
  { key: 'mailmap.file', handling: 'confined', note: 'log, show, blame map names through it; relative to the top.' },
  {
    key: 'mailmap.blob',
    handling: 'confined',
    note: 'not a path but a blob of any path (outside a subfolder root): a repository value is always dropped.',
  },
  {
    key: 'diff.orderFile',
    handling: 'confined',
    note: 'diff, show, log -p order files by its patterns; relative to the top.',
  },
  {
    key: 'core.excludesFile',
    handling: 'confined',
    note: 'status lists untracked files by its patterns; relative to the top; default ~/.config/git/ignore.',
  },
  {
    key: 'core.attributesFile',
    handling: 'confined',
    note: 'every command reads attributes; relative to the top; default ~/.config/git/attributes.',
  },
  { key: 'commit.template', handling: 'confined', note: 'commit (not read with --file, which the tools always use).' },
  {
    key: 'gpg.ssh.allowedSignersFile',
    handling: 'confined',
    note: 'handed to gpg.ssh.program on signature checks (off: log.showSignature=false, the program is false).',
  },
  { key: 'gpg.ssh.revocationFile', handling: 'confined', note: 'the same.' },
  {
    key: 'core.hooksPath',
    handling: 'overridden',
    note: 'core.hooksPath=/dev/null on every read (a confirmed commit shows the hooks it runs).',
  },
  { key: 'core.fsmonitor', handling: 'overridden', note: 'core.fsmonitor=false always.' },
  {
    key: 'core.worktree',
    handling: 'overridden',
    note: 'GIT_WORK_TREE is pinned; a work tree not containing the root is refused (gitRepository.ts).',
  },
  {
    key: 'include.path',
    handling: 'refused',
    note: 'relative to the including file; a target outside the root refuses the repository.',
  },
  { key: 'includeIf.<condition>.path', handling: 'refused', note: 'the same, whatever the condition.' },
  ...[
    'http.sslCert',
    'http.sslKey',
    'http.sslCAPath',
    'http.sslCAInfo',
    'http.cookieFile',
    'http.pinnedPubkey',
    'http.proxySSLCert',
    'http.proxySSLKey',
    'http.proxySSLCAInfo',
    'fsck.skipList',
    'fetch.fsck.skipList',
    'receive.fsck.skipList',
  ].map((key): GitPathKey => ({
    key,
    handling: 'not-read',
    note: 'transport and fsck only: protocol.allow=never, no fetch or push.',
  })),
  ...[
    'format.signatureFile',
    'init.templateDir',
    'sendemail.aliasesFile',
    'sendemail.smtpsslcertpath',
    'gitcvs.logFile',
    'help.htmlPath',
    'instaweb.modulePath',
  ].map((key): GitPathKey => ({
    key,
    handling: 'not-read',
    note: 'read only by format-patch, init/clone, send-email, cvsserver, help or instaweb.',
  })),
  ...['browser.<tool>.path', 'man.<tool>.path', 'difftool.<tool>.path', 'mergetool.<tool>.path'].map(
    (key): GitPathKey => ({
      key,
      handling: 'not-read',
      note: 'programs of help, difftool, mergetool.',
    }),
  ),
  { key: 'fsmonitor.socketDir', handling: 'not-read', note: 'the fsmonitor daemon (macOS); core.fsmonitor is off.' },
  {
    key: 'user.signingKey',
    handling: 'not-read',
    note: 'a key file handed to the signing program; an unconfirmed commit is never signed.',
  },
];

/** Keys whose names end like a path key but hold none (so the spec can tell a new path key from them). */
export const NOT_PATH_KEYS: readonly string[] = [
  'advice.addIgnoredFile',
  'advice.amWorkDir',
  'advice.updateSparsePath',
  'color.branch.worktree',
  'core.quotePath',
  'credential.useHttpPath',
  'fsck.gitmodulesPath',
  'receive.fsck.gitmodulesPath',
  'gui.newBranchTemplate',
  'guitool.<name>.needsFile',
  'http.schannelUseSSLCAInfo',
  'interactive.singleKey',
];

const SINGLE_VALUED: Readonly<Record<string, (home: string | undefined) => string>> = {
  'mailmap.file': () => '/dev/null',
  'mailmap.blob': () => '',
  'diff.orderfile': () => '/dev/null',
  'core.excludesfile': (home) => userDefault(home, 'ignore'),
  'core.attributesfile': (home) => userDefault(home, 'attributes'),
  'commit.template': () => '/dev/null',
  'gpg.ssh.allowedsignersfile': () => '/dev/null',
  'gpg.ssh.revocationfile': () => '/dev/null',
};

/** git's default when the key is unset: the user's own file, as git would find it. */
function userDefault(home: string | undefined, name: string): string {
  const xdg = process.env.XDG_CONFIG_HOME;
  if (xdg) return path.join(xdg, 'git', name);
  return home ? path.join(home, '.config', 'git', name) : '/dev/null';
}

export interface PathConfinement {
  readonly overrides: ConfigOverride[];
  /** Before `--` in a blame: the ignore-revs files git may read (empty when config needs no change). */
  readonly blameArgs: string[];
}

export interface ConfineContext {
  readonly root: string;
  /** Real path of the work tree's top (git runs there, so relative values resolve there). */
  readonly top: string;
  readonly home: string | undefined;
}

/** What replaces the repository's path keys that lead outside `root`. */
export async function confinePathKeys(
  config: readonly ConfigEntry[],
  context: ConfineContext,
): Promise<PathConfinement> {
  const overrides: ConfigOverride[] = [];
  for (const [key, neutral] of Object.entries(SINGLE_VALUED)) {
    const entries = config.filter((entry) => entry.key === key);
    const last = entries[entries.length - 1];
    if (!last || !REPOSITORY_SCOPES.has(last.scope)) continue; // unset, or the user's own value is in force
    if (key !== 'mailmap.blob' && (await valueInside(last.value, context))) continue;
    const user = entries.filter((entry) => !REPOSITORY_SCOPES.has(entry.scope)).pop();
    overrides.push({
      key,
      value: user?.value ?? neutral(context.home),
      why: `the repository's ${key} names ${key === 'mailmap.blob' ? 'a blob' : 'a file outside the workspace root'}; git would read it.`,
    });
  }
  return { overrides, blameArgs: await blameIgnoreFiles(config, context) };
}

/**
 * blame.ignoreRevsFile is a list, and an empty value does not reset it from config (git 2.39 sorts
 * it first); --no-ignore-revs-file does. Then every kept file is given again, as an absolute path.
 */
async function blameIgnoreFiles(config: readonly ConfigEntry[], context: ConfineContext): Promise<string[]> {
  const entries = config.filter((entry) => entry.key === 'blame.ignorerevsfile' && entry.value !== '');
  const kept: string[] = [];
  let dropped = false;
  for (const entry of entries) {
    const absolute = expandPath(entry.value, context.home);
    const trusted = !REPOSITORY_SCOPES.has(entry.scope);
    if (trusted ? absolute === undefined : !(await valueInside(entry.value, context))) {
      dropped = true;
      continue;
    }
    kept.push(path.isAbsolute(absolute!) ? absolute! : path.join(context.top, absolute!));
  }
  return dropped ? ['--no-ignore-revs-file', ...kept.map((file) => `--ignore-revs-file=${file}`)] : [];
}

/** `~/x`, `~user/x` and `%(prefix)/x` as git expands them; undefined where we cannot tell (treated as outside). */
export function expandPath(value: string, home: string | undefined): string | undefined {
  if (value.startsWith('%(prefix)/')) return undefined;
  if (value === '~' || value.startsWith('~/')) return home ? home + value.slice(1) : undefined;
  if (value.startsWith('~')) return undefined;
  return value;
}

/** Whether a path value, relative to the top and to the root alike, really lies inside the root. */
async function valueInside(value: string, context: ConfineContext): Promise<boolean> {
  const expanded = expandPath(value, context.home);
  if (expanded === undefined) return false;
  if (path.isAbsolute(expanded)) return isInside(context.root, await realPath(expanded));
  // git runs at the top; the root is the spawn's folder: a value must stay inside from both.
  return (
    isInside(context.root, await realPath(`${context.top}/${expanded}`)) &&
    isInside(context.root, await realPath(`${context.root}/${expanded}`))
  );
}

/**
 * The real path as the kernel resolves it (`link/..` is the link target's parent, not lexical),
 * for a path that may not exist yet: its longest existing part resolved, the rest appended.
 */
export async function realPath(file: string): Promise<string> {
  try {
    return await fs.realpath(file);
  } catch {
    const parent = path.dirname(file);
    if (parent === file) return file;
    return path.join(await realPath(parent), path.basename(file));
  }
}

export interface ConfigInclude {
  /** The config file holding the directive. */
  readonly from: string;
  readonly key: string;
  /** The target as git resolves it (before symlinks), or undefined when it cannot be told. */
  readonly target: string | undefined;
}

const INCLUDE_KEY = /^include\.path$|^includeif\..*\.path$/;

/** The include directives in `config` (optionally only from `scopes`), with their targets. */
export function configIncludes(
  config: readonly ConfigEntry[],
  home: string | undefined,
  scopes?: ReadonlySet<string>,
): ConfigInclude[] {
  const includes: ConfigInclude[] = [];
  for (const entry of config) {
    if (!INCLUDE_KEY.test(entry.key) || (scopes && !scopes.has(entry.scope))) continue;
    const from = entry.origin?.startsWith('file:') ? entry.origin.slice('file:'.length) : '';
    const expanded = expandPath(entry.value, home);
    // Relative to the including file's folder, joined as git joins it (no lexical `..` folding).
    const target =
      expanded === undefined || (!path.isAbsolute(expanded) && !path.isAbsolute(from))
        ? undefined
        : path.isAbsolute(expanded)
          ? expanded
          : `${path.dirname(from)}/${expanded}`;
    includes.push({ from, key: entry.key, target });
  }
  return includes;
}

/** The first repository-scope include whose real target lies outside `root`. */
export async function includeOutside(
  config: readonly ConfigEntry[],
  root: string,
  home: string | undefined,
): Promise<ConfigInclude | undefined> {
  for (const include of configIncludes(config, home, REPOSITORY_SCOPES))
    if (include.target === undefined || !isInside(root, await realPath(include.target))) return include;
  return undefined;
}
