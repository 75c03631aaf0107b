import { applyHunks, parsePatch, PatchError, planPatch } from './patch';
import type { Hunk, PatchFiles } from './patch';
import { LineIndex } from './patchMatcher';
import { splitText } from './patchText';

const wrap = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
/** Parses one Update section and applies it to `text`. */
const update = (text: string, ...lines: string[]) => {
  const [op] = parsePatch(wrap('*** Update File: f', ...lines));
  if (op.kind !== 'update') throw new Error('not an update');
  return applyHunks(text, op.hunks, 'f');
};
const hunk = (lines: string[], extra: Partial<Hunk> = {}): Hunk => ({
  anchors: [],
  endOfFile: false,
  patchLine: 1,
  lines: lines.map((l) => ({ kind: l[0] === ' ' ? 'context' : l[0] === '-' ? 'remove' : 'add', text: l.slice(1) })),
  ...extra,
});

describe('V4A patch parsing', () => {
  it('parses every operation, with hunks, anchors and end-of-file marks', () => {
    const ops = parsePatch(
      wrap(
        '*** Update File: a.ts',
        '*** Move to: b.ts',
        '@@ class A',
        '@@   run()',
        ' ctx',
        '-old',
        '+new',
        '*** End of File',
        '',
        '*** Add File: n.ts',
        '+n',
        '*** Delete File: c.ts',
      ),
    );
    expect(ops).toEqual([
      {
        kind: 'update',
        path: 'a.ts',
        moveTo: 'b.ts',
        hunks: [
          {
            anchors: ['class A', '  run()'],
            endOfFile: true,
            patchLine: 4,
            lines: [
              { kind: 'context', text: 'ctx' },
              { kind: 'remove', text: 'old' },
              { kind: 'add', text: 'new' },
            ],
          },
        ],
      },
      { kind: 'add', path: 'n.ts', content: 'n\n' },
      { kind: 'delete', path: 'c.ts' },
    ]);
  });

  it('accepts a BOM, CRLF, padded markers, blank lines around the patch and a heredoc wrapper', () => {
    const expected = [{ kind: 'add', path: 'foo', content: 'hi\n' }];
    expect(parsePatch('\uFEFF*** Begin Patch\r\n*** Add File: foo\r\n+hi\r\n*** End Patch\r\n')).toEqual(expected);
    expect(parsePatch('\n  *** Begin Patch \n  *** Add File: foo\n+hi\n *** End Patch\n \t\n')).toEqual(expected);
    for (const opener of ['<<EOF', "<<'EOF'", '<<"EOF"'])
      expect(parsePatch(`${opener}\n${wrap('*** Add File: foo', '+hi')}\nEOF\n`)).toEqual(expected);
    expect(() => parsePatch(`<<"EOF'\n${wrap('*** Add File: foo', '+hi')}\nEOF`)).toThrow(
      /must start with '\*\*\* Begin Patch'/,
    );
    expect(() => parsePatch("<<'EOF'\n*** Begin Patch\n*** Add File: foo\n+hi\nEOF")).toThrow(
      /must end with '\*\*\* End Patch'/,
    );
  });

  it('reads git-style @@ ranges as anchors and a blank line inside a hunk as context', () => {
    const [op] = parsePatch(wrap('*** Update File: f', '@@ -3,4 +3,5 @@ def main():', ' a', '', ' b', '+c'));
    expect(op).toMatchObject({
      hunks: [
        {
          anchors: ['def main():'],
          lines: [{ text: 'a' }, { kind: 'context', text: '' }, { text: 'b' }, { kind: 'add', text: 'c' }],
        },
      ],
    });
  });

  it('rejects what it cannot read, saying where and what to do', () => {
    expect(() => parsePatch('diff --git a b')).toThrow(PatchError);
    expect(() => parsePatch(wrap())).toThrow(/changes no file/);
    expect(() => parsePatch(wrap('*** Update File: a'))).toThrow(/'\*\*\* Update File: a' has no changes/);
    expect(() => parsePatch(wrap('*** Update File: a', 'bad line'))).toThrow(
      /Line 3 \(in the update of a\): a hunk line must start with ' '/,
    );
    expect(() => parsePatch(wrap('*** Add File: a', 'no plus'))).toThrow(
      /Line 3: every line of an added file must start with '\+'/,
    );
    expect(() => parsePatch(wrap('*** Frobnicate File: foo'))).toThrow(/Line 2: expected '\*\*\* Add File: <path>'/);
    expect(() => parsePatch(wrap('*** Update File: a', '@@ x'))).toThrow(/has no lines/);
    expect(() => parsePatch(wrap('*** Update File: a', '@@ x', ''))).toThrow(/has no lines/);
    expect(() => parsePatch('*** Begin Patch\n*** Update File: a\n@@\n-one\n+ONE')).toThrow(
      /must end with '\*\*\* End Patch' \(it may have been cut off\)/,
    );
    expect(() => parsePatch(`${wrap('*** Add File: a', '+1')}\nextra`)).toThrow(
      /Line 5: there is text after '\*\*\* End Patch' \('extra'\)/,
    );
    expect(() => parsePatch(`${wrap('*** Add File: a', '+1')}\n${wrap('*** Add File: b', '+2')}`)).toThrow(
      /Line 5: there is text after/,
    );
    const long = parsePatch.bind(null, wrap('*** Update File: a', `?${'x'.repeat(1000)}`));
    expect(long).toThrow(/'\?x{199}… \(801 more characters\)'/);
  });
});

