// Which workspace files search hides, by git's rules (what `git ls-files --cached --others
// --exclude-standard` lists is what search sees):
// - a .gitignore in every folder, its patterns relative to that folder; a deeper file wins over a
//   shallower one, the last matching line within a file wins, `!x` re-includes (never below an
//   ignored folder), then `.git/info/exclude`. Lines as gitignore(5): `#` comments, `\` escapes,
//   trailing spaces, a leading or middle `/` anchors to the file's folder, a trailing `/` matches
//   folders only, `**` any depth. Case-sensitive, as git on Linux (core.ignorecase unset); POSIX
//   classes (`[[:alpha:]]`) are not supported.
// - tracked files are never hidden, even when a rule matches them or their folder.
// - `.git` is never shown; outside a repository `node_modules` is hidden too (no git to say).
// Not read: the user's own core.excludesFile (it differs per machine, and a search result should
// not depend on who runs the agent) and .gitignore files above the workspace root.
//
// Patterns are matched with the linear-time glob matcher, not regexes: the `ignore` package (what
// ESLint uses) compiles to regexes that backtrack on hostile lines (`**/a*/` six times then `**/Q`
// took 15 s on a 40-deep path, eight times over 120 s), and the worker of a bundled extension
// (vsce --no-dependencies) could not load it anyway.
// `createIgnoreRules` is self-contained (no imports, no outer names) so the scanner worker runs the
// same code from its source text: the worker and the main thread can never disagree.

export interface IgnoreConfig {
  /** Tracked files (`git ls-files --cached`), or undefined outside a repository. */
  readonly tracked: readonly string[] | undefined;
  /** Contents of `.git/info/exclude` ('' if none). */
  readonly excludeText: string;
  /** Names hidden at any depth regardless of rules. */
  readonly hiddenNames: readonly string[];
  /** The key that proves a temp or lock name is the write path's (writePathNames.ts); such files are hidden. */
  readonly tempKey?: string;
}

export type EntryVerdict = 'show' | 'hide' | 'tracked-only';

export interface IgnoreRules {
  /**
   * For an entry of a folder the walk shows (`insideIgnored`: the folder itself was ignored but
   * holds tracked files): 'show', 'hide', or for a folder 'tracked-only' (ignored, but walk it for
   * its tracked files).
   */
  verdict(relative: string, isDirectory: boolean, insideIgnored: boolean): EntryVerdict;
  /** For a path reported by another walker (ripgrep): would the walk above show this file? */
  isHiddenFile(relative: string): boolean;
  /** For a folder: hidden, or walked only for its tracked files. */
  isIgnoredFolder(relative: string): boolean;
  /** True when the path is tracked (shown whatever the rules say). */
  isTracked(relative: string): boolean;
}

type GlobFactory = (glob: string, syntax: { braces: boolean; escapes: boolean }) => (relativePath: string) => boolean;

