import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { editorPack } from '../index';

const app = 'import x from "x";\n\nexport function main() {\n  console.log("hello");\n  return 0;\n}\n';
let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([editorPack], {
      'src/app.ts': app,
      'src/old.ts': 'old\n',
      'src/move.ts': 'move me\n',
    })),
);
afterEach(() => h.dispose());

const gpt = { model: testModels.gpt5 };
/** A person who says yes: a patch that deletes or moves a file asks first. */
const gptYes = { ...gpt, confirm: async () => 'once' as const };

/** A patch of `lines` between its begin and end markers. */
const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
/** apply_patch called by a GPT-5 model with a patch of `lines`. */
const applyPatch = (...lines: string[]) => h.call('apply_patch', { input: patch(...lines) }, gpt);

describe('apply_patch', () => {
  it('is sent to GPT-4.1 and GPT-5 models instead of replace_string_in_file', () => {
    for (const model of [testModels.gpt41, testModels.gpt5]) {
      expect(h.names(model)).toContain('apply_patch');
      expect(h.names(model)).not.toContain('replace_string_in_file');
    }
    expect(h.names(testModels.gemini)).not.toContain('apply_patch');
  });

  it('updates, adds, deletes and moves files in one call', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/app.ts',
      '@@ export function main() {',
      '-  console.log("hello");',
      '+  console.log("hello, world");',
      '   return 0;',
      '*** Add File: src/new.ts',
      '+export const created = true;',
      '*** Delete File: src/old.ts',
      '*** Update File: src/move.ts',
      '*** Move to: src/moved.ts',
      '-move me',
      '+moved',
      '*** End Patch',
    ].join('\n');
    const result = await h.call('apply_patch', { input: patch }, gptYes);
    expect(result).toMatchObject({
      status: 'ok',
      text: 'Applied the patch: updated src/app.ts, added src/new.ts, deleted src/old.ts, moved src/move.ts to src/moved.ts.',
    });
    expect(await h.read('src/app.ts')).toBe(app.replace('"hello"', '"hello, world"'));
    expect(await h.read('src/new.ts')).toBe('export const created = true;\n');
    expect(await h.read('src/moved.ts')).toBe('moved\n');
    expect((await fs.readdir(path.join(h.root, 'src'))).sort()).toEqual(['app.ts', 'moved.ts', 'new.ts']);
  });

  it('writes nothing when one hunk does not apply, and names the hunk', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: src/other.ts',
      '+x',
      '*** Update File: src/app.ts',
      '-  console.log("bye");',
      '+  nope',
      '*** End Patch',
    ].join('\n');
    const result = await h.call('apply_patch', { input: patch }, gpt);
    expect(result.status).toBe('error');
    expect(result.text).toContain(
      'src/app.ts, hunk 1 (patch line 5): the line \'  console.log("bye");\' is not in the file. Read the file again',
    );
    expect(result.text).toContain('Nothing was written.');
    expect(await h.read('src/app.ts')).toBe(app);
    await expect(fs.access(path.join(h.root, 'src/other.ts'))).rejects.toThrow();
  });

  it('explains malformed patches and paths outside the workspace', async () => {
    expect((await h.call('apply_patch', { input: 'diff --git a b' }, gpt)).text).toMatch(
      /must start with '\*\*\* Begin Patch'/,
    );
    expect(
      (await h.call('apply_patch', { input: '*** Begin Patch\n*** Update File: src/app.ts\n-x\n' }, gpt)).text,
    ).toMatch(/must end with '\*\*\* End Patch'/);
    expect(
      (await h.call('apply_patch', { input: '*** Begin Patch\n*** Add File: ../../x.ts\n+x\n*** End Patch' }, gpt))
        .text,
    ).toMatch(/outside the workspace/);
    expect(
      (await h.call('apply_patch', { input: '*** Begin Patch\n*** Delete File: src/none.ts\n*** End Patch' }, gpt))
        .text,
    ).toMatch(/does not exist, so it cannot be deleted/);
    expect(await h.read('src/app.ts')).toBe(app);
  });
});

