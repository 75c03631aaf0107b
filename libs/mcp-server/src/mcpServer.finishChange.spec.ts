// Issue 22's done-when over MCP: as a client that accepts every question, a model without
// apply_patch (the general tools) creates a file, stages and commits it, sees it in git_diff first,
// and moves, deletes, overwrites and multi-replaces files, all through the real SDK client, a real
// folder and real git.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { call, cleanUpSessions, names, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

const acceptAll = () => ({ action: 'accept' as const, content: {} });

describe('an agent finishes a change over MCP (a family without apply_patch)', () => {
  it('creates, reviews, stages and commits a new file; moves, deletes, overwrites and multi-replaces', async () => {
    const c = await open({}, { git: true }, acceptAll);
    const { root } = await c.root();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
    const tools = await names(c);
    expect(tools).not.toContain('apply_patch');
    expect(tools).toEqual(
      expect.arrayContaining(['git_add', 'git_commit', 'move_file', 'delete_file', 'multi_replace_string_in_file']),
    );

    const ok = async (name: string, args: Record<string, unknown>) => {
      const result = await call(c, name, args);
      expect({ name, error: result.isError ?? false, text: c.text(result) }).toMatchObject({ error: false });
      return c.text(result);
    };
    await ok('create_file', { filePath: 'src/greet.js', content: 'exports.greet = () => "hello";\n' });
    // The model reviewing "its diff" sees the new file.
    expect(await ok('git_diff', {})).toMatch(/src\/greet\.js/);
    await ok('git_add', { paths: ['src/greet.js'] });
    expect(git('diff', '--cached', '--name-only')).toBe('src/greet.js\n');
    expect(await ok('git_commit', { message: 'Add greet' })).toMatch(/Add greet/);
    expect(git('log', '-1', '--name-only', '--format=%s')).toBe('Add greet\n\nsrc/greet.js\n');

    await ok('move_file', { sourcePath: 'src/greet.js', destinationPath: 'lib/greet.js' });
    await expect(fs.readFile(path.join(root, 'lib/greet.js'), 'utf8')).resolves.toBe(
      'exports.greet = () => "hello";\n',
    );
    await expect(fs.stat(path.join(root, 'src/greet.js'))).rejects.toThrow();

    await ok('create_file', { filePath: 'lib/greet.js', content: 'exports.greet = () => "hi";\n', overwrite: true });
    await expect(fs.readFile(path.join(root, 'lib/greet.js'), 'utf8')).resolves.toBe('exports.greet = () => "hi";\n');

    await ok('create_file', { filePath: 'lib/name.js', content: 'exports.name = "world";\n' });
    // All or nothing: the second replacement does not match, so neither file changes.
    const refused = await call(c, 'multi_replace_string_in_file', {
      explanation: 'Rename the greeting',
      replacements: [
        { filePath: 'lib/greet.js', oldString: '"hi"', newString: '"hey"' },
        { filePath: 'lib/name.js', oldString: 'not there', newString: 'x' },
      ],
    });
    expect(refused.isError).toBe(true);
    await expect(fs.readFile(path.join(root, 'lib/greet.js'), 'utf8')).resolves.toBe('exports.greet = () => "hi";\n');
    await ok('multi_replace_string_in_file', {
      explanation: 'Rename the greeting',
      replacements: [
        { filePath: 'lib/greet.js', oldString: '"hi"', newString: '"hey"' },
        { filePath: 'lib/name.js', oldString: '"world"', newString: '"there"' },
      ],
    });
    await expect(fs.readFile(path.join(root, 'lib/greet.js'), 'utf8')).resolves.toBe('exports.greet = () => "hey";\n');
    await expect(fs.readFile(path.join(root, 'lib/name.js'), 'utf8')).resolves.toBe('exports.name = "there";\n');

    await ok('delete_file', { filePath: 'lib/name.js' });
    await expect(fs.stat(path.join(root, 'lib/name.js'))).rejects.toThrow();
    // Stage everything (the move's deletion included) and commit.
    await ok('git_add', { all: true });
    await ok('git_commit', { message: 'Move greet to lib' });
    expect(git('status', '--porcelain')).toBe('');
    expect(git('show', 'HEAD:lib/greet.js')).toBe('exports.greet = () => "hey";\n');
  });
});
