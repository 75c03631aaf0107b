// A commit's and an annotated tag's facts as data, never as git's `--format=fuller` text: commits
// from NUL-separated fields between markers no file can hold (a random nonce per call), with dates
// raw (`--date=raw`) and nothing of the repository's config (mailmap, log.date, notes, encoding)
// changing them; tags from their objects as stored. The git pack renders them as git would.
import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import type { GitCommitFacts, GitSignature, GitTagFacts } from '@toolpacks/services';
import { commitOf, type GitSession } from './gitSession';

/** Options beside {@link factsFormat} that keep the repository's config out of the facts. */
export const FACT_OPTIONS = ['--date=raw', '--no-mailmap', '--no-notes', '--encoding=UTF-8'];

/** A marker per call: a hostile file's diff (text by its attributes, so NUL bytes pass) cannot forge it. */
export function factsNonce(): string {
  return randomBytes(12).toString('hex');
}

/** `--format=…` for one commit's facts: `NUL nonce NUL` fields by NUL `NUL nonce. NUL`. */
export function factsFormat(nonce: string): string {
  return `--format=%x00${nonce}%x00%H%x00%P%x00%p%x00%an%x00%ae%x00%ad%x00%cn%x00%ce%x00%cd%x00%B%x00${nonce}.%x00`;
}

/** One commit's facts and the output that followed them (its diff or numstat), up to the next commit. */
export interface FactsRecord {
  readonly facts: GitCommitFacts;
  readonly after: string;
}

/** What {@link parseFacts} read: text before the first commit, the commits, and whether the last was cut. */
export interface ParsedFacts {
  readonly before: string;
  readonly records: readonly FactsRecord[];
  /** git's output ended inside a commit's fields (the cap cut it): its message is cut, or it is left out. */
  readonly cut: boolean;
}

/** `--date=raw` (`1709263507 +0530`) and the name and email beside it. */
function signature(name: string, email: string, raw: string): GitSignature {
  const [time, timeZone] = raw.split(' ');
  return { name, email, time: Number(time), timeZone: timeZone ?? '+0000' };
}

function commitFacts(fields: readonly Buffer[]): GitCommitFacts {
  const text = fields.map((field) => field.toString('utf8'));
  const [hash, parents, shortParents, an, ae, ad, cn, ce, cd] = text;
  const message = Buffer.concat(fields.slice(9).flatMap((f, i) => (i ? [Buffer.from([0]), f] : [f])));
  return {
    hash,
    parents: parents.split(' ').filter(Boolean),
    shortParents: shortParents.split(' ').filter(Boolean),
    author: signature(an, ae, ad),
    committer: signature(cn, ce, cd),
    message: message.toString('utf8'),
    messageIsUtf8: isUtf8(message),
  };
}

/** Splits git's output made with {@link factsFormat} into the commits' facts and what follows each. */
export function parseFacts(output: Buffer, nonce: string): ParsedFacts {
  const start = Buffer.from(`\0${nonce}\0`);
  const end = Buffer.from(`\0${nonce}.\0`);
  const records: FactsRecord[] = [];
  let at = output.indexOf(start);
  const before = (at < 0 ? output : output.subarray(0, at)).toString('utf8');
  while (at >= 0) {
    const from = at + start.length;
    const found = output.indexOf(end, from);
    // Cut by the cap inside the message: the commit with as much of its message as git gave.
    const to = found < 0 ? output.length : found;
    const fields: Buffer[] = [];
    for (let i = from; i <= to;) {
      const nul = output.indexOf(0, i);
      const stop = nul < 0 || nul > to ? to : nul;
      fields.push(output.subarray(i, stop));
      i = stop + 1;
    }
    if (found < 0 || fields.length < 10) {
      if (fields.length >= 10) records.push({ facts: commitFacts(fields), after: '' });
      return { before, records, cut: true };
    }
    at = output.indexOf(start, to + end.length);
    const after = output.subarray(to + end.length, at < 0 ? output.length : at).toString('utf8');
    records.push({ facts: commitFacts(fields), after });
  }
  return { before, records, cut: false };
}

