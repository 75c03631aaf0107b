import { applyHunks, parsePatch, PatchError } from './patch';

describe('V4A patches', () => {
  it('parses every operation', () => {
    const ops = parsePatch('*** Begin Patch\n*** Update File: a.ts\n@@ anchor\n ctx\n-old\n+new\n\n*** Add File: b.ts\n+b\n*** Delete File: c.ts\n*** End Patch\n');
    expect(ops).toEqual([
      { kind: 'update', path: 'a.ts', moveTo: undefined, hunks: [{ anchor: 'anchor', oldLines: ['ctx', 'old'], newLines: ['ctx', 'new'] }] },
      { kind: 'add', path: 'b.ts', content: 'b\n' },
      { kind: 'delete', path: 'c.ts' },
    ]);
  });

  it('locates hunks exactly, then ignoring trailing and surrounding whitespace', () => {
    const text = 'a\n  b  \nc\n';
    expect(applyHunks(text, [{ oldLines: ['b'], newLines: ['B'] }], 'f')).toBe('a\nB\nc\n');
    expect(applyHunks('x\r\ny\r\n', [{ oldLines: ['y'], newLines: ['Y', 'Z'] }], 'f')).toBe('x\r\nY\r\nZ\r\n');
    expect(applyHunks('no newline', [{ oldLines: ['no newline'], newLines: ['still none'] }], 'f')).toBe('still none');
  });

  it('applies hunks in order and uses the anchor to pick the right occurrence', () => {
    const text = 'function a() {\n  return 1;\n}\nfunction b() {\n  return 1;\n}\n';
    const out = applyHunks(text, [{ anchor: 'function b() {', oldLines: ['  return 1;'], newLines: ['  return 2;'] }], 'f');
    expect(out).toBe('function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}\n');
    expect(applyHunks('a\n', [{ oldLines: [], newLines: ['b'] }], 'f')).toBe('a\nb\n');
  });

  it('reports what failed', () => {
    expect(() => applyHunks('a\n', [{ anchor: 'zzz', oldLines: ['a'], newLines: [] }], 'f.ts')).toThrow(PatchError);
    expect(() => applyHunks('a\n', [{ oldLines: ['q'], newLines: [] }], 'f.ts')).toThrow(/f.ts, hunk 1/);
    expect(() => parsePatch('*** Begin Patch\n*** Update File: a\nbad line\n*** End Patch')).toThrow(/must start with ' ', '-', '\+' or '@@'/);
    expect(() => parsePatch('*** Begin Patch\n*** End Patch')).toThrow(/changes no file/);
    expect(() => parsePatch('*** Begin Patch\n*** Add File: a\nno plus\n*** End Patch')).toThrow(/must start with '\+'/);
  });
});
