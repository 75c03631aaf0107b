// Where the git service answers a read as text (status, log, a commit's header, a commit's summary),
// the structured results are read back out of that text here; blame and the branch list come from
// the service as fields. File names, authors and subjects come from the repository, so every parser
// reads only what git's format fixes (quoting, the fields' order) and never lets such a value decide
// where a field ends when git's format leaves it open.

/** The line the git service appends when git's output passed its size cap. */
export const CAP_NOTE = /^\[output cut at \d+ KB; narrow it/;

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  '"': '"',
  '\\': '\\',
  a: '\x07',
  b: '\b',
  f: '\f',
  r: '\r',
  v: '\v',
};

/**
 * A path as git prints it, from `text[from]`: C-quoted (`"a b\tc"`, octal bytes) when it holds a
 * space, quote, backslash or control character, else as it is up to `end`. Returns the path and
 * where it stopped.
 */
export function readPath(text: string, from = 0, end = text.length): { path: string; next: number } {
  if (text[from] !== '"') return { path: text.slice(from, end), next: end };
  const bytes: number[] = [];
  let i = from + 1;
  for (; i < text.length && text[i] !== '"'; i++) {
    if (text[i] !== '\\') {
      bytes.push(...Buffer.from(text[i], 'utf8'));
      continue;
    }
    const next = text[++i] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(text.slice(i, i + 3), 8) & 0xff);
      i += 2;
    } else bytes.push(...Buffer.from(ESCAPES[next] ?? next, 'utf8'));
  }
  return { path: Buffer.from(bytes).toString('utf8'), next: i + 1 };
}

// ---- git status --short --branch ----

const STATES = {
  ' ': 'unmodified',
  M: 'modified',
  T: 'typechange',
  A: 'added',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  U: 'unmerged',
  '?': 'untracked',
  '!': 'ignored',
} as const;

export type FileState = (typeof STATES)[keyof typeof STATES];
/** The states of a file in the index or the working tree, for a schema's enum. */
export const FILE_STATES = [
  'unmodified',
  'modified',
  'typechange',
  'added',
  'deleted',
  'renamed',
  'copied',
  'unmerged',
  'untracked',
  'ignored',
] as const satisfies readonly FileState[];

/** Both sides changed the file: a merge conflict (git's seven unmerged XY pairs). */
const UNMERGED = new Set(['DD', 'AU', 'UD', 'UA', 'DU', 'AA', 'UU']);

export interface StatusFile {
  readonly path: string;
  readonly index: FileState;
  readonly workingTree: FileState;
  readonly from?: string;
  readonly unmerged?: boolean;
}

/** One `XY path` / `XY from -> to` line, or undefined for a line that is not one. */
export function parseStatusLine(line: string): StatusFile | undefined {
  const x = line[0] as keyof typeof STATES;
  const y = line[1] as keyof typeof STATES;
  if (line.length < 4 || line[2] !== ' ' || !(x in STATES) || !(y in STATES)) return undefined;
  const first = readPath(line, 3);
  const renamed = x === 'R' || x === 'C' || y === 'R' || y === 'C';
  let path = first.path;
  let from: string | undefined;
  if (renamed) {
    // An unquoted name holds no space (short status quotes those), so ' -> ' is git's own.
    const arrow = line[3] === '"' ? first.next : line.indexOf(' -> ', 3);
    if (arrow > 0 && line.startsWith(' -> ', arrow)) {
      from = line[3] === '"' ? first.path : line.slice(3, arrow);
      path = readPath(line, arrow + 4).path;
    }
  }
  return {
    path,
    index: STATES[x],
    workingTree: STATES[y],
    ...(from !== undefined ? { from } : {}),
    ...(UNMERGED.has(`${x}${y}`) ? { unmerged: true } : {}),
  };
}

export interface StatusBranch {
  readonly branch?: string;
  readonly detached: boolean;
  readonly upstream?: string;
  readonly ahead?: number;
  readonly behind?: number;
  readonly upstreamGone?: boolean;
}

