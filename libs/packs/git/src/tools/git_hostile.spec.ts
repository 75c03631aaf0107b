// The attack report's findings 2 and 3 through the pack's tools and the registry: a hostile
// repository's config runs nothing, a commit shows what will run and asks every time, and a
// workspace below the repository top sees and commits only itself.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  contentToText,
  type ConfirmationRequest,
  type InvokeOptions,
  type ToolRegistry,
} from '@toolpacks/registry/host';
import { createNodeHost, type NodeHost } from '@toolpacks/host-node';
import {
  exists,
  hostileVariants,
  makeHostileRepository,
  testModels,
  writeMarkerScript,
} from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

// Real repositories and processes: a loaded machine is slow, never wrong.
jest.setTimeout(30_000);

let base: string;
let marker: string;
let script: string;
let host: NodeHost;
let registry: ToolRegistry;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'pack-git-hostile-')));
  marker = path.join(base, 'MARKER');
  script = await writeMarkerScript(base, marker);
});
afterEach(async () => {
  host?.dispose();
  await fs.rm(base, { recursive: true, force: true });
});

async function open(root: string): Promise<void> {
  host = await createNodeHost(root);
  ({ registry } = await host.createRegistry([gitPack]));
}

async function call(name: string, input: unknown, options: InvokeOptions = {}) {
  const resolved = registry.resolve({ model: testModels.general, context: host.contextKeys.values });
  const result = await registry.invoke(resolved, { callId: `call-${name}`, name, input }, options);
  return { ...result, text: await contentToText(result.content) };
}

const READ_CALLS: [string, unknown][] = [
  ['git_status', {}],
  ['git_diff', {}],
  ['git_diff', { staged: true }],
  ['git_diff', { revision: 'HEAD' }],
  ['git_log', {}],
  ['git_show', { revision: 'HEAD' }],
  ['git_show', { revision: 'HEAD:a.txt' }],
  ['git_blame', { path: 'a.txt' }],
];

describe.each(hostileVariants('M', 'S').map((v) => v.name))('git tools in a repository with %s', (name) => {
  it('run nothing of it; a commit that would run something asks a person every time', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === name)!;
    const root = path.join(base, 'ws');
    await fs.mkdir(root);
    await makeHostileRepository(root, variant, marker);
    await open(root);
    for (const [tool, input] of READ_CALLS) {
      const result = await call(tool, input, { autoApprove: true });
      expect([tool, result.status]).toEqual([tool, 'ok']);
    }
    expect(await exists(marker)).toBe(false);

    const asked: ConfirmationRequest[] = [];
    const auto = await call('git_commit', { message: 'auto', all: true }, { autoApprove: { git_commit: true } });
    const declined = await call(
      'git_commit',
      { message: 'declined', all: true },
      { autoApprove: { git_commit: true }, confirm: async (r) => (asked.push(r), 'decline') },
    );
    if (variant.commitNeedsConfirmation) {
      expect(auto.status).toBe('declined'); // auto-approve never covers code that runs
      expect(declined.status).toBe('declined');
      expect(asked).toHaveLength(1);
      expect(asked[0].alwaysConfirm).toBe(true);
      expect(asked[0].message).toMatch(
        /This runs programs configured in the repository:\n- (hook pre-commit|signing: |repository filter: filter\.)/,
      );
    } else {
      expect(auto.text).toMatch(/^\[main [0-9a-f]+\] auto/);
    }
    expect(await exists(marker)).toBe(false);
  });
});

const WRITE_CALLS: [string, unknown][] = [
  ['git_add', { paths: ['new.txt'] }],
  ['git_restore', { paths: ['staged.txt'], staged: true }],
  ['git_branch', { name: 'side' }],
  ['git_switch', { branch: 'side-2', create: true }],
  ['git_restore', { paths: ['a.txt'] }],
];

