import { newFileDiff, parseNumstat, sectionPath, splitPatch, unquote } from './gitPatch';

describe('gitPatch', () => {
  // The one C-unquoting left (parse.ts's copy masked octal bytes with & 0xff, this one did not):
  // octal escapes are bytes, decoded together as UTF-8; an escape past a byte stays one byte.
  it("unquotes git's C-quoted names: named escapes, octal UTF-8 bytes, a quote inside", () => {
    expect(unquote('"a\\tb\\"c\\\\d"')).toBe('a\tb"c\\d');
    expect(unquote('"caf\\303\\251 \\001"')).toBe('café \x01');
    expect(unquote('"\\777x"')).toBe(Buffer.from([0xff, 0x78]).toString('utf8'));
    expect(unquote('plain name')).toBe('plain name');
  });

  it('parses --numstat -z, renames and binary files included', () => {
    expect(parseNumstat('1\t2\ta.txt\0-\t-\timg.png\x000\t0\t\0old name\0new name\0')).toEqual([
      { path: 'a.txt', added: 1, deleted: 2 },
      { path: 'img.png', added: undefined, deleted: undefined },
      { path: 'new name', previousPath: 'old name', added: 0, deleted: 0 },
    ]);
    expect(parseNumstat('')).toEqual([]);
  });

  it('splits a commit into its header and one section per file, named by path', () => {
    const text = [
      'commit abc',
      '',
      '    message with diff --git inside',
      '',
      'diff --git a/a b.txt b/a b.txt',
      'index 1..2 100644',
      // git ends these two with a TAB when the name holds a space.
      '--- a/a b.txt\t',
      '+++ b/a b.txt\t',
      '@@ -1 +1 @@',
      '-x',
      '+y',
      'diff --git "a/tab\\there" "b/tab\\there"',
      'new file mode 100644',
      'Binary files /dev/null and "b/tab\\there" differ',
      'diff --git a/old b/new',
      'similarity index 100%',
      'rename from old',
      'rename to new',
      '',
    ].join('\n');
    const { header, files } = splitPatch(text);
    expect(header).toBe('commit abc\n\n    message with diff --git inside');
    expect(files.map((f) => f.path)).toEqual(['a b.txt', 'tab\there', 'new']);
    expect(files[0].text.endsWith('+y')).toBe(true);
    expect(sectionPath('diff --cc merged.txt\nindex 1,2..3')).toBe('merged.txt');
  });

  it('builds a new-file diff as git shows one', () => {
    expect(newFileDiff('a.txt', 'one\ntwo\n', false)).toBe(
      'diff --git a/a.txt b/a.txt\nnew file mode 100644\n--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1,2 @@\n+one\n+two',
    );
    expect(newFileDiff('x', 'only', true)).toBe(
      'diff --git a/x b/x\nnew file mode 100755\n--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+only\n\\ No newline at end of file',
    );
    expect(newFileDiff('empty', '', false)).toBe('diff --git a/empty b/empty\nnew file mode 100644');
  });
});
