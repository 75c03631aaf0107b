// Issue 30, finding 3 over MCP (a real SDK client): git_switch onto a branch that carries files that
// make code run is declined under `yes` alone; through elicitation the question shows their content,
// and a branch moved while the question waits makes the accept refuse, nothing written.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { call, cleanUpSessions, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

/** A branch `dev` in `root` that adds a task and a husky hook; main stays checked out. */
async function devBranch(root: string): Promise<(...args: string[]) => string> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const main = git('branch', '--show-current').trim();
  git('switch', '--quiet', '-c', 'dev');
  await fs.mkdir(path.join(root, '.vscode'));
  await fs.mkdir(path.join(root, '.husky'));
  await fs.writeFile(path.join(root, '.vscode/tasks.json'), '{"tasks":[{"command":"touch PWNED"}]}\n');
  await fs.writeFile(path.join(root, '.husky/pre-commit'), '#!/bin/sh\ntouch HOOKED\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'dev tooling');
  git('switch', '--quiet', main);
  return git;
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('git_switch over MCP onto a branch with files that make code run', () => {
  it('yes without elicitation is declined; nothing is written', async () => {
    const c = await open({ yes: true }, { git: true });
    const session = await c.root();
    const git = await devBranch(session.root);
    const result = await call(c, 'git_switch', { branch: 'dev' });
    expect(result.isError).toBe(true);
    expect(c.text(result)).toMatch(/^The user declined to run `git_switch` for this call/);
    expect(await exists(path.join(session.root, '.vscode/tasks.json'))).toBe(false);
    expect(git('branch', '--show-current').trim()).not.toBe('dev');
  });

  it('elicitation shows the content; accept switches', async () => {
    const c = await open({}, { git: true }, () => ({ action: 'accept', content: {} }));
    const session = await c.root();
    const git = await devBranch(session.root);
    const result = await call(c, 'git_switch', { branch: 'dev' });
    expect(c.elicitations[0].message).toContain('+touch HOOKED');
    expect(c.elicitations[0].message).toContain('+{"tasks":[{"command":"touch PWNED"}]}');
    expect(result.isError).toBe(false);
    expect(git('branch', '--show-current').trim()).toBe('dev');
  });

  it('a branch moved while the question waits makes the accept refuse', async () => {
    let git: (...args: string[]) => string = () => '';
    const c = await open({}, { git: true }, (): ElicitResult => {
      const moved = git('commit-tree', 'dev^{tree}', '-p', 'dev', '-m', 'moved').trim();
      git('update-ref', 'refs/heads/dev', moved);
      return { action: 'accept', content: {} };
    });
    const session = await c.root();
    git = await devBranch(session.root);
    const result = await call(c, 'git_switch', { branch: 'dev' });
    expect(result.isError).toBe(true);
    expect(c.text(result)).toMatch(
      /changed after the question was shown[\s\S]*the commit it lands on: shown [0-9a-f]{40}/,
    );
    expect(await exists(path.join(session.root, '.husky/pre-commit'))).toBe(false);
    expect(git('branch', '--show-current').trim()).not.toBe('dev');
  });
});