// The findings of issue #9: each of these reported success with a wrong file (or rejected a patch
// OpenAI's own implementation applies) before the parser and matcher were reworked.
describe('apply_patch keeps the file and follows the patch exactly', () => {
  const files = async (entries: Record<string, string>) => {
    for (const [name, content] of Object.entries(entries)) {
      await fs.mkdir(path.dirname(path.join(h.root, name)), { recursive: true });
      await fs.writeFile(path.join(h.root, name), content);
    }
  };

  it('keeps context lines as they are in the file when they match only after ignoring whitespace', async () => {
    await files({
      'README.md': '# Title\nFirst line  \nSecond line\n',
      'f.js': 'function f() {\n\tsetup();\n\trun();\n}\n',
    });
    const result = await applyPatch(
      '*** Update File: README.md',
      '@@',
      ' First line',
      '-Second line',
      '+Second LINE',
      '*** Update File: f.js',
      '@@',
      ' function f() {',
      '     setup();',
      '-    run();',
      '+\trun(fast);',
      ' }',
    );
    expect(result.status).toBe('ok');
    // Trailing whitespace alone is not worth a note; indentation ignored is, with the file's own.
    expect(result.text).toBe(
      'Applied the patch: updated README.md, updated f.js. f.js: hunk 1 matched only after ignoring whitespace differences; the file is indented with tabs — check the indentation of the lines you added.',
    );
    expect(await h.read('README.md')).toBe('# Title\nFirst line  \nSecond LINE\n');
    expect(await h.read('f.js')).toBe('function f() {\n\tsetup();\n\trun(fast);\n}\n');
  });

  it('puts a hunk marked *** End of File at the end of the file, not at the first match', async () => {
    await files({ 'list.txt': 'item\nend\nitem\nend\n' });
    expect(
      (await applyPatch('*** Update File: list.txt', '@@', ' item', '-end', '+END', '*** End of File')).status,
    ).toBe('ok');
    expect(await h.read('list.txt')).toBe('item\nend\nitem\nEND\n');
  });

  it('follows two @@ lines in a row: the second anchor is searched after the first', async () => {
    const source = 'class A:\n    def run(self):\n        return 1\n\nclass B:\n    def run(self):\n        return 1\n';
    await files({ 'm.py': source });
    const result = await applyPatch(
      '*** Update File: m.py',
      '@@ class B:',
      '@@     def run(self):',
      '-        return 1',
      '+        return 2',
    );
    expect(result.status).toBe('ok');
    expect(await h.read('m.py')).toBe(source.replace(/return 1\n$/, 'return 2\n'));
  });

  it('applies a second Update section of one file to the result of the first', async () => {
    await files({ 'a.txt': 'a\nb\nc\n' });
    const result = await applyPatch('*** Update File: a.txt', '-a', '+A', '*** Update File: a.txt', '-c', '+C');
    expect(result).toMatchObject({ status: 'ok', text: 'Applied the patch: updated a.txt.' });
    expect(await h.read('a.txt')).toBe('A\nb\nC\n');
  });

  it('rejects text after *** End Patch (a second patch sent in the same call) and writes nothing', async () => {
    const input = [patch('*** Add File: one.txt', '+1'), patch('*** Add File: two.txt', '+2')].join('\n');
    const result = await h.call('apply_patch', { input }, gpt);
    expect(result.status).toBe('error');
    expect(result.text).toContain("after '*** End Patch'");
    expect(result.text).toContain('Nothing was written.');
    await expect(fs.access(path.join(h.root, 'one.txt'))).rejects.toThrow();
  });

  it('keeps a UTF-8 BOM when the first line is edited, and each line ending of a mixed CRLF/LF file', async () => {
    await files({ 'bom.txt': '\uFEFFfirst\nsecond\n', 'mixed.txt': 'one\r\ntwo\nthree\r\nfour\n' });
    const result = await applyPatch(
      '*** Update File: bom.txt',
      '-first',
      '+FIRST',
      '*** Update File: mixed.txt',
      ' two',
      '-three',
      '+THREE',
      ' four',
    );
    expect(result.status).toBe('ok');
    expect(await h.read('bom.txt')).toBe('\uFEFFFIRST\nsecond\n');
    expect(await h.read('mixed.txt')).toBe('one\r\ntwo\nTHREE\r\nfour\n');
  });

  it('accepts markers padded with spaces and a patch wrapped in a heredoc', async () => {
    await files({ 'a.txt': 'old\n', 'b.txt': 'x\n' });
    expect(
      (
        await h.call(
          'apply_patch',
          {
            input: [' *** Begin Patch ', '  *** Update File: a.txt', '@@', '-old', '+new', ' *** End Patch'].join('\n'),
          },
          gpt,
        )
      ).status,
    ).toBe('ok');
    expect(await h.read('a.txt')).toBe('new\n');
    expect(
      (await h.call('apply_patch', { input: `<<'EOF'\n${patch('*** Update File: b.txt', '-x', '+y')}\nEOF\n` }, gpt))
        .status,
    ).toBe('ok');
    expect(await h.read('b.txt')).toBe('y\n');
  });

  it('matches typographic dashes, quotes and non-breaking spaces to their ASCII forms, and lone CR line endings', async () => {
    await files({ 'q.txt': 'say \u201Chello\u201D \u2013 now\u00A0ok\nnext\n', 'cr.txt': 'one\rtwo\rthree\r' });
    const result = await applyPatch(
      '*** Update File: q.txt',
      '-say "hello" - now ok',
      '+say hi',
      '*** Update File: cr.txt',
      ' one',
      '-two',
      '+TWO',
      ' three',
    );
    expect(result.status).toBe('ok');
    expect(await h.read('q.txt')).toBe('say hi\nnext\n');
    expect(await h.read('cr.txt')).toBe('one\rTWO\rthree\r');
  });

  it('matches an @@ anchor as a whole line or word before a mere substring', async () => {
    const source = 'class FooBar:\n    x = 1\nclass Foo:\n    x = 1\n';
    await files({ 'c.py': source });
    expect((await applyPatch('*** Update File: c.py', '@@ class Foo', '-    x = 1', '+    x = 2')).status).toBe('ok');
    expect(await h.read('c.py')).toBe('class FooBar:\n    x = 1\nclass Foo:\n    x = 2\n');
  });

  it('sees earlier operations of the same patch: update an added file, add over a deleted one', async () => {
    await files({ 'gone.txt': 'old\n' });
    const input = patch(
      '*** Add File: fresh.txt',
      '+one',
      '*** Update File: fresh.txt',
      ' one',
      '+two',
      '*** Delete File: gone.txt',
      '*** Add File: gone.txt',
      '+new',
    );
    const result = await h.call('apply_patch', { input }, gptYes);
    expect(result).toMatchObject({ status: 'ok', text: 'Applied the patch: added fresh.txt, updated gone.txt.' });
    expect(await h.read('fresh.txt')).toBe('one\ntwo\n');
    expect(await h.read('gone.txt')).toBe('new\n');
  });

  it('refuses to add or move onto an existing file and keeps CRLF, writing nothing on any failure', async () => {
    await files({ 'crlf.txt': 'a\r\nb\r\n', 'taken.txt': 'mine\n' });
    const add = await applyPatch('*** Update File: crlf.txt', '-a', '+A', '*** Add File: taken.txt', '+x');
    expect(add.status).toBe('error');
    expect(add.text).toMatch(/taken\.txt already exists.*Nothing was written\./s);
    const move = await h.call(
      'apply_patch',
      {
        input: patch('*** Delete File: src/old.ts', '*** Update File: crlf.txt', '*** Move to: taken.txt', '-a', '+A'),
      },
      gptYes,
    );
    expect(move.status).toBe('error');
    expect(await h.read('taken.txt')).toBe('mine\n');
    expect(await h.read('src/old.ts')).toBe('old\n');
    expect((await applyPatch('*** Update File: crlf.txt', '-a', '+A', '+A2')).status).toBe('ok');
    expect(await h.read('crlf.txt')).toBe('A\r\nA2\r\nb\r\n');
  });

  it('deletes a binary file: a Delete needs no text', async () => {
    await fs.writeFile(path.join(h.root, 'blob.bin'), Buffer.from([0, 1, 2, 0, 255]));
    expect((await h.call('apply_patch', { input: patch('*** Delete File: blob.bin') }, gptYes)).text).toBe(
      'Applied the patch: deleted blob.bin.',
    );
    await expect(fs.access(path.join(h.root, 'blob.bin'))).rejects.toThrow();
  });

  it('asks before it deletes or moves a file, naming each one; a decline, or nobody to ask, changes nothing', async () => {
    await files({ 'keep.txt': 'keep\n', 'from.txt': 'from\n' });
    const input = patch(
      '*** Delete File: keep.txt',
      '*** Update File: from.txt',
      '*** Move to: to.txt',
      '-from',
      '+to',
    );
    const asked: ConfirmationRequest[] = [];
    const declined = await h.call(
      'apply_patch',
      { input },
      { ...gpt, confirm: async (r) => (asked.push(r), 'decline') },
    );
    expect(declined.status).toBe('declined');
    expect(asked).toHaveLength(1);
    expect(asked[0].title).toBe('Delete or move 2 files with apply_patch?');
    // Each by its real path, with what is lost and what lands.
    expect(asked[0].message).toBe(
      [
        'keep.txt will be deleted:\n\n```diff\n--- a/keep.txt\n+++ /dev/null\n@@ -1,1 +1,0 @@\n-keep\n```',
        'from.txt will be moved to to.txt; what lands there:\n\n```diff\n--- a/from.txt\n+++ b/to.txt\n@@ -1,0 +1,1 @@\n+to\n```',
      ].join('\n\n'),
    );
    expect((await h.call('apply_patch', { input }, gpt)).status).toBe('declined');
    expect(await h.read('keep.txt')).toBe('keep\n');
    expect(await h.read('from.txt')).toBe('from\n');
    expect((await h.call('apply_patch', { input }, gptYes)).status).toBe('ok');
    await expect(fs.access(path.join(h.root, 'keep.txt'))).rejects.toThrow();
    expect(await h.read('to.txt')).toBe('to\n');
  });

  it('quotes at most 200 characters of a patch line in an error', async () => {
    const long = 'x'.repeat(5000);
    const result = await applyPatch('*** Update File: src/app.ts', `-${long}`, '+y');
    expect(result.status).toBe('error');
    expect(result.text).toContain('src/app.ts');
    expect(result.text).not.toContain('x'.repeat(201));
    expect(result.text.length).toBeLessThan(1500);
  });
});

