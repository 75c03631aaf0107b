// Issue 23, item 4: each git tool's annotations say what it can do, in MCP's meanings (readOnly:
// changes nothing; destructive: can delete, overwrite, move or discard; openWorld: false, the
// repository of the workspace only). Checked as declared, and in fact on a real repository: the reads
// change no file (.git included), each write does what makes it destructive or not, and whether a
// call asks a person is what it was before the annotations were made honest.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ToolAnnotations } from '@toolpacks/registry';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from './index';

jest.setTimeout(60_000);

type Can = 'reads' | 'adds' | 'overwrites' | 'discards';

/** What each tool can do, the annotations that follows from it, and a call that asks (or not). */
const TABLE: [tool: string, can: Can, input: object, asks: boolean, annotations: ToolAnnotations][] = [
  ['git_status', 'reads', {}, false, {}],
  ['git_diff', 'reads', {}, false, {}],
  ['git_log', 'reads', {}, false, {}],
  ['git_show', 'reads', { revision: 'HEAD' }, false, {}],
  ['git_blame', 'reads', { path: 'a.txt' }, false, {}],
  // Listing reads; creating adds a branch and refuses an existing name, so a repeat does nothing.
  ['git_branch', 'adds', {}, false, { idempotent: true }],
  ['git_branch', 'adds', { name: 'topic' }, true, { idempotent: true }],
  // Staging replaces what was staged for a file.
  ['git_add', 'overwrites', { paths: ['a.txt'] }, true, { idempotent: true }],
  // With paths or all it stages first (as git_add); each call can record another commit.
  ['git_commit', 'overwrites', { message: 'm', all: true }, true, { idempotent: false }],
  ['git_restore', 'discards', { paths: ['a.txt'] }, true, { idempotent: true }],
  // It rewrites working-tree files to the other branch's versions.
  ['git_switch', 'overwrites', { branch: 'other' }, true, { idempotent: true }],
];

/** MCP's meanings: a read changes nothing; only what can overwrite or discard is destructive; all stay in the workspace. */
function expected(can: Can, extra: ToolAnnotations): ToolAnnotations {
  if (can === 'reads') return { readOnly: true, destructive: false, idempotent: true, openWorld: false };
  return { readOnly: false, destructive: can !== 'adds', openWorld: false, ...extra };
}

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: { 'a.txt': 'a\n' }, message: 'first' }]);
  sh('branch', 'other');
  await h.host.refresh();
});
afterEach(() => h.dispose());

/** Every file under the root, .git included, with its size and modification time. */
async function snapshot(): Promise<string[]> {
  const entries = await fs.readdir(h.root, { recursive: true });
  const stats = await Promise.all(entries.map(async (e) => [e, await fs.stat(path.join(h.root, e))] as const));
  return stats.map(([e, s]) => `${e} ${s.size} ${s.mtimeMs}`).sort();
}

describe('git annotations', () => {
  it('the table covers every tool of the pack', () => {
    expect([...new Set(TABLE.map(([tool]) => tool))].sort()).toEqual(
      gitPack.tools.map((t) => t.definition.name).sort(),
    );
  });

  it.each(TABLE)(
    '%s (%s): annotated as it can do; %j asks a person: %s, as before',
    async (tool, can, input, asks, extra) => {
      const { definition } = gitPack.tools.find((t) => t.definition.name === tool)!;
      expect(definition.annotations).toEqual(expected(can, extra));
      await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
      const before = await snapshot();
      // Without a person to ask and without auto-approve: a call that asks is declined, and changes nothing.
      const result = await h.call(tool, input);
      expect([tool, result.status]).toEqual([tool, asks ? 'declined' : 'ok']);
      if (can === 'reads' || asks) expect(await snapshot()).toEqual(before);
    },
  );

  it('what makes a write destructive, or not, is what it does', async () => {
    const yes = { autoApprove: true };
    const staged = () => sh('show', ':a.txt');
    await fs.writeFile(path.join(h.root, 'a.txt'), 'staged once\n');
    sh('add', 'a.txt');
    await fs.writeFile(path.join(h.root, 'a.txt'), 'then changed\n');
    // git_add overwrites the staged version, which was never committed.
    expect((await h.call('git_add', { paths: ['a.txt'] }, yes)).status).toBe('ok');
    expect(staged()).toBe('then changed\n');
    // git_restore discards a working-tree change for good.
    await fs.writeFile(path.join(h.root, 'a.txt'), 'lost\n');
    expect((await h.call('git_restore', { paths: ['a.txt'] }, yes)).status).toBe('ok');
    expect(await h.read('a.txt')).toBe('then changed\n');
    // git_commit with paths replaces what was staged for them before it records.
    await fs.writeFile(path.join(h.root, 'a.txt'), 'committed\n');
    expect((await h.call('git_commit', { message: 'c', paths: ['a.txt'] }, yes)).status).toBe('ok');
    expect(sh('show', 'HEAD:a.txt')).toBe('committed\n');
    // git_switch rewrites the working tree's files to the other branch's.
    expect((await h.call('git_switch', { branch: 'other' }, yes)).status).toBe('ok');
    expect(await h.read('a.txt')).toBe('a\n');
    // git_branch only adds: every branch stays where it was, and the same call again is refused.
    const refs = sh('for-each-ref', '--format=%(refname) %(objectname)');
    expect((await h.call('git_branch', { name: 'topic' }, yes)).status).toBe('ok');
    expect((await h.call('git_branch', { name: 'topic' }, yes)).text).toMatch(/already exists/);
    const after = sh('for-each-ref', '--format=%(refname) %(objectname)');
    expect(after.split('\n').filter((ref) => !ref.startsWith('refs/heads/topic '))).toEqual(refs.split('\n'));
  });
});
