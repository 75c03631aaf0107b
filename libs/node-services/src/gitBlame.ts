// `git blame --porcelain`: every field keyed (`author …`, `filename …`) and each line's text after a
// TAB, so no author name, path or line of the file can be mistaken for another column (the default
// output pads `hash [path] (author date line) text`, where a path holding " (" or an author named
// "x 2020-01-01 1)" moved every column after it).
import { WorkspaceError, type GitBlame, type GitBlameLine } from '@toolpacks/services';
import { unquote } from './gitPatch';
import { pathspecs, type GitSession } from './gitSession';

/** What a commit's keyed fields say, kept for the later lines of the same commit (git prints them once). */
interface CommitFields {
  author: string;
  time: number;
  zone: string;
  boundary: boolean;
  path: string;
}

const HEADER = /^([0-9a-f]{40,64}) \d+ (\d+)(?: \d+)?$/;

/** `author-time` (seconds) in `author-tz` (`+0130`) as YYYY-MM-DD, as `--date=short` prints it. */
export function shortDate(seconds: number, zone: string): string {
  const match = /^([+-])(\d\d)(\d\d)$/.exec(zone);
  const offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const date = new Date((seconds + offset * 60) * 1000);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/**
 * `git blame --porcelain` output: per line a header `hash orig final [count]`, the commit's fields the
 * first time it appears (its `filename` again whenever the commit has more than one path), then
 * TAB and the line. A cut output keeps only the lines it holds whole.
 */
export function parseBlamePorcelain(output: string, path: string, truncated: boolean): GitBlame {
  const rows = output.split('\n');
  // The last row is '' after git's final newline, or part of a line the cap cut.
  rows.pop();
  const commits = new Map<string, CommitFields>();
  const lines: GitBlameLine[] = [];
  let current: { hash: string; line: number } | undefined;
  for (const row of rows) {
    if (current === undefined) {
      const header = HEADER.exec(row);
      if (header) current = { hash: header[1], line: Number(header[2]) };
      continue;
    }
    let fields = commits.get(current.hash);
    if (!fields) commits.set(current.hash, (fields = { author: '', time: NaN, zone: '', boundary: false, path }));
    if (row.startsWith('\t')) {
      const { author, time, zone, boundary } = fields;
      const date = shortDate(time, zone);
      lines.push({ ...current, author, date, path: fields.path, text: row.slice(1), boundary });
      current = undefined;
      continue;
    }
    const space = row.indexOf(' ');
    const key = space < 0 ? row : row.slice(0, space);
    const value = space < 0 ? '' : row.slice(space + 1);
    if (key === 'author') fields.author = value;
    else if (key === 'author-time') fields.time = Number(value);
    else if (key === 'author-tz') fields.zone = value;
    else if (key === 'boundary') fields.boundary = true;
    else if (key === 'filename') fields.path = unquote(value);
  }
  return { path, lines, truncated };
}

/** Who last changed each line of `file` (within `range`), from git's porcelain output. */
export async function blame(
  session: GitSession,
  file: string,
  range?: { startLine: number; endLine: number },
): Promise<GitBlame> {
  const args = ['blame', '--porcelain', '--no-textconv'];
  if (range) {
    const { startLine, endLine } = range;
    if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < startLine)
      throw new WorkspaceError('The line range must be whole numbers with 1 <= startLine <= endLine.');
    args.push(`-L${startLine},${endLine}`);
  }
  const paths = await pathspecs(session.workspace, file);
  const { text, truncated } = await session.readFull([...args, ...session.blameArgs, '--', ...paths]);
  return parseBlamePorcelain(text, `${session.location.prefix}${paths[0]}`, truncated);
}