describe('a file as lines', () => {
  it('keeps each ending, the BOM and the final-newline state; prefers the most common ending', () => {
    expect(splitText('\uFEFFa\r\nb\rc\nd')).toEqual({
      bom: '\uFEFF',
      lines: ['a', 'b', 'c', 'd'],
      endings: ['\r\n', '\r', '\n', ''],
      preferredEnding: '\r\n',
      endsWithNewline: false,
    });
    expect(splitText('a\nb\r\nc\r\n').preferredEnding).toBe('\r\n');
    expect(splitText('').endsWithNewline).toBe(true);
  });
});

describe('applying hunks', () => {
  it('locates hunks exactly, then ignoring whitespace, then typographic characters, keeping the file context lines', () => {
    expect(update('a\n  b  \nc\n', ' a', '-b', '+B', ' c')).toBe('a\nB\nc\n');
    expect(update('if (a) {\n\tkeep();\n\tgo();\n}\n', '     keep();', '-    go();', '+\tgo(1);')).toBe(
      'if (a) {\n\tkeep();\n\tgo(1);\n}\n',
    );
    expect(update('He said \u201Cno\u201D \u2014 twice\u00A0now\n', '-He said "no" - twice now', '+ok')).toBe('ok\n');
  });

  it('prefers an exact match later in the file to a lenient one earlier', () => {
    expect(update('  x\nx\n', '-x', '+y')).toBe('  x\ny\n');
  });

  it('writes new lines with the preferred ending and keeps every other line as it was', () => {
    expect(update('one\r\ntwo\nthree\r\nfour\n', ' two', '-three', '+THREE', ' four')).toBe(
      'one\r\ntwo\nTHREE\r\nfour\n',
    );
    expect(update('one\rtwo\rthree\r', '-one', '+uno', '@@', ' two', '+', '+between', ' three')).toBe(
      'uno\rtwo\r\rbetween\rthree\r',
    );
    expect(update('same\r\nsame\n', '-same', ' same')).toBe('same\n');
    expect(update('\uFEFFfirst\n', '-first', '+FIRST')).toBe('\uFEFFFIRST\n');
  });

  it('keeps a missing final newline, and gives one to a line that stops being last', () => {
    expect(update('one\r\ntwo', '-one', '+ONE')).toBe('ONE\r\ntwo');
    expect(update('last', ' last', '+after')).toBe('last\nafter');
    expect(update('a\n', '@@', '+b')).toBe('a\nb\n');
    expect(update('', '@@', '+b')).toBe('b\n');
  });

  it('places a hunk marked *** End of File at the end, tolerating blank lines after it', () => {
    expect(update('end\nx\nend\n', '-end', '+END', '*** End of File')).toBe('end\nx\nEND\n');
    expect(update('end\nx\nend\n\n', '-end', '+END', '*** End of File')).toBe('end\nx\nEND\n\n');
    expect(update('a\n', '@@', '+z', '*** End of File')).toBe('a\nz\n');
    expect(() => update('one\n', '@@', '-one', '+first', '@@', '-one', '+second', '*** End of File')).toThrow(
      /hunk 2 of 2 \(patch line 6\): its lines end the file at line 1, inside the change of hunk 1/,
    );
    expect(() => update('one\ntwo\n', '@@', '-one', '+1', '*** End of File')).toThrow(
      /marked '\*\*\* End of File', but its lines are at line 1, not at the end/,
    );
  });

  it('follows @@ anchors in order: whole line, then whole words, then a unique substring', () => {
    const py = 'class A:\n    def run(self):\n        return 1\nclass B:\n    def run(self):\n        return 1\n';
    expect(update(py, '@@ class B:', '@@ def run(self):', '-        return 1', '+        return 2')).toBe(
      py.replace(/1\n$/, '2\n'),
    );
    expect(update(py, '@@ class B:', '', '@@ def run(self):', '-        return 1', '+        return 2')).toBe(
      py.replace(/1\n$/, '2\n'),
    );
    expect(update('class FooBar:\n  x\nclass Foo(Base):\n  x\n', '@@ class Foo', '-  x', '+  y')).toBe(
      'class FooBar:\n  x\nclass Foo(Base):\n  y\n',
    );
    expect(update('function setupAll() {\n  x\n}\n', '@@ setupAl', '-  x', '+  y')).toBe(
      'function setupAll() {\n  y\n}\n',
    );
    expect(() => update('fooX\n  x\nfooY\n  x\n', '@@ foo', '-  x', '+  y')).toThrow(
      /part of 2 lines \(line 1: 'fooX', line 3: 'fooY'\)/,
    );
    expect(update('def f():\n    pass\n', '@@ def f():', ' def f():', '-    pass', '+    return 1')).toBe(
      'def f():\n    return 1\n',
    );
    expect(update('def f():\n    pass\n', '@@ def f():', '+    # added')).toBe('def f():\n    # added\n    pass\n');
  });

  it('retries without blank context lines at the ends of a hunk', () => {
    expect(update('foo\nbar\nbaz\n', '-foo', '+FOO', ' bar', '')).toBe('FOO\nbar\nbaz\n');
  });

  it('says which hunk failed, the first line that is not in the file, or the closest place', () => {
    expect(() => update('a\nb\n', ' a', '-zzz', '+y')).toThrow(
      /^f, hunk 1 \(patch line 3\): the line 'zzz' is not in the file\. Read the file again/,
    );
    expect(() => update('a\nb\nc\n', ' a', '-c', '+y')).toThrow(
      /closest place is line 1: the hunk's line 'c' does not match the file's line 2 'b'/,
    );
    expect(() => update('a\nb\n', '-b', '+B', '@@', '-a', '+A')).toThrow(
      /hunk 2 of 2 \(patch line 5\): its lines are at line 1, before the change of hunk 1; list hunks in the order of the file/,
    );
    expect(() => update('a\n', '@@ nowhere', '-a', '+b')).toThrow(/the @@ line 'nowhere' was not found/);
  });

  it('applies hunks in one pass over big files (each hunk found from the previous one)', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i % 1000}`);
    const hunks = Array.from({ length: 2_000 }, (_, k) =>
      hunk([` line ${(k * 100) % 1000}`, `-line ${(k * 100 + 1) % 1000}`, `+changed ${k}`]),
    );
    const out = applyHunks(`${lines.join('\n')}\n`, hunks, 'big').split('\n');
    expect(out.filter((l) => l.startsWith('changed')).length).toBe(2_000);
    expect(out[1]).toBe('changed 0');
    expect(out[101]).toBe('changed 1');
  });

  it('indexes lines once per level', () => {
    const index = new LineIndex(['a', ' b ', 'c']);
    expect(index.find(['b', 'c'], 0, 0)).toBe(-1);
    expect(index.find(['b', 'c'], 0, 2)).toBe(1);
    expect(index.find(['b', 'c'], 2, 2)).toBe(-1);
  });
});

describe('planning a whole patch', () => {
  const workspace = (files: Record<string, string>, folders: string[] = []): PatchFiles => ({
    key: async (p) => p.replace(/^\.\//, ''),
    type: async (k) => (k in files ? 'file' : folders.includes(k) ? 'directory' : undefined),
    read: async (k) => files[k],
  });

  it('applies operations in order over an in-memory view and reports each file once', async () => {
    const plan = await planPatch(
      parsePatch(
        wrap(
          '*** Update File: a',
          '-1',
          '+2',
          '*** Update File: ./a',
          '-2',
          '+3',
          '*** Delete File: d',
          '*** Add File: d',
          '+new',
          '*** Update File: m',
          '*** Move to: n',
          '-m',
          '+M',
        ),
      ),
      workspace({ a: '1\n', d: 'old\n', m: 'm\n' }),
    );
    expect(plan.summary).toEqual(['updated a', 'updated d', 'moved m to n']);
    expect(plan.changes).toEqual([
      { type: 'update', path: 'a', content: '3\n', expected: '1\n' },
      { type: 'update', path: 'd', content: 'new\n', expected: undefined },
      { type: 'update', path: 'm', content: 'M\n', expected: 'm\n', moveTo: 'n' },
    ]);
  });

  it('refuses to add or move onto an existing file, or to touch a file deleted earlier, naming why', async () => {
    const files = workspace({ a: 'a\n', b: 'b\n' }, ['dir']);
    await expect(planPatch(parsePatch(wrap('*** Add File: a', '+x')), files)).rejects.toThrow(
      /Cannot add a: a already exists/,
    );
    await expect(
      planPatch(parsePatch(wrap('*** Update File: a', '*** Move to: b', '-a', '+A')), files),
    ).rejects.toThrow(/Cannot move a to b: b already exists/);
    await expect(
      planPatch(parsePatch(wrap('*** Delete File: a', '*** Update File: a', '-a', '+A')), files),
    ).rejects.toThrow(/a was deleted earlier in this patch/);
    await expect(planPatch(parsePatch(wrap('*** Delete File: dir')), files)).rejects.toThrow(
      /dir is a folder; only files can be deleted/,
    );
    await expect(planPatch(parsePatch(wrap('*** Update File: none', '-x', '+y')), files)).rejects.toThrow(
      /none does not exist, so it cannot be updated/,
    );
  });
});
