// A yes to git_commit / git_add covers the files its question listed (review round 5, high): while
// the question waits, the model creates src/.env (create_file asks nothing for it); the person
// accepts the question that listed src/a.txt alone. Over MCP with the real SDK client, in both eras:
// nothing the person was not shown is staged or committed (2025: the call is refused and says to
// call again; 2026-07-28: the retried call asks again, showing the new file).
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { connectModernInMemory } from './testing/modernClients';
import { cleanUpSessions, serverOptions } from './testing/nodeSessions';

jest.setTimeout(120_000);
cleanUpSessions();

type Era = 'legacy' | 'modern';

/** The tool called with `args` on a repository with src/a.txt new; src/.env created while the first question waits. */
async function race(era: Era, tool: 'git_commit' | 'git_add', args: Record<string, unknown>) {
  const options = serverOptions({}, { git: true });
  let raced = false;
  const client = await connectModernInMemory(options, {
    era,
    elicit: async () => {
      if (!raced) {
        raced = true;
        const created = await client.client.callTool({
          name: 'create_file',
          arguments: { filePath: 'src/.env', content: 'API_KEY=secret\n' },
        });
        expect(created.isError).toBeFalsy();
      }
      return { action: 'accept', content: {} };
    },
  });
  const root = (await client.server.session).root!;
  const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
  await fs.mkdir(path.join(root, 'src'));
  await fs.writeFile(path.join(root, 'src/a.txt'), 'a\n');
  const head = git('rev-parse', 'HEAD');
  try {
    const result = await client.client.callTool({ name: tool, arguments: args });
    return {
      result,
      text: client.text(result),
      questions: client.elicitations.map((question) => question.message),
      committed: git('rev-parse', 'HEAD') === head ? [] : git('show', '--name-only', '--format=', 'HEAD').split('\n'),
      staged: git('diff', '--cached', '--name-only').split('\n').filter(Boolean),
    };
  } finally {
    await client.close();
  }
}

describe.each<Era>(['legacy', 'modern'])('%s era', (era) => {
  it('git_commit {paths: [src]}: a file created while the question waited is not committed unshown', async () => {
    const { result, text, questions, committed, staged } = await race(era, 'git_commit', {
      message: 'add a',
      paths: ['src'],
    });
    expect(questions[0]).toContain('src/a.txt');
    expect(questions[0]).not.toContain('src/.env');
    if (era === 'legacy') {
      expect(result.isError).toBe(true);
      expect(text).toMatch(/changed after the question was shown[\s\S]*src\/\.env[\s\S]*Call the tool again/);
      expect(committed).toEqual([]);
      expect(staged).toEqual([]);
    } else {
      // The retried call asked again, showing the new file; what was committed is what that question listed.
      expect(questions.length).toBeGreaterThan(1);
      for (const file of committed) expect(questions[questions.length - 1]).toContain(file);
    }
  });

  it('git_add {paths: [src]}: a file created while the question waited is not staged unshown', async () => {
    const { result, text, questions, staged } = await race(era, 'git_add', { paths: ['src'] });
    expect(questions[0]).toContain('src/a.txt');
    expect(questions[0]).not.toContain('src/.env');
    if (era === 'legacy') {
      expect(result.isError).toBe(true);
      expect(text).toMatch(/changed after the question was shown[\s\S]*src\/\.env/);
      expect(staged).toEqual([]);
    } else {
      expect(questions.length).toBeGreaterThan(1);
      for (const file of staged) expect(questions[questions.length - 1]).toContain(file);
    }
  });
});

it('the ordinary path: asked once, accepted, committed exactly the file shown (both eras)', async () => {
  for (const era of ['legacy', 'modern'] as const) {
    const options = serverOptions({}, { git: true });
    const client = await connectModernInMemory(options, { era, elicit: () => ({ action: 'accept', content: {} }) });
    try {
      const root = (await client.server.session).root!;
      await fs.mkdir(path.join(root, 'src'));
      await fs.writeFile(path.join(root, 'src/a.txt'), 'a\n');
      const result = await client.client.callTool({ name: 'git_commit', arguments: { message: 'a', paths: ['src'] } });
      expect(client.text(result)).not.toMatch(/refused/);
      expect(result.isError).toBeFalsy();
      expect(client.elicitations).toHaveLength(1);
      const files = execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], { cwd: root, encoding: 'utf8' });
      expect(files.trim()).toBe('src/a.txt');
    } finally {
      await client.close();
    }
  }
});