describe('apply_patch says when it matched loosely', () => {
  it('names the file, the hunks and the indentation (the 4-space hunk in a tab-indented file of the issue)', async () => {
    await fs.writeFile(path.join(h.root, 'a.py'), 'def f():\n\tx = 1\n\treturn x\n\n\ndef g():\n\ty = 2\n\treturn y\n');
    await fs.writeFile(path.join(h.root, 'b.py'), 'def h():\n    return 1\n');
    const result = await applyPatch(
      '*** Update File: a.py',
      '@@ def f():',
      '    x = 1',
      '-    return x',
      '+    return x + 1',
      '@@ def g():',
      '    y = 2',
      '-    return y',
      '+    return y + 1',
      '*** Update File: b.py',
      '@@',
      ' def h():',
      '-    return 1',
      '+    return 2',
    );
    expect(result.text).toBe(
      'Applied the patch: updated a.py, updated b.py. a.py: hunks 1 and 2 matched only after ignoring whitespace differences; the file is indented with tabs — check the indentation of the lines you added.',
    );
    // What the reference does: the added lines keep the patch's indentation.
    expect(await h.read('a.py')).toBe('def f():\n\tx = 1\n    return x + 1\n\n\ndef g():\n\ty = 2\n    return y + 1\n');
  });

  it('states N spaces, and typographic differences', async () => {
    await fs.writeFile(path.join(h.root, 'c.ts'), 'class C {\n  m() {\n    return \u201cq\u201d;\n  }\n}\n');
    const result = await applyPatch('*** Update File: c.ts', '@@', '  m() {', '-return "q";', '+return "r";');
    expect(result.text).toBe(
      'Applied the patch: updated c.ts. c.ts: hunk 1 matched only after ignoring whitespace and typographic differences; the file is indented with 2 spaces — check the indentation of the lines you added.',
    );
  });
});
