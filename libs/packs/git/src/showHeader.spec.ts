// git_show's commit header against git's own `show --format=fuller` in a neutral environment (no
// global config, the repository's config overridden by command-line flags): the odd commits (a
// merge, annotated and lightweight tags, blank lines, trailing spaces, tabs after wide and control
// characters, CR, bytes that are not UTF-8, an empty message, author ≠ committer) render byte for
// byte as git renders them, and a hostile repository's config (mailmap, log.date, notes, format.pretty,
// i18n.logOutputEncoding, color.ui, decorations, abbreviated hashes) changes nothing we show.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createPackHarness, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from './index';

jest.setTimeout(120_000);

const AUTHOR = { GIT_AUTHOR_NAME: 'Ada Author', GIT_AUTHOR_EMAIL: 'ada@example.com' };
const COMMITTER = { GIT_COMMITTER_NAME: 'Carl Committer', GIT_COMMITTER_EMAIL: 'carl@example.org' };

let h: PackHarness;
let home: string;
let day = 1;

/** git under a neutral environment: no GIT_* of ours, an empty HOME, no system config. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^GIT_/i.test(name)));
  return { ...clean, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C', ...extra };
}
const git = (args: string[], input?: Buffer | string, extra: Record<string, string> = {}): Buffer =>
  execFileSync('git', args, { cwd: h.root, env: env(extra), input, stdio: ['pipe', 'pipe', 'pipe'] });
const text = (args: string[]) => git(args).toString('utf8').trim();

/** Each commit a day later, the author's and committer's zones apart (a half-hour zone, a negative one). */
function dates(): Record<string, string> {
  const d = String(day++).padStart(2, '0');
  return { GIT_AUTHOR_DATE: `2024-03-${d}T09:15:07+0530`, GIT_COMMITTER_DATE: `2024-03-${d}T23:59:59-0800` };
}
function commit(message: string | Buffer, ...args: string[]): string {
  git(
    ['commit', '--quiet', '--allow-empty', '--allow-empty-message', '--cleanup=verbatim', '-F', '-', ...args],
    message,
    {
      ...AUTHOR,
      ...COMMITTER,
      ...dates(),
    },
  );
  return text(['rev-parse', 'HEAD']);
}
/** A commit object written as given (bytes git commit would re-encode or refuse), made HEAD. */
function rawCommit(message: Buffer, extraHeader = '', authorDate = '1709263507 +0530'): string {
  const tree = text(['rev-parse', 'HEAD^{tree}']);
  const parent = text(['rev-parse', 'HEAD']);
  const head = `tree ${tree}\nparent ${parent}\nauthor Ada Author <ada@example.com> ${authorDate}\ncommitter Carl Committer <carl@example.org> 1709351999 -0800\n${extraHeader}\n`;
  const hash = git(['hash-object', '-t', 'commit', '-w', '--stdin'], Buffer.concat([Buffer.from(head), message]))
    .toString()
    .trim();
  git(['update-ref', 'HEAD', hash]);
  return hash;
}

/** git's own rendering, every setting that could change it given on the command line. */
const NEUTRAL = [
  '-c',
  'color.ui=false',
  '-c',
  'log.showSignature=false',
  '-c',
  'core.pager=cat',
  'show',
  '--format=fuller',
  '--date=default',
  '--no-mailmap',
  '--no-notes',
  '--no-decorate',
  '--no-abbrev-commit',
  '--encoding=UTF-8',
  '--no-color',
];
const neutral = (revision: string, ...args: string[]) =>
  git([...NEUTRAL, ...args, '--end-of-options', revision, '--']).toString('utf8');

/** git_show's text for `revision`, with the budget far above any of these commits. */
async function shown(revision: string, input: Record<string, unknown> = {}): Promise<string> {
  const result = await h.call('git_show', { revision, ...input });
  if (result.isError) throw new Error(result.text);
  return result.text;
}

/** `git show`'s text as git_show lays it out: the header, then each file's section on its own. */
function asTool(output: string): string {
  const first = output.search(/^diff --(?:git|cc|combined) /m);
  if (first < 0) return output.trimEnd();
  const header = output.slice(0, first).trimEnd();
  const sections = output
    .slice(first)
    .split(/^(?=diff --(?:git|cc|combined) )/m)
    .map((section) => section.replace(/\n+$/, ''));
  return [header, sections.join('\n')].filter(Boolean).join('\n\n');
}

beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'show-header-home-'));
  h = await createPackHarness([gitPack]);
  day = 1;
  git(['init', '--quiet', '--initial-branch=main']);
  await fs.writeFile(path.join(h.root, 'a.txt'), 'a\n');
  git(['add', 'a.txt']);
  commit('first\n');
  await h.host.refresh();
});
afterEach(async () => {
  await h.dispose();
  await fs.rm(home, { recursive: true, force: true });
});