/** The `## …` line: branch (or detached HEAD), upstream and how far apart they are. */
export function parseBranchLine(line: string): StatusBranch {
  const rest = line.slice(3);
  if (rest === 'HEAD (no branch)') return { detached: true };
  const unborn = /^(?:No commits yet|Initial commit) on (\S+)$/.exec(rest);
  if (unborn) return { branch: unborn[1], detached: false };
  // Ref names hold no space and no '..', so '...' and ' [' are git's own separators.
  const match = /^(\S+?)(?:\.\.\.(\S+))?(?: \[(.*)\])?$/.exec(rest);
  if (!match) return { detached: false };
  const [, branch, upstream, tracking = ''] = match;
  if (upstream === undefined) return { branch, detached: false };
  if (tracking === 'gone') return { branch, detached: false, upstream, upstreamGone: true };
  // '' (in step) or 'ahead 1, behind 2'; status.aheadBehind=false prints 'different' instead.
  if (tracking !== '' && !/^(ahead|behind) \d+/.test(tracking)) return { branch, detached: false, upstream };
  const count = (word: string) => Number(new RegExp(`${word} (\\d+)`).exec(tracking)?.[1] ?? 0);
  return { branch, detached: false, upstream, ahead: count('ahead'), behind: count('behind') };
}

// ---- git log --format='%h %ad %an%n    %s' ----

export interface LogCommit {
  readonly hash: string;
  readonly date: string;
  readonly author: string;
  readonly subject: string;
}

/** One commit's section (its line, then the indented subject), or undefined for another line. */
export function parseLogSection(section: string): LogCommit | undefined {
  const [head, ...subject] = section.split('\n');
  // The date is ISO 8601 (no space); the author is the rest of the line (git keeps it on one).
  const match = /^([0-9a-f]{4,64}) (\S+) (.*)$/.exec(head);
  if (!match) return undefined;
  return {
    hash: match[1],
    date: match[2],
    author: match[3],
    subject: subject.map((line) => line.replace(/^ {4}/, '')).join(' '),
  };
}

// ---- git show --format=fuller, git commit ----

export interface CommitHeader {
  readonly hash: string;
  readonly author: string;
  readonly authorDate: string;
  readonly subject: string;
}

/**
 * The commit a `git show --format=fuller` header describes: `commit`'s (the service resolved the
 * revision to it), read from its own line on, never from an annotated tag's text before it (which
 * may hold `commit <hash>` and `Author:` lines); without `commit` (a range) the first.
 */
export function parseShowHeader(header: string, commit?: string): CommitHeader | undefined {
  const lines = header.split('\n');
  let start = -1;
  if (commit === undefined) start = lines.findIndex((l) => /^commit [0-9a-f]{40,64}\b/.test(l));
  else
    for (let i = lines.length - 1; i >= 0 && start < 0; i--)
      if (lines[i] === `commit ${commit}` || lines[i].startsWith(`commit ${commit} `)) start = i;
  if (start < 0) return undefined;
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
  return {
    hash: lines[start].split(' ')[1],
    author: field('Author'),
    authorDate: field('AuthorDate'),
    subject: paragraph.join(' '),
  };
}

export interface CommitSummary {
  readonly branch: string;
  readonly hash: string;
  readonly subject: string;
  /** `1 file changed, 2 insertions(+)`, or '' when git printed none. */
  readonly summary: string;
}

/** `[branch (root-commit) hash] subject` and the ` N files changed, …` line of `git commit`. */
export function parseCommitOutput(output: string): CommitSummary | undefined {
  // Branch names hold no space; a detached HEAD says so in two words.
  const head = /^\[(detached HEAD|\S+)(?: \(root-commit\))? ([0-9a-f]{4,64})\] (.*)$/m.exec(output);
  if (!head) return undefined;
  const summary = /^ (\d+ files? changed.*)$/m.exec(output.slice(head.index + head[0].length));
  return { branch: head[1], hash: head[2], subject: head[3], summary: summary?.[1] ?? '' };
}
