// git_show's header rendered from the commit's and tags' facts, as `git show --format=fuller` prints
// them with no mailmap, notes or decorations and dates in git's default form (a repository's .mailmap,
// which git applies by default, is its own content and may not rename who wrote a commit here): the
// message indented by four with git's own rules (leading blank lines dropped, trailing white space
// cut, a tab expanded to the next multiple of eight columns unless a control character or a byte
// that is not UTF-8 comes before it on the line), merges with their `Merge:` line, each annotated
// tag first as git prints a tag object.
import type { GitCommitFacts, GitPatch, GitSignature, GitTagFacts } from '@toolpacks/services';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** git's default date form (`Tue Mar 5 09:15:07 2024 +0530`), in the person's own time zone. */
export function gitDate(signature: Pick<GitSignature, 'time' | 'timeZone'>): string {
  const zone = Number(signature.timeZone);
  const minutes = Math.sign(zone) * (Math.floor(Math.abs(zone) / 100) * 60 + (Math.abs(zone) % 100));
  const local = signature.time + minutes * 60;
  const days = Math.floor(local / 86_400);
  const seconds = local - days * 86_400;
  const { year, month, day } = civilDate(days);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  const weekday = DAYS[(((days + 4) % 7) + 7) % 7]; // 1 January 1970 was a Thursday
  return `${weekday} ${MONTHS[month - 1]} ${day} ${time} ${year} ${signature.timeZone}`;
}

/**
 * The proleptic Gregorian date `days` after 1 January 1970, for any year git can store (a JavaScript
 * Date ends at the year 275760; a commit may say 3170843): the days-to-civil algorithm of
 * http://howardhinnant.github.io/date_algorithms.html, in 400-year eras.
 */
function civilDate(days: number): { year: number; month: number; day: number } {
  const shifted = days + 719_468; // from 1 March of the year 0
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** East Asian wide and full-width blocks (git's double_width table, emoji apart). */
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x3247],
  [0x3250, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f251],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];
/** Ideographs: wide also where no character is assigned yet (as git's table has them). */
const IDEOGRAPHS: readonly [number, number][] = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
];
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u;
const UNASSIGNED = /^\p{Cn}$/u;
/** Emoji shown as emoji by default (wide), but not the regional indicators (narrow to git). */
const EMOJI = /^(?![\u{1f1e6}-\u{1f1ff}])\p{Emoji_Presentation}$/u;
const inRanges = (code: number, ranges: readonly [number, number][]) =>
  ranges.some(([from, to]) => code >= from && code <= to);

/** Columns `char` takes as git counts them; undefined where git gives up aligning (a control character). */
function columns(char: string, utf8: boolean): number | undefined {
  const code = char.codePointAt(0)!;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return undefined;
  if (code === 0xfffd && !utf8) return undefined; // a byte that was not UTF-8
  if (code === 0xfffe || code === 0xffff) return undefined; // git's UTF-8 reader refuses these two as bad bytes
  if (code !== 0xad && ZERO_WIDTH.test(char)) return 0;
  if (inRanges(code, IDEOGRAPHS)) return 2;
  if (UNASSIGNED.test(char)) return 1;
  if (EMOJI.test(char) || inRanges(code, WIDE)) return 2;
  return 1;
}

/** A line with each tab expanded to the next multiple of eight columns, as git's log does. */
function expandTabs(line: string, utf8: boolean): string {
  let out = '';
  let rest = line;
  for (let tab = rest.indexOf('\t'); tab >= 0; tab = rest.indexOf('\t')) {
    let width = 0;
    for (const char of rest.slice(0, tab)) {
      const w = columns(char, utf8);
      if (w === undefined) return out + rest;
      width += w;
    }
    out += rest.slice(0, tab) + ' '.repeat(8 - (width % 8));
    rest = rest.slice(tab + 1);
  }
  return out + rest;
}

/** git's isspace: space, tab, line feed and carriage return only. */
const trimGitSpace = (text: string) => text.replace(/[ \t\n\r]+$/, '');