describe.each(hostileVariants('M', 'S').map((v) => v.name))('git writes in a repository with %s', (name) => {
  it('run nothing of it unless a person confirmed the programs the question listed', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === name)!;
    const root = path.join(base, 'ws');
    await fs.mkdir(root);
    await makeHostileRepository(root, variant, marker);
    await fs.writeFile(path.join(root, 'new.txt'), 'new\n');
    await open(root);
    for (const [tool, input] of WRITE_CALLS) {
      const asked: ConfirmationRequest[] = [];
      const result = await call(tool, input, {
        autoApprove: true,
        confirm: async (r) => (asked.push(r), 'decline'),
      });
      if (result.status === 'declined') {
        // Only a call that runs the repository's programs asks despite auto-approve, and says which.
        expect([tool, asked[0]?.alwaysConfirm]).toEqual([tool, true]);
        expect(asked[0].message).toMatch(
          /This runs programs configured in the repository:\n- (hook |repository filter: )/,
        );
      } else expect([tool, input, result.status, result.text]).toEqual([tool, input, 'ok', expect.any(String)]);
      expect([tool, await exists(marker)]).toEqual([tool, false]);
    }
  });
});

describe("git_add and git_switch with the repository's programs", () => {
  it('list the filter or hooks, and run them only after a person said yes to this call', async () => {
    const filter = hostileVariants(marker, script).find((v) => v.name === 'filter.<drv>.clean/smudge')!;
    const root = path.join(base, 'ws');
    await fs.mkdir(root);
    await makeHostileRepository(root, filter, marker);
    await open(root);
    const asked: ConfirmationRequest[] = [];
    const added = await call('git_add', { all: true }, { confirm: async (r) => (asked.push(r), 'once') });
    expect(asked[0].message).toContain(
      `This runs programs configured in the repository:\n- repository filter: filter.evil.clean = touch '${marker}'; cat`,
    );
    expect(added.status).toBe('ok');
    expect(await exists(marker)).toBe(true);
  });

  it('git_switch names the post-checkout hook', async () => {
    const hooks = hostileVariants(marker, script).find((v) => v.name === '.git/hooks')!;
    const root = path.join(base, 'ws');
    await fs.mkdir(root);
    await makeHostileRepository(root, hooks, marker);
    await open(root);
    const asked: ConfirmationRequest[] = [];
    const result = await call(
      'git_switch',
      { branch: 'other', create: true },
      { confirm: async (r) => (asked.push(r), 'decline') },
    );
    expect(result.status).toBe('declined');
    expect(asked[0].message).toContain(`- hook post-checkout (${path.join(root, '.git', 'hooks', 'post-checkout')})`);
    expect(await exists(marker)).toBe(false);
  });
});

describe('git_commit confirmation', () => {
  it('lists the files and the hooks, and runs them after a person says yes for this call', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === '.git/hooks')!;
    const root = path.join(base, 'ws');
    await fs.mkdir(root);
    await makeHostileRepository(root, variant, marker);
    await open(root);
    const asked: ConfirmationRequest[] = [];
    const result = await call(
      'git_commit',
      { message: 'with hooks', all: true },
      { confirm: async (r) => (asked.push(r), 'always') },
    );
    expect(result.status).toBe('ok');
    const hooks = path.join(root, '.git', 'hooks');
    expect(asked[0].message).toBe(
      [
        'git commit --all with the message:',
        '',
        'with hooks',
        '',
        'Files (2): a.txt, staged.txt',
        '',
        'This runs programs configured in the repository:',
        ...[
          'pre-commit',
          'prepare-commit-msg',
          'commit-msg',
          'reference-transaction',
          'post-index-change',
          'post-commit',
        ].map((h) => `- hook ${h} (${hooks}/${h})`),
      ].join('\n'),
    );
    expect(await exists(marker)).toBe(true);
    // "always" was not remembered: the next commit asks again.
    await fs.writeFile(path.join(root, 'a.txt'), 'again\n');
    expect((await call('git_commit', { message: 'again', all: true })).status).toBe('declined');
  });
});