describe("git_show's header is git's fuller header, byte for byte", () => {
  const messages: [string, string | Buffer][] = [
    ['blank lines, leading and trailing ones, and trailing spaces', '\n\nsubject  \n\n\n  body\n\n  more  \t\n\n\n'],
    ['a long first paragraph', 'one line\nof a subject\n  that goes on\n\nbody\n'],
    [
      'tabs after plain, wide, combining and control characters',
      'tabs\n\n\tstart\nab\tc\n漢字\tx\ne\u0301\tx\nctl \x01\tx\n',
    ],
    ['a CR inside and at the ends of lines', 'cr\r\n\r\nmid\rline\r\nend\r'],
    ['no newline at the end', 'subject only'],
    ['an empty message', ''],
    ['characters outside the BMP and escapes', 'emoji 🎉\tx\n\x1b[31mred\x1b[m\tx\n'],
    [
      'a replacement character written as such, a soft hyphen, a C1 control, noncharacters',
      'r \ufffd\tx\n\u00ad\tx\n\u0085\tx\n\ufdd0\tx\n\u{1fffe}\tx\n',
    ],
  ];
  it.each(messages)('%s', async (_name, message) => {
    const hash = commit(message);
    expect(await shown(hash)).toBe(asTool(neutral(hash)));
    expect(await shown(hash, { stat: true })).toBe(`${neutral(hash, '--no-patch').trimEnd()}\n\nNo files changed.`);
  });

  it('bytes that are not UTF-8, and a commit declaring another encoding', async () => {
    const bad = rawCommit(Buffer.from([0x62, 0x61, 0x64, 0x20, 0xff, 0xfe, 0x09, 0x78, 0x0a, 0x0a, 0xc3, 0x28, 0x0a]));
    expect(await shown(bad)).toBe(asTool(neutral(bad)));
    const nonchar = rawCommit(Buffer.from('x\n\nnon \uffff\tx\n', 'utf8'));
    expect(await shown(nonchar)).toBe(asTool(neutral(nonchar)));
    const declared = rawCommit(Buffer.from('caf\xe9\t\xe9t\xe9\n\nd\xe9j\xe0\n', 'latin1'), 'encoding ISO-8859-1\n');
    expect(await shown(declared)).toBe(asTool(neutral(declared)));
  });

  it.each(['99999999999999 +0000', '253402300799 +1400', '-5 +0000', '86400 -1200', '1709263507 +99999'])(
    'an author date of %s (beyond what a JavaScript Date holds, before 1970, odd zones)',
    async (authorDate) => {
      const hash = rawCommit(Buffer.from('dated\n'), '', authorDate);
      expect(await shown(hash)).toBe(asTool(neutral(hash)));
    },
  );

  it('a merge commit (its Merge: line) and a range of commits with and without changes', async () => {
    git(['switch', '--quiet', '-c', 'topic']);
    await fs.writeFile(path.join(h.root, 'b.txt'), 'b\n');
    git(['add', 'b.txt']);
    commit('topic change\n');
    git(['switch', '--quiet', 'main']);
    await fs.writeFile(path.join(h.root, 'a.txt'), 'a\nmain\n');
    git(['add', 'a.txt']);
    commit('main change\n');
    commit('empty on main\n');
    git(['merge', '--quiet', '--no-ff', '--no-edit', 'topic'], undefined, { ...AUTHOR, ...COMMITTER, ...dates() });
    expect(text(['rev-list', '--parents', '-1', 'HEAD']).split(' ')).toHaveLength(3);
    // A clean merge has no combined diff; its per-file summary (against the first parent) follows.
    expect(await shown('HEAD')).toContain(`${asTool(neutral('HEAD'))}\n\n[Showing 0 of 1 files`);
    expect(await shown('HEAD')).toMatch(/^commit [0-9a-f]{40}\nMerge: [0-9a-f]{7,} [0-9a-f]{7,}\nAuthor: {5}/);
    expect(await shown('HEAD~3..HEAD')).toBe(asTool(neutral('HEAD~3..HEAD')));
    expect(await shown('HEAD~3..HEAD', { stat: true })).toContain(neutral('HEAD~3..HEAD', '--no-patch').trimEnd());
  });

  it('a commit with no change inside the path asked for', async () => {
    const hash = commit('touches nothing\n\n\tbody\n');
    expect(await shown(hash, { path: 'a.txt' })).toBe(
      `${neutral(hash, '--no-patch').trimEnd()}\n\n(no changes inside 'a.txt')`,
    );
  });

  it('annotated tags (one of another) with a message that reads like a commit, and a lightweight tag', async () => {
    const target = commit('tagged\n\nbody\n');
    const tagEnv = { ...COMMITTER, GIT_COMMITTER_DATE: '2024-04-01T12:00:00+1400' };
    git(['tag', '-a', '-F', '-', 'inner', target], `release\n\ncommit ${target}\nAuthor: Mallory <m@x>\n`, tagEnv);
    git(['-c', 'advice.nestedTag=false', 'tag', '-a', '-m', 'outer  ', 'outer', 'inner'], undefined, tagEnv);
    git(['tag', 'light', target]);
    for (const tag of ['inner', 'outer', 'light']) expect(await shown(tag)).toBe(asTool(neutral(tag)));
    const tagged = await h.call('git_show', { revision: 'inner' });
    expect(tagged.structuredContent).toMatchObject({
      commit: { hash: target, author: 'Ada Author <ada@example.com>', subject: 'tagged' },
    });
  });

  it('tags git writes no longer: no tagger, no message, a message without a final line break', async () => {
    const target = text(['rev-parse', 'HEAD']);
    const tag = (body: string) => {
      const raw = `object ${target}\ntype commit\ntag odd\n${body}`;
      const hash = git(['hash-object', '-t', 'tag', '-w', '--literally', '--stdin'], raw).toString().trim();
      git(['update-ref', 'refs/tags/odd', hash]);
    };
    for (const body of [
      '\nno tagger\n',
      'tagger Carl <c@x> 1709351999 +0000\n\nno final break',
      'tagger Carl <c@x>\n',
    ]) {
      tag(body);
      expect(await shown('odd')).toBe(asTool(neutral('odd')));
    }
  });

  it('annotated tags of a blob and of a tree (and of a tag of a tree): the tag block, then the object', async () => {
    await fs.mkdir(path.join(h.root, 'd'));
    await fs.writeFile(path.join(h.root, 'd', 'b.txt'), 'b\n');
    git(['add', 'd']);
    commit('a tree\n');
    const tagEnv = { ...COMMITTER, GIT_COMMITTER_DATE: '2024-04-01T12:00:00+1400' };
    git(['tag', '-a', '-m', 'a blob', 'blobtag', 'HEAD:a.txt'], undefined, tagEnv);
    git(['tag', '-a', '-m', 'a tree', 'treetag', 'HEAD:d'], undefined, tagEnv);
    git(['-c', 'advice.nestedTag=false', 'tag', '-a', '-m', 'outer', 'outertree', 'treetag'], undefined, tagEnv);
    for (const tag of ['blobtag', 'treetag', 'outertree']) expect(await shown(tag)).toBe(asTool(neutral(tag)));
    await fs.writeFile(path.join(h.root, '.mailmap'), 'Mapped <m@x> <carl@example.org>\n');
    for (const [key, value] of [
      ['log.mailmap', 'true'],
      ['log.date', 'relative'],
      ['color.ui', 'always'],
    ])
      git(['config', key, value]);
    for (const tag of ['blobtag', 'treetag']) expect(await shown(tag)).toBe(asTool(neutral(tag)));
  });

  it('an object that is no commit is content', async () => {
    const tree = await h.call('git_show', { revision: 'HEAD^{tree}' });
    expect(tree.text).toBe(asTool(neutral('HEAD^{tree}')));
    expect(tree.structuredContent).toMatchObject({ kind: 'content', content: tree.text });
  });

  it('a hostile repository config changes nothing shown', async () => {
    const hash = commit('subject\n\n\tbody with a tab\n');
    const before = await shown(hash);
    await fs.writeFile(path.join(h.root, '.mailmap'), 'Mapped Name <mapped@example.com> <ada@example.com>\n');
    git(['notes', 'add', '-m', 'a note the repository added', hash], undefined, { ...AUTHOR, ...COMMITTER });
    for (const [key, value] of [
      ['log.mailmap', 'true'],
      ['mailmap.file', '.mailmap'],
      ['log.date', 'relative'],
      ['log.showSignature', 'true'],
      ['notes.displayRef', 'refs/notes/*'],
      ['format.pretty', 'oneline'],
      ['i18n.logOutputEncoding', 'ISO-8859-1'],
      ['color.ui', 'always'],
      ['log.decorate', 'full'],
      ['log.abbrevCommit', 'true'],
    ])
      git(['config', key, value]);
    const after = await shown(hash);
    expect(after).toBe(before);
    expect(after).toBe(asTool(neutral(hash)));
    expect(after).not.toMatch(/Mapped Name|a note|ago|HEAD ->/);
    expect(after).not.toContain(String.fromCharCode(27));
  });
});