/** The message's lines as git's fuller format prints them, each indented by four. */
function messageLines(facts: GitCommitFacts): string[] {
  const lines = facts.message.split('\n');
  if (facts.message.endsWith('\n')) lines.pop();
  const shown: string[] = [];
  for (const line of lines) {
    const text = trimGitSpace(line);
    if (text === '' && shown.length === 0) continue;
    shown.push(`    ${expandTabs(text, facts.messageIsUtf8)}`);
  }
  while (shown.length && shown[shown.length - 1].trim() === '') shown.pop();
  return shown;
}

const person = (signature: GitSignature) => `${signature.name} <${signature.email}>`;

/** One commit's header as `git show --format=fuller` prints it, without its final line break. */
export function commitHeaderText(facts: GitCommitFacts): string {
  const lines = [
    `commit ${facts.hash}`,
    ...(facts.parents.length > 1 ? [`Merge: ${facts.shortParents.join(' ')}`] : []),
    `Author:     ${person(facts.author)}`,
    `AuthorDate: ${gitDate(facts.author)}`,
    `Commit:     ${person(facts.committer)}`,
    `CommitDate: ${gitDate(facts.committer)}`,
  ];
  const message = messageLines(facts);
  return trimGitSpace([...lines, '', ...message].join('\n'));
}

/** An annotated tag as `git show` prints a tag object (its message as stored). */
function tagText(tag: GitTagFacts): string {
  const tagger = tag.tagger ? `Tagger:     ${person(tag.tagger)}\nTaggerDate: ${gitDate(tag.tagger)}\n` : '';
  return `tag ${tag.name}\n${tagger}${tag.message !== undefined ? `\n${tag.message}` : ''}`;
}

/** git_show's text of a commit's patch before and around its files: see {@link showHeaders}. */
export interface ShowHeaders {
  /** Before the first file: the tags, and every commit up to the first with files. */
  readonly header: string;
  /** Per file (index into `patch.files`): the headers of the commits after it, up to the next with files. */
  readonly after: ReadonlyMap<number, string>;
}

/**
 * Where git's own `show --format=fuller` text puts each header: the tags and the commits before the
 * first file ahead of everything (then trimmed, as the text before the first file always was); the
 * headers of later commits at the end of the last file before them. With the diff, git follows a
 * merge's header with an empty line even when its combined diff is empty.
 */
export function showHeaders(patch: GitPatch, withDiff: boolean): ShowHeaders {
  let stream = (patch.tags ?? []).map(tagText).join('\n');
  const after = new Map<number, string>();
  let fileIndex = 0;
  let pending: string | undefined;
  for (const commit of patch.commits ?? []) {
    const text = `${commitHeaderText(commit.facts)}\n${withDiff && commit.facts.parents.length > 1 ? '\n' : ''}`;
    if (pending !== undefined) pending += `\n${text}`;
    else stream += `${stream ? '\n' : ''}${text}`;
    if (commit.fileCount > 0) {
      if (pending) after.set(fileIndex - 1, pending);
      fileIndex += commit.fileCount;
      pending = '';
    }
  }
  if (pending) after.set(fileIndex - 1, pending);
  return { header: stream.trimEnd(), after };
}

/** The commit git_show's data names: the one asked for (a tag resolved), or a range's first. */
export function shownCommitSummary(
  patch: GitPatch,
): { hash: string; author: string; authorDate: string; subject: string } | undefined {
  const commits = patch.commits ?? [];
  const shown = patch.commit === undefined ? commits[0] : commits.find((c) => c.facts.hash === patch.commit);
  if (!shown) return undefined;
  const { facts } = shown;
  // The subject is the message's first paragraph on one line, each line trimmed.
  const paragraph: string[] = [];
  for (const line of messageLines(facts)) {
    if (line.trim() === '') break;
    paragraph.push(line.slice(4).trim());
  }
  return {
    hash: facts.hash,
    author: person(facts.author).trim(),
    authorDate: gitDate(facts.author).trim(),
    subject: paragraph.join(' '),
  };
}