describe('a workspace below the repository top, through the tools', () => {
  it('never shows or commits the file outside it', async () => {
    const top = path.join(base, 'repo');
    const root = path.join(top, 'sub');
    await fs.mkdir(root, { recursive: true });
    const sh = (...args: string[]) => execFileSync('git', args, { cwd: top, encoding: 'utf8' });
    sh('init', '--quiet', '--initial-branch=main');
    sh('config', 'user.name', 'Test User');
    sh('config', 'user.email', 'test@example.com');
    await fs.writeFile(path.join(top, 'secret.txt'), 'TOPSECRET\n');
    await fs.writeFile(path.join(root, 'inside.txt'), 'inside\n');
    sh('add', '--all');
    sh('commit', '--quiet', '-m', 'first');
    await fs.writeFile(path.join(top, 'secret.txt'), 'TOPSECRET changed\n');
    await fs.writeFile(path.join(root, 'inside.txt'), 'inside changed\n');
    await open(root);
    for (const [tool, input] of [
      ['git_show', { revision: 'HEAD:secret.txt' }],
      ['git_show', { revision: 'HEAD:./../secret.txt' }],
      ['git_show', { revision: ':(top)secret.txt' }],
      ['git_show', { revision: ':/secret.txt' }],
      ['git_show', { revision: 'HEAD' }],
      ['git_diff', {}],
      ['git_diff', { path: ':(top)secret.txt' }],
      ['git_status', {}],
      ['git_log', { path: ':/secret.txt' }],
    ] as const) {
      const result = await call(tool, input);
      expect([tool, input, result.text]).toEqual([
        tool,
        input,
        expect.not.stringMatching(/TOPSECRET|secret\.txt'? *\|/),
      ]);
    }
    expect((await call('git_status', {})).text).toBe('## main\n M inside.txt');
    sh('add', 'secret.txt');
    const asked: string[] = [];
    const commit = await call(
      'git_commit',
      { message: 'inside', all: true },
      { confirm: async (r) => (asked.push(r.message), 'once') },
    );
    expect(asked).toEqual([
      'git commit --all with the message:\n\ninside\n\nFiles (1): inside.txt\n1 staged change(s) outside the workspace stay staged and are not committed.',
    ]);
    expect(commit.text).toMatch(/inside\n 1 file changed/);
    expect(sh('status', '--porcelain')).toBe('M  secret.txt\n');
  });

  it('stages, lists and diffs only inside it, and never switches the whole tree', async () => {
    const top = path.join(base, 'repo');
    const root = path.join(top, 'sub');
    await fs.mkdir(root, { recursive: true });
    const sh = (...args: string[]) => execFileSync('git', args, { cwd: top, encoding: 'utf8' });
    sh('init', '--quiet', '--initial-branch=main');
    sh('config', 'user.name', 'Test User');
    sh('config', 'user.email', 'test@example.com');
    await fs.writeFile(path.join(root, 'inside.txt'), 'inside\n');
    sh('add', '--all');
    sh('commit', '--quiet', '-m', 'first');
    sh('branch', 'other');
    await fs.writeFile(path.join(top, 'outside-new.txt'), 'TOPSECRET\n');
    await fs.writeFile(path.join(root, 'inside-new.txt'), 'new\n');
    await open(root);
    const diff = await call('git_diff', { includeUntracked: true });
    expect(diff.text).toContain('+++ b/inside-new.txt');
    expect(diff.text).not.toMatch(/TOPSECRET|outside-new/);
    const added = await call('git_add', { all: true }, { autoApprove: true });
    expect(added.text).toMatch(/^Staged 1 file\(s\) \(1 new\): inside-new\.txt/);
    expect(sh('status', '--porcelain')).toBe('A  sub/inside-new.txt\n?? outside-new.txt\n');
    expect((await call('git_add', { paths: ['../outside-new.txt'] }, { autoApprove: true })).text).toMatch(
      /outside the workspace/,
    );
    const switched = await call('git_switch', { branch: 'other' }, { autoApprove: true });
    expect(switched.text).toMatch(/changes the whole working tree .* reaches outside the workspace root .*refused/);
    expect(sh('branch', '--show-current').trim()).toBe('main');
  });
});
