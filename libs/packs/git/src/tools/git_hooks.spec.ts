// The hooks a write's question lists are the hooks git then runs: every client-side hook of the
// repository is an executable script that writes its name to a log, and each write is compared.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(30_000);

const HOOKS = [
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'post-checkout',
  'post-merge',
  'post-rewrite',
  'pre-auto-gc',
  'reference-transaction',
  'post-index-change',
];

let h: PackHarness;
let log: string;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });

beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'a\n', 'b.txt': 'b\n' }, message: 'first' },
    { files: { 'a.txt': 'a2\n' }, message: 'second' },
  ]);
  sh('branch', 'older', 'HEAD~1');
  log = path.join(h.root, '.git', 'ran.log');
  for (const hook of HOOKS) {
    const file = path.join(h.root, '.git', 'hooks', hook);
    await fs.writeFile(file, `#!/bin/sh\necho ${hook} >> '${log}'\ncat > /dev/null 2>&1 || true\n`);
    await fs.chmod(file, 0o755);
  }
  await h.host.refresh();
});
afterEach(() => h.dispose());

/** Calls the tool, saying yes; returns the hooks its question listed and the hooks that ran. */
async function listedAndRan(tool: string, input: unknown): Promise<{ listed: string[]; ran: string[]; text: string }> {
  await fs.rm(log, { force: true });
  const asked: string[] = [];
  const result = await h.call(tool, input, { confirm: async (r) => (asked.push(r.message), 'once') });
  expect([tool, result.status, result.text]).toEqual([tool, 'ok', expect.any(String)]);
  const listed = [...(asked[0] ?? '').matchAll(/^- hook (\S+) \(/gm)].map((m) => m[1]).sort();
  const ran = (await fs.readFile(log, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .filter((name, i, all) => all.indexOf(name) === i)
    .sort();
  return { listed, ran, text: result.text };
}

describe('the hooks a git write lists are the hooks it runs', () => {
  it('git_add', async () => {
    await fs.writeFile(path.join(h.root, 'new.txt'), 'new\n');
    const { listed, ran } = await listedAndRan('git_add', { paths: ['new.txt'] });
    expect(ran).toEqual(['post-index-change']);
    expect(listed).toEqual(ran);
  });

  it('git_restore, discarding and unstaging', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
    const discard = await listedAndRan('git_restore', { paths: ['a.txt'] });
    expect(discard.ran).toEqual(['post-checkout', 'post-index-change']);
    expect(discard.listed).toEqual(discard.ran);
    await fs.writeFile(path.join(h.root, 'b.txt'), 'changed\n');
    sh('add', 'b.txt');
    const unstage = await listedAndRan('git_restore', { paths: ['b.txt'], staged: true });
    expect(unstage.ran).toEqual(['post-checkout', 'post-index-change']);
    expect(unstage.listed).toEqual(unstage.ran);
  });

  it('git_branch', async () => {
    const { listed, ran } = await listedAndRan('git_branch', { name: 'topic' });
    expect(ran).toEqual(['reference-transaction']);
    expect(listed).toEqual(ran);
  });

  it('git_switch, to a new branch elsewhere and to an existing one', async () => {
    const created = await listedAndRan('git_switch', { branch: 'topic', create: true, startPoint: 'older' });
    expect(created.ran).toEqual(['post-checkout', 'post-index-change', 'reference-transaction']);
    expect(created.listed).toEqual(created.ran);
    // Moving HEAD alone runs reference-transaction only in newer git (symbolic refs, 2.46): listed, run or not.
    const existing = await listedAndRan('git_switch', { branch: 'main' });
    expect(existing.ran).toEqual(expect.arrayContaining(['post-checkout', 'post-index-change']));
    expect(existing.listed).toEqual(expect.arrayContaining(existing.ran));
    expect(existing.listed.filter((hook) => !existing.ran.includes(hook))).toEqual(
      existing.ran.includes('reference-transaction') ? [] : ['reference-transaction'],
    );
  });
});
