// The words the model reads for git's facts, rendered from the same values the tools return as
// data: `git status --short --branch` and the log's lines, exactly as git prints them (the model
// knows those forms), so the service reads git's NUL-separated formats and nothing is parsed back.
import type { GitFileState, GitLogCommit, GitStatus, GitStatusFile } from '@toolpacks/services';

const LETTERS: Readonly<Record<GitFileState, string>> = {
  unmodified: ' ',
  modified: 'M',
  typechange: 'T',
  added: 'A',
  deleted: 'D',
  renamed: 'R',
  copied: 'C',
  unmerged: 'U',
  untracked: '?',
  ignored: '!',
};

const NAMED: Readonly<Record<string, string>> = {
  '\x07': 'a',
  '\b': 'b',
  '\t': 't',
  '\n': 'n',
  '\v': 'v',
  '\f': 'f',
  '\r': 'r',
  '"': '"',
  '\\': '\\',
};

/**
 * A path as git's short status prints it with core.quotePath off: in double quotes, C-escaped, when
 * it holds a control character, a quote, a backslash or a space; other characters as they are.
 */
export function quotePath(name: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\x00-\x1f\x7f"\\ ]/.test(name)) return name;
  let quoted = '';
  for (const char of name) {
    const code = char.charCodeAt(0);
    if (NAMED[char] !== undefined) quoted += `\\${NAMED[char]}`;
    else if (code < 0x20 || code === 0x7f) quoted += `\\${code.toString(8).padStart(3, '0')}`;
    else quoted += char;
  }
  return `"${quoted}"`;
}

/** The `## …` line: the branch (or a detached HEAD), its upstream and how far apart they are. */
export function branchLine(status: GitStatus): string {
  if (status.detached || status.branch === undefined) return '## HEAD (no branch)';
  if (status.unborn) return `## No commits yet on ${status.branch}`;
  if (status.upstream === undefined) return `## ${status.branch}`;
  const line = `## ${status.branch}...${status.upstream}`;
  if (status.upstreamGone) return `${line} [gone]`;
  if (status.upstreamDiffers) return `${line} [different]`;
  const counts = [
    ...(status.ahead ? [`ahead ${status.ahead}`] : []),
    ...(status.behind ? [`behind ${status.behind}`] : []),
  ];
  return counts.length ? `${line} [${counts.join(', ')}]` : line;
}

/** One `XY path` / `XY from -> to` line. */
export function statusLine(file: GitStatusFile): string {
  const xy = `${LETTERS[file.index]}${LETTERS[file.workingTree]}`;
  const name = file.from !== undefined ? `${quotePath(file.from)} -> ${quotePath(file.path)}` : quotePath(file.path);
  return `${xy} ${name}`;
}

/** A commit's two lines as `git log --format='%h %ad %an%n    %s'` prints them. */
export function logSection(commit: GitLogCommit): string {
  return `${commit.hash} ${commit.date} ${commit.author}\n    ${commit.subject}`;
}
