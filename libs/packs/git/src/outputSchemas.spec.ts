// Issue 23, item 3: every git tool declares an outputSchema (a closed object, valid JSON Schema
// 2020-12), and each call's structuredContent says what its text says. The harness already fails a
// call whose structured result is missing or off its schema; this checks the data against the text.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { OutputOf, ToolValue } from '@toolpacks/registry';
import {
  createPackHarness,
  initRepository,
  type HarnessCallResult,
  type PackHarness,
} from '@toolpacks/host-node/testing';
import { gitPack } from './index';
import { gitAdd } from './tools/git_add';
import { gitBlame } from './tools/git_blame';
import { gitBranch } from './tools/git_branch';
import { gitCommit } from './tools/git_commit';
import { gitDiff } from './tools/git_diff';
import { gitLog } from './tools/git_log';
import { gitRestore } from './tools/git_restore';
import { gitShow } from './tools/git_show';
import { gitStatus } from './tools/git_status';
import { gitSwitch } from './tools/git_switch';

jest.setTimeout(60_000);

/** The call's structured result, typed by the tool's outputSchema; the call must have succeeded. */
function data<T extends ToolValue>(_tool: T, result: HarnessCallResult): OutputOf<T> {
  expect([result.status, result.text]).toEqual(['ok', expect.any(String)]);
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent as OutputOf<T>;
}

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: boolean };

/** Object nodes anywhere in a schema that are open (additionalProperties not false). */
function openObjects(schema: Schema, at = '$'): string[] {
  if (schema.type === 'array' && schema.items) return openObjects(schema.items, `${at}[]`);
  if (schema.type !== 'object') return [];
  return [
    ...(schema.additionalProperties === false ? [] : [at]),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => openObjects(inner, `${at}.${name}`)),
  ];
}

describe('git output schemas', () => {
  it('every tool declares a closed object outputSchema that is valid JSON Schema 2020-12 (Ajv strict mode)', () => {
    const ajv = new Ajv2020({ strict: true });
    expect(gitPack.tools).toHaveLength(10);
    for (const { definition } of gitPack.tools) {
      const schema = definition.outputSchema as Schema | undefined;
      expect([definition.name, schema?.type]).toEqual([definition.name, 'object']);
      expect([definition.name, openObjects(schema!)]).toEqual([definition.name, []]);
      expect(ajv.validateSchema(schema!)).toBe(true);
      // strict: an unknown keyword, or a required property that is not declared, throws.
      expect(() => ajv.compile(schema!)).not.toThrow();
    }
  });
});

const sh = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