/** git's own rule for an ident line (`Name <email> 1709263507 +0530`): no date or zone reads as 0 / +0000. */
export function parseIdent(line: string): GitSignature | undefined {
  const open = line.indexOf('<');
  const close = open < 0 ? -1 : line.indexOf('>', open + 1);
  if (close < 0) return undefined;
  const name = line.slice(0, open).replace(/[ \t\n\r]+$/, '');
  const email = line.slice(open + 1, close);
  const when = /^[ \t\n\r]*(\d+)[ \t\n\r]*([+-])(\d+)/.exec(line.slice(line.lastIndexOf('>') + 1));
  if (!when) return { name, email, time: 0, timeZone: '+0000' };
  const zone = Number(`${when[2]}${when[3]}`);
  // git reads the zone as a long, out of an int's range as 0, and prints it `%+05d`.
  const kept = Math.abs(zone) >= 2 ** 31 - 1 ? 0 : zone;
  return {
    name,
    email,
    time: Number(when[1]),
    timeZone: `${kept < 0 ? '-' : '+'}${String(Math.abs(kept)).padStart(4, '0')}`,
  };
}

/** A tag object as stored: its headers up to the first empty line, then its message. */
export function parseTag(raw: string): GitTagFacts & { readonly object: string; readonly type: string } {
  const headers: string[] = [];
  let at = 0;
  while (at < raw.length && raw[at] !== '\n') {
    const next = raw.indexOf('\n', at);
    headers.push(raw.slice(at, next < 0 ? raw.length : next));
    at = next < 0 ? raw.length : next + 1;
  }
  const value = (key: string) => headers.find((h) => h.startsWith(`${key} `))?.slice(key.length + 1) ?? '';
  const taggerLine = headers.find((h) => h.startsWith('tagger '));
  const tagger = taggerLine === undefined ? undefined : parseIdent(taggerLine.slice('tagger '.length));
  return {
    object: value('object'),
    type: value('type'),
    name: value('tag'),
    ...(tagger ? { tagger } : {}),
    ...(at < raw.length ? { message: raw.slice(at + 1) } : {}),
  };
}

/**
 * The commit `revision` names and the annotated tags on the way to it (outermost first), read from
 * the objects; `commit` is undefined when it names no commit (a tree, a blob, a tag of either).
 */
export async function namedCommit(
  session: GitSession,
  revision: string,
): Promise<{ readonly commit?: string; readonly tags: readonly GitTagFacts[] }> {
  const checked = await session.exec(
    ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
    session.readOverrides,
    `${revision}\n`,
  );
  let [object, type] = checked.stdout.trim().split(' ');
  // Missing or ambiguous as an object name: git's revision rules decide (a short hash that is a commit).
  if (checked.code !== 0 || !/^[0-9a-f]{40,64}$/.test(object ?? ''))
    return { commit: await commitOf(session, revision), tags: [] };
  const tags: GitTagFacts[] = [];
  for (let depth = 0; type === 'tag' && depth < 100; depth++) {
    const {
      object: next,
      type: nextType,
      ...tag
    } = parseTag((await session.readFull(['cat-file', 'tag', object])).bytes.toString('utf8'));
    tags.push(tag);
    [object, type] = [next, nextType];
  }
  if (type !== 'commit' || !/^[0-9a-f]{40,64}$/.test(object)) return { tags: [] };
  // A tag's `type` line is repository content (a fetched tag may claim anything): git says what the
  // object really is, or a blob outside the root would be shown as if it were a commit.
  if (tags.length > 0) {
    const target = await session.exec(
      ['cat-file', '--batch-check=%(objecttype)'],
      session.readOverrides,
      `${object}\n`,
    );
    if (target.code !== 0 || target.stdout.trim() !== 'commit') return { tags: [] };
  }
  return { commit: object, tags };
}