/** `readGitignore('')` is the root's .gitignore, `readGitignore('a/b')` that of folder a/b (undefined: none). */
export function createIgnoreRules(
  createGlobMatcher: GlobFactory,
  config: IgnoreConfig,
  readGitignore: (folder: string) => string | undefined,
  /** Whether a file name is provably the write path's temp or lock file (hidden unless tracked). */
  isOurTemp: (name: string) => boolean = () => false,
): IgnoreRules {
  const tracked = new Set(config.tracked ?? []);
  const trackedFolders = new Set<string>();
  for (const file of tracked)
    for (let i = file.indexOf('/'); i >= 0; i = file.indexOf('/', i + 1)) trackedFolders.add(file.slice(0, i));
  const hiddenNames = new Set(config.hiddenNames);
  type Rule = { negate: boolean; folderOnly: boolean; matches: (relativePath: string) => boolean };
  // One .gitignore's lines, in order. A line git could not match (a malformed class) never matches.
  const parse = (text: string): Rule[] => {
    const rules: Rule[] = [];
    for (let line of text.split('\n')) {
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '' || line.startsWith('#')) continue;
      // Trailing spaces go unless escaped with a backslash.
      let end = line.length;
      while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end--;
      line = line.slice(0, end);
      const negate = line.startsWith('!');
      if (negate) line = line.slice(1);
      const folderOnly = line.endsWith('/') && !line.endsWith('\\/');
      if (folderOnly) line = line.slice(0, -1);
      if (line === '' || line === '/') continue;
      // A slash at the start or in the middle anchors the pattern to this folder; without one it
      // matches a name at any depth (the glob matcher's own rule for a slash-free glob).
      const anchored = line.includes('/');
      const body = line.replace(/^\//, '');
      const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
      // Most lines are a name or `*.ext`: compared directly (every entry of a walk meets every line).
      if (!/[*?[\\]/.test(body)) {
        rules.push({ negate, folderOnly, matches: anchored ? (p) => p === body : (p) => baseName(p) === body });
        continue;
      }
      if (!anchored && /^\*[^*?[\\/]+$/.test(body)) {
        const tail = body.slice(1);
        rules.push({
          negate,
          folderOnly,
          matches: (p) => p.endsWith(tail) && p.lastIndexOf('/') < p.length - tail.length,
        });
        continue;
      }
      // Cheap rejections first, for the full glob below: the plain leading folders and plain last name.
      const names = body.split('/');
      let plainHead = '';
      for (const name of names.slice(0, -1)) {
        if (/[*?[\\]/.test(name)) break;
        plainHead += `${name}/`;
      }
      const last = names[names.length - 1];
      const plainLast = anchored && !/[*?[\\]/.test(last) ? last : undefined;
      try {
        const glob = createGlobMatcher(body, { braces: false, escapes: true });
        const matcher = (p: string) =>
          p.startsWith(plainHead) && (plainLast === undefined || baseName(p) === plainLast) && glob(p);
        // A name pattern is matched against the last name only: the folders above were each
        // checked on the way down (an ignored one is never entered).
        rules.push({
          negate,
          folderOnly,
          matches: !anchored
            ? (p) => matcher(baseName(p))
            : !body.includes('/')
              ? (p) => !p.includes('/') && matcher(p)
              : matcher,
        });
      } catch {
        // git's wildmatch fails on such a line: it matches nothing.
      }
    }
    return rules;
  };
  type Level = { test(relativePath: string, isDirectory: boolean): 'ignored' | 'unignored' | undefined };
  const compile = (text: string): Level => {
    const rules = parse(text);
    return {
      test(relativePath, isDirectory) {
        for (let i = rules.length - 1; i >= 0; i--) {
          const rule = rules[i];
          if (rule.folderOnly && !isDirectory) continue;
          if (rule.matches(relativePath)) return rule.negate ? 'unignored' : 'ignored';
        }
        return undefined;
      },
    };
  };
  const exclude = compile(config.excludeText);
  const levels = new Map<string, Level | null>();
  const level = (folder: string) => {
    if (!levels.has(folder)) {
      const text = readGitignore(folder);
      levels.set(folder, text === undefined ? null : compile(text));
    }
    return levels.get(folder);
  };
  const parentOf = (relative: string) => relative.slice(0, Math.max(0, relative.lastIndexOf('/')));
  // Deepest .gitignore first: the first file with a matching line decides (its last matching line).
  const ignoredByRules = (relative: string, isDirectory: boolean): boolean => {
    for (let folder = parentOf(relative); ; folder = parentOf(folder)) {
      const rules = level(folder);
      const result = rules?.test(folder ? relative.slice(folder.length + 1) : relative, isDirectory);
      if (result) return result === 'ignored';
      if (folder === '') break;
    }
    return exclude.test(relative, isDirectory) === 'ignored';
  };
  const verdict = (relative: string, isDirectory: boolean, insideIgnored: boolean): EntryVerdict => {
    const name = relative.slice(relative.lastIndexOf('/') + 1);
    if (hiddenNames.has(name)) return 'hide';
    if (!isDirectory && tracked.has(relative)) return 'show';
    // The write path's temp and lock files, provably ours (never a repository's file of that shape).
    if (!isDirectory && isOurTemp(name)) return 'hide';
    const ignored = insideIgnored || ignoredByRules(relative, isDirectory);
    if (!ignored) return 'show';
    return isDirectory && trackedFolders.has(relative) ? 'tracked-only' : 'hide';
  };
  const folderVerdicts = new Map<string, EntryVerdict>();
  const folderVerdict = (folder: string): EntryVerdict => {
    let known = folderVerdicts.get(folder);
    if (known === undefined) {
      const parent = folder.includes('/') ? folderVerdict(parentOf(folder)) : 'show';
      known = parent === 'hide' ? 'hide' : verdict(folder, true, parent === 'tracked-only');
      folderVerdicts.set(folder, known);
    }
    return known;
  };
  return {
    verdict,
    isHiddenFile(relative) {
      const parent = relative.includes('/') ? folderVerdict(parentOf(relative)) : 'show';
      return parent === 'hide' || verdict(relative, false, parent === 'tracked-only') === 'hide';
    },
    isIgnoredFolder: (relative) => folderVerdict(relative) !== 'show',
    isTracked: (relative) => tracked.has(relative),
  };
}