describe('the reads say what their text says', () => {
  let h: PackHarness;
  beforeAll(async () => {
    h = await createPackHarness([gitPack]);
    await initRepository(h.root, [
      { files: { 'a.txt': 'one\ntwo\nthree\n', 'old name.txt': 'moved\n' }, message: 'first' },
      { files: { 'a.txt': 'one\nTWO\nthree\n' }, message: '[WIP] second' },
    ]);
    sh(h.root, 'branch', 'other', 'HEAD~1');
    sh(h.root, 'mv', 'old name.txt', 'new name.txt');
    await fs.writeFile(path.join(h.root, 'a.txt'), 'one\nTWO\nthree\nfour\n');
    // Names git quotes, and one that a list joined by ", " would blur.
    await fs.writeFile(path.join(h.root, 'new, file.txt'), 'new\n');
    await fs.writeFile(path.join(h.root, 'line\nbreak.txt'), 'hostile\n');
    await h.host.refresh();
  });
  afterAll(() => h.dispose());

  it('git_status: the branch and every file, names as they are', async () => {
    const result = await h.call('git_status', {});
    const status = data(gitStatus, result);
    expect(result.text.split('\n')).toEqual(
      expect.arrayContaining(['## main', ' M a.txt', 'R  "old name.txt" -> "new name.txt"', '?? "line\\nbreak.txt"']),
    );
    expect(status).toEqual({
      branch: 'main',
      detached: false,
      files: expect.arrayContaining([
        { path: 'a.txt', index: 'unmodified', workingTree: 'modified' },
        { path: 'new name.txt', from: 'old name.txt', index: 'renamed', workingTree: 'unmodified' },
        { path: 'line\nbreak.txt', index: 'untracked', workingTree: 'untracked' },
        { path: 'new, file.txt', index: 'untracked', workingTree: 'untracked' },
      ]),
      truncated: false,
    });
    expect(status.files).toHaveLength(result.text.split('\n').length - 1);
  });

  it('git_log: the commits of the text, newest first', async () => {
    const result = await h.call('git_log', {});
    const log = data(gitLog, result);
    const hashes = [...result.text.matchAll(/^([0-9a-f]+) /gm)].map((m) => m[1]);
    expect(log.commits.map((c) => c.hash)).toEqual(hashes);
    expect(log.commits.map((c) => c.subject)).toEqual(['[WIP] second', 'first']);
    expect(log.commits[0]).toMatchObject({ author: 'Test User', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(log.nextSkip).toBeUndefined();
  });

  it('git_diff: the files with their counts, the untracked files and the patch the text shows', async () => {
    const result = await h.call('git_diff', {});
    const diff = data(gitDiff, result);
    expect(diff).toEqual({
      files: [{ path: 'a.txt', status: 'modified', additions: 1, deletions: 0 }],
      fileCount: 1,
      untracked: ['line\nbreak.txt', 'new, file.txt'],
      patch: expect.stringMatching(/^diff --git a\/a\.txt b\/a\.txt\n[\s\S]*\n\+four$/),
      truncated: false,
    });
    expect(result.text.startsWith(diff.patch!)).toBe(true);
    // The text lists the hostile name on one line, its line break made visible.
    expect(result.text).toMatch(/\n {2}line␊break\.txt\n {2}new, file\.txt$/);
    const staged = data(gitDiff, await h.call('git_diff', { staged: true }));
    expect(staged.files).toEqual([
      { path: 'new name.txt', from: 'old name.txt', status: 'renamed', additions: 0, deletions: 0 },
    ]);
    expect(staged.untracked).toEqual([]);
    const stat = await h.call('git_diff', { stat: true });
    expect(stat.text).toContain('a.txt | +1 -0');
    expect(data(gitDiff, stat)).toMatchObject({ files: [{ path: 'a.txt', additions: 1, deletions: 0 }], fileCount: 1 });
  });

  it('git_show: the commit and its files, or a file at a revision', async () => {
    const result = await h.call('git_show', { revision: 'HEAD' });
    const show = data(gitShow, result);
    expect(show).toMatchObject({
      kind: 'commit',
      commit: { hash: /^commit ([0-9a-f]{40})/.exec(result.text)![1], author: 'Test User <test@example.com>' },
      files: [{ path: 'a.txt', status: 'modified', additions: 1, deletions: 1 }],
      fileCount: 1,
      truncated: false,
    });
    expect(show.commit!.subject).toBe('[WIP] second');
    expect(result.text).toContain(show.patch!);
    const content = await h.call('git_show', { revision: 'HEAD:a.txt' });
    expect(data(gitShow, content)).toEqual({
      kind: 'content',
      files: [],
      fileCount: 0,
      firstLine: 1,
      lastLine: 3,
      totalLines: 3,
      content: content.text,
      truncated: false,
    });
  });

  it('git_blame: who changed each line of the text', async () => {
    const result = await h.call('git_blame', { path: 'a.txt' });
    const blame = data(gitBlame, result);
    const head = sh(h.root, 'rev-parse', 'HEAD').trim();
    expect(blame.lines.map((l) => [l.line, l.text])).toEqual([
      [1, 'one'],
      [2, 'TWO'],
      [3, 'three'],
      [4, 'four'],
    ]);
    expect(blame.lines.map((l) => l.hash)).toEqual(
      result.text.split('\n').map((l) => l.split(' ')[0].replace('^', '')),
    );
    expect(head.startsWith(blame.lines[1].hash)).toBe(true);
    expect(blame.lines[1]).toMatchObject({ author: 'Test User', date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(blame.lines[3]).toMatchObject({ author: 'Not Committed Yet', hash: expect.stringMatching(/^0+$/) });
  });

  it('git_branch: the branches, each with its subject (one that starts with […] too)', async () => {
    const result = await h.call('git_branch', {});
    const list = data(gitBranch, result);
    const commit = (name: string) => sh(h.root, 'rev-parse', '--short', name).trim();
    expect(list).toEqual({
      action: 'listed',
      current: 'main',
      branches: [
        { name: 'main', commit: commit('main'), current: true, subject: '[WIP] second' },
        { name: 'other', commit: commit('other'), current: false, subject: 'first' },
      ],
      truncated: false,
    });
    expect(result.text).toBe(`* main ${commit('main')} [WIP] second\n  other ${commit('other')} first`);
  });

  it('a call that could not do its job is an error, without structured content', async () => {
    for (const [tool, input, message] of [
      ['git_show', { revision: 'HEAD:a.txt', startLine: 9 }, /startLine 9 is past its end/],
      [
        'git_show',
        { revision: 'HEAD', hunkOffset: 1, path: 'a.txt' },
        /it has only 1 hunk\(s\), none from hunkOffset 1/,
      ],
      ['git_diff', { revision: 'HEAD~1', hunkOffset: 2, path: '.' }, /hunkOffset needs path set to one changed file/],
    ] as const) {
      const result = await h.call(tool, input);
      expect([tool, result.status, result.text]).toEqual([tool, 'error', expect.stringMatching(message)]);
      expect(result.structuredContent).toBeUndefined();
    }
  });
});

describe('the writes say what they did', () => {
  let h: PackHarness;
  const yes = { autoApprove: true };
  beforeAll(async () => {
    h = await createPackHarness([gitPack]);
    await initRepository(h.root, [{ files: { 'a.txt': 'a\n', 'b.txt': 'b\n' }, message: 'first' }]);
    await h.host.refresh();
  });
  afterAll(() => h.dispose());

  it('git_add and git_restore: the files, names as they are', async () => {
    await fs.writeFile(path.join(h.root, 'new, file.txt'), 'new\n');
    await fs.writeFile(path.join(h.root, 'b.txt'), 'changed\n');
    const added = await h.call('git_add', { paths: ['new, file.txt', 'b.txt'] }, yes);
    expect(added.text).toMatch(/^Staged 2 file\(s\) \(1 new\): b\.txt, new, file\.txt\n/);
    expect(data(gitAdd, added)).toEqual({ paths: ['b.txt', 'new, file.txt'], count: 2, newCount: 1, truncated: false });
    const unstaged = await h.call('git_restore', { paths: ['new, file.txt', 'b.txt'], staged: true }, yes);
    expect(unstaged.text).toBe('Unstaged 2 file(s): b.txt, new, file.txt. Their changes stay in the working tree.');
    expect(data(gitRestore, unstaged)).toEqual({
      action: 'unstaged',
      paths: ['b.txt', 'new, file.txt'],
      count: 2,
      truncated: false,
    });
    const discarded = await h.call('git_restore', { paths: ['b.txt'] }, yes);
    expect(discarded.text).toBe('Discarded the working-tree changes of 1 file(s): b.txt.');
    expect(data(gitRestore, discarded)).toEqual({ action: 'discarded', paths: ['b.txt'], count: 1, truncated: false });
  });

  it('git_commit: the commit, its branch, git’s summary and the files it records', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'a\nmore\n');
    const result = await h.call('git_commit', { message: 'More a\n\nBody.', paths: ['a.txt'] }, yes);
    const commit = data(gitCommit, result);
    expect(commit).toEqual({
      commit: sh(h.root, 'rev-parse', 'HEAD').trim(),
      branch: 'main',
      subject: 'More a',
      summary: '1 file changed, 1 insertion(+)',
      files: ['a.txt'],
      fileCount: 1,
      truncated: false,
    });
    expect(result.text).toMatch(new RegExp(`^\\[main ${commit.commit}\\] More a\\n 1 file changed`));
  });

  it('git_branch creating and git_switch: where the branch is and what came along', async () => {
    const created = await h.call('git_branch', { name: 'topic', startPoint: 'HEAD~1' }, yes);
    const first = sh(h.root, 'rev-parse', '--short', 'HEAD~1').trim();
    expect(data(gitBranch, created)).toEqual({ action: 'created', branch: 'topic', commit: first, subject: 'first' });
    expect(created.text).toBe(
      `Created branch 'topic' at ${first} first. The current branch did not change; switch to it with git_switch.`,
    );
    const switched = await h.call('git_switch', { branch: 'topic' }, yes);
    expect(data(gitSwitch, switched)).toEqual({
      branch: 'topic',
      created: false,
      commit: first,
      subject: 'first',
      previous: 'main',
      carried: [],
      carriedCount: 0,
      untrackedCount: 1,
    });
    expect(switched.text).toBe(`Switched to branch 'topic' at ${first} first (was on main).`);
  });
});
