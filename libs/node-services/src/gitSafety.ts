// What a hostile repository must not be able to make git run. A workspace's `.git/config` (and
// every file it includes) and its `.gitattributes` are attacker-controlled; the system and global
// config are the user's own and stay in force. Overrides are passed as GIT_CONFIG_COUNT/KEY/VALUE
// (command scope, the highest priority, and inherited by any git that git itself starts), never as
// `-c`, so a driver name containing `=` cannot split into another key.

export interface ConfigOverride {
  readonly key: string;
  readonly value: string;
  /** The attack this entry stops (for reviewers; also listed in SECURITY.md). */
  readonly why: string;
}

/** On every git invocation, the commit included. */
export const ALWAYS_OVERRIDES: readonly ConfigOverride[] = [
  {
    key: 'core.fsmonitor',
    value: 'false',
    why: 'core.fsmonitor=<program> runs on status, diff, blame and commit (any index refresh).',
  },
  { key: 'core.pager', value: 'cat', why: 'a pager command; also --no-pager and GIT_PAGER=cat.' },
  { key: 'log.showSignature', value: 'false', why: 'log/show would verify signatures by running gpg.program.' },
  { key: 'credential.helper', value: '', why: 'an empty value clears the helper list: no credential program runs.' },
  {
    key: 'protocol.allow',
    value: 'never',
    why: 'no transport (lazy fetch of a partial clone, ext::, file://); GIT_ALLOW_PROTOCOL= enforces it over per-protocol config.',
  },
  {
    key: 'core.sshCommand',
    value: 'false',
    why: "never reached (no transport), but the program would be the repository's.",
  },
  { key: 'gc.auto', value: '0', why: 'no background `gc --auto` (detached, outlives the call, runs pre-auto-gc).' },
  { key: 'maintenance.auto', value: 'false', why: 'no background maintenance after a commit.' },
  { key: 'submodule.recurse', value: 'false', why: 'no git run inside a submodule, whose config we have not read.' },
  {
    key: 'diff.ignoreSubmodules',
    value: 'dirty',
    why: "status/diff compare a submodule's commit only, never start `git status` inside it (its own filters would run).",
  },
  { key: 'status.submoduleSummary', value: 'false', why: 'the same, for the submodule summary.' },
  {
    key: 'diff.submodule',
    value: 'short',
    why: "diff.submodule=log|diff opens the submodule's repository, which a .git file may place outside the root, and prints its commits.",
  },
  {
    key: 'status.relativePaths',
    value: 'true',
    why: 'paths print relative to the workspace root, which may be below the repository top.',
  },
  { key: 'color.ui', value: 'false', why: 'plain text for the model.' },
  // A command's own colour setting wins over color.ui: coloured `diff --git` lines hid every diff.
  { key: 'color.diff', value: 'false', why: 'the same: a diff git prints in colour is not read as a diff.' },
  { key: 'color.status', value: 'false', why: 'the same, for status.' },
  { key: 'color.branch', value: 'false', why: 'the same, for branch.' },
  { key: 'color.grep', value: 'false', why: 'the same, for grep.' },
  { key: 'color.showBranch', value: 'false', why: 'the same, for show-branch.' },
  { key: 'core.quotePath', value: 'false', why: 'paths print as they are.' },
];

/** Also on read-only commands (and on a commit nobody confirmed): nothing of the repository runs. */
export const READ_ONLY_OVERRIDES: readonly ConfigOverride[] = [
  {
    key: 'core.hooksPath',
    value: '/dev/null',
    why: 'no hook (post-index-change, reference-transaction, …) from .git/hooks or core.hooksPath.',
  },
  { key: 'gpg.program', value: 'false', why: 'gpg.program=<program> with log.showSignature or commit.gpgsign.' },
  { key: 'gpg.openpgp.program', value: 'false', why: 'the same for gpg.format=openpgp.' },
  { key: 'gpg.x509.program', value: 'false', why: 'the same for gpg.format=x509.' },
  { key: 'gpg.ssh.program', value: 'false', why: 'the same for gpg.format=ssh.' },
  { key: 'gpg.ssh.defaultKeyCommand', value: 'false', why: 'a command that picks the ssh signing key.' },
  { key: 'commit.gpgsign', value: 'false', why: 'an unconfirmed commit is never signed (signing was not shown).' },
];

/** Config keys that name a program of a driver the attributes (`.gitattributes`) select by name. */
const DRIVER_PROGRAMS = /^(filter)\.(.+)\.(clean|smudge|process|required)$|^(diff)\.(.+)\.(textconv|command)$/;

export interface ConfigEntry {
  readonly scope: string;
  /** As git prints it: section and name lowercased, subsection as written. */
  readonly key: string;
  readonly value: string;
  /** `file:<path>` of the file that set it (from `--show-origin`), when listed with it. */
  readonly origin?: string;
}

/** Scopes the workspace controls: `.git/config`, `config.worktree` and whatever they include. */
export const REPOSITORY_SCOPES: ReadonlySet<string> = new Set(['local', 'worktree']);

/**
 * Per driver the repository defines, values that turn it off: an empty filter is no filter; a
 * textconv of `cat` shows the file as it is (an empty textconv would fail the whole diff, and
 * read-only commands also pass --no-textconv). `diff.<drv>.command` needs external diff, which
 * every diff runs without (--no-ext-diff; an empty diff.external would fail the diff too).
 */
