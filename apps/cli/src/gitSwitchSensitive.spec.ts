// Issue 30, finding 3 through the CLI: `invoke git_switch --yes` onto a branch that carries files
// that make code run is declined without a terminal; at a terminal the question shows their content,
// and a real git process that moves the branch while the question waits makes the yes refuse.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { runMain } from './testing/runMain';

jest.setTimeout(60_000);

let root: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const exists = (file: string) =>
  fs.stat(path.join(root, file)).then(
    () => true,
    () => false,
  );

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-switch-')));
  await fs.writeFile(path.join(root, 'a.txt'), 'a\n');
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'CLI Test');
  git('config', 'user.email', 'cli@example.com');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'init');
  git('switch', '--quiet', '-c', 'dev');
  await fs.mkdir(path.join(root, '.vscode'));
  await fs.mkdir(path.join(root, '.husky'));
  await fs.writeFile(path.join(root, '.vscode/tasks.json'), '{"tasks":[{"command":"touch PWNED"}]}\n');
  await fs.writeFile(path.join(root, '.husky/pre-commit'), '#!/bin/sh\ntouch HOOKED\n');
  await fs.writeFile(path.join(root, '.gitattributes'), '* filter=evil\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'dev tooling');
  git('switch', '--quiet', 'main');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

/** A terminal that runs `meanwhile` when the question is on screen, then answers y. */
function terminal(meanwhile: () => void = () => undefined) {
  const input = new PassThrough();
  const output = new PassThrough();
  const shown = { prompt: '' };
  output.on('data', (chunk) => {
    shown.prompt += chunk;
    if (shown.prompt.includes('[y/N]')) {
      meanwhile();
      input.write('y\n');
    }
  });
  return { interactive: { input, output }, shown };
}

describe('toolpacks invoke git_switch onto a branch with files that make code run', () => {
  it('--yes without a terminal is declined; nothing is written', async () => {
    const run = await runMain(root, ['invoke', 'git_switch', '{"branch":"dev"}', '--yes']);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/auto-approve never covers it/);
    for (const file of ['.vscode/tasks.json', '.husky/pre-commit', '.gitattributes'])
      expect([file, await exists(file)]).toEqual([file, false]);
    expect(git('branch', '--show-current').trim()).toBe('main');
  });

  it('at a terminal the question shows the content; a yes switches', async () => {
    const { interactive, shown } = terminal();
    const run = await runMain(root, ['invoke', 'git_switch', '{"branch":"dev"}', '--yes'], interactive);
    expect(shown.prompt).toContain('+{"tasks":[{"command":"touch PWNED"}]}');
    expect(shown.prompt).toContain('+touch HOOKED');
    expect(shown.prompt).toContain('--yes does not cover it');
    expect(run.code).toBe(0);
    expect(git('branch', '--show-current').trim()).toBe('dev');
    expect(await exists('.husky/pre-commit')).toBe(true);
  });

  it('a git process that moves the branch while the question waits makes the yes refuse', async () => {
    const { interactive } = terminal(() => {
      const moved = git('commit-tree', 'dev^{tree}', '-p', 'dev', '-m', 'moved').trim();
      git('update-ref', 'refs/heads/dev', moved);
    });
    const run = await runMain(root, ['invoke', 'git_switch', '{"branch":"dev"}', '--yes'], interactive);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/changed after the question was shown[\s\S]*the commit it lands on: shown [0-9a-f]{40}/);
    expect(await exists('.vscode/tasks.json')).toBe(false);
    expect(git('branch', '--show-current').trim()).toBe('main');
  });
});