export function driverOverrides(entries: readonly ConfigEntry[]): ConfigOverride[] {
  const filters = new Set<string>();
  const diffs = new Set<string>();
  for (const entry of entries) {
    if (!REPOSITORY_SCOPES.has(entry.scope)) continue;
    const match = DRIVER_PROGRAMS.exec(entry.key);
    if (match?.[1]) filters.add(match[2]);
    else if (match?.[4]) diffs.add(match[5]);
  }
  const overrides: ConfigOverride[] = [];
  for (const name of filters) {
    const why = `filter.${name} is defined by the repository: its clean/smudge/process programs run on status, diff, blame and commit.`;
    for (const [key, value] of [
      ['clean', ''],
      ['smudge', ''],
      ['process', ''],
      ['required', 'false'],
    ])
      overrides.push({ key: `filter.${name}.${key}`, value, why });
  }
  for (const name of diffs)
    overrides.push({
      key: `diff.${name}.textconv`,
      value: 'cat',
      why: `diff.${name}.textconv is defined by the repository: it runs on diff, show and blame (--no-ext-diff does not stop it).`,
    });
  return overrides;
}

/** The repository's filter drivers with a program, as `filter.<name>.<kind> = <program>` (for a commit's confirmation). */
export function repositoryFilterPrograms(entries: readonly ConfigEntry[]): string[] {
  return entries
    .filter(
      (e) => REPOSITORY_SCOPES.has(e.scope) && /^filter\..+\.(clean|smudge|process)$/.test(e.key) && e.value !== '',
    )
    .map((e) => `${e.key} = ${e.value}`);
}

/**
 * The environment of every git child: the caller's, minus every GIT_* variable (GIT_DIR,
 * GIT_WORK_TREE, GIT_INDEX_FILE, GIT_CONFIG_*, GIT_EXEC_PATH, GIT_ALTERNATE_OBJECT_DIRECTORIES, …
 * would redirect git or inject config), plus fixed settings and the overrides.
 */
export function gitEnvironment(
  base: NodeJS.ProcessEnv,
  overrides: readonly ConfigOverride[],
  pinned: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined && !/^GIT_/i.test(name)) env[name] = value;
  Object.assign(env, {
    GIT_TERMINAL_PROMPT: '0', // never wait on a prompt
    GIT_OPTIONAL_LOCKS: '0', // status does not write the index (so no post-index-change either)
    GIT_LITERAL_PATHSPECS: '1', // `:(top)x`, `:/x`, `*` in a path are names, not magic
    GIT_ALLOW_PROTOCOL: '', // no transport at all, whatever protocol.<name>.allow says
    GIT_NO_REPLACE_OBJECTS: '1', // refs/replace could stand a file outside the root in for one inside
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_EDITOR: 'false', // an editor would fail the command, never run the repository's core.editor
    GIT_ASKPASS: 'false',
    LC_ALL: 'C',
  });
  overrides.forEach((override, index) => {
    env[`GIT_CONFIG_KEY_${index}`] = override.key;
    env[`GIT_CONFIG_VALUE_${index}`] = override.value;
  });
  env.GIT_CONFIG_COUNT = String(overrides.length);
  return Object.assign(env, pinned);
}

/**
 * {@link gitEnvironment} of `process.env` built once per service (~12 KB per git process otherwise)
 * and again only when what it derives from changed: a variable of the process set, changed or removed
 * (compared value by value, never assumed), the overrides' keys and values, the pinned variables.
 */
export class GitEnvironmentCache {
  private source: Record<string, string> = {};
  private sourceCount = -1;
  private overrides: readonly ConfigOverride[] = [];
  private pinned: Readonly<Record<string, string>> = {};
  private built: Readonly<Record<string, string>> | undefined;

  environment(
    overrides: readonly ConfigOverride[],
    pinned: Readonly<Record<string, string>> = {},
  ): Readonly<Record<string, string>> {
    if (this.built && this.sameOverrides(overrides) && samePinned(this.pinned, pinned) && this.sameSource())
      return this.built;
    this.source = {};
    this.sourceCount = 0;
    for (const [name, value] of Object.entries(process.env))
      if (value !== undefined) {
        this.source[name] = value;
        this.sourceCount++;
      }
    this.overrides = overrides.map(({ key, value, why }) => ({ key, value, why }));
    this.pinned = { ...pinned };
    this.built = Object.freeze(gitEnvironment(this.source, overrides, pinned));
    return this.built;
  }

  private sameSource(): boolean {
    let count = 0;
    for (const name in process.env) {
      if (process.env[name] !== this.source[name]) return false;
      count++;
    }
    return count === this.sourceCount;
  }

  private sameOverrides(overrides: readonly ConfigOverride[]): boolean {
    if (overrides === this.overrides) return true;
    if (overrides.length !== this.overrides.length) return false;
    return overrides.every((o, i) => o.key === this.overrides[i].key && o.value === this.overrides[i].value);
  }
}

function samePinned(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(b);
  return names.length === Object.keys(a).length && names.every((name) => a[name] === b[name]);
}
