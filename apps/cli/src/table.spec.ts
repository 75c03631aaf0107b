import { cut, firstLine, firstSentence, outputWidth, renderTable } from './table';

describe('renderTable', () => {
  it('aligns columns and cuts only the last one to the width', () => {
    const rows = [
      ['a', 'short'],
      ['longer', 'a description that is far too long'],
    ];
    expect(renderTable(['NAME', 'TEXT'], rows, 20).split('\n')).toEqual([
      'NAME    TEXT',
      '──────  ────────────',
      'a       short',
      'longer  a descripti…',
    ]);
    expect(renderTable(['NAME', 'TEXT'], rows, Infinity)).toContain('a description that is far too long');
  });

  it('shows one line per row: a cell’s first line, with an ellipsis when more follows', () => {
    const table = renderTable(
      ['TOOL', 'DESCRIPTION'],
      [['read_file', 'Reads a file.\nReturns its lines.\n\nMore.']],
      Infinity,
    );
    expect(table.split('\n')).toEqual([
      'TOOL       DESCRIPTION',
      '─────────  ───────────────',
      'read_file  Reads a file. …',
    ]);
  });

  it('never prints a line wider than the width: then cuts the widest other columns', () => {
    const rows = [
      ['a_rather_long_tool_name', 'a-pack', 'a reason that is long as well', 'a description'],
      ['x', 'y', 'z', 'w'],
    ];
    for (const width of [80, 50, 40, 30]) {
      const lines = renderTable(['TOOL', 'PACK', 'WHY', 'DESCRIPTION'], rows, width).split('\n');
      for (const line of lines) expect([width, line, line.length <= width]).toEqual([width, line, true]);
      expect(lines[2]).toMatch(/^a_rathe/);
    }
    // Far too narrow for the minimum widths: lines are cut at the width.
    for (const line of renderTable(['TOOL', 'PACK', 'WHY', 'DESCRIPTION'], rows, 12).split('\n'))
      expect(line.length).toBeLessThanOrEqual(12);
  });

  it('takes the terminal’s width; piped, $COLUMNS or no limit', () => {
    expect(outputWidth({ isTTY: true, columns: 91 }, { COLUMNS: '50' })).toBe(91);
    expect(outputWidth({ isTTY: false }, { COLUMNS: '50' })).toBe(50);
    expect(outputWidth({ isTTY: false }, {})).toBe(Infinity);
    expect(outputWidth({ isTTY: true }, {})).toBe(80);
  });

  it('helpers: first line, first sentence, cut', () => {
    expect(firstLine('  one\ntwo')).toBe('one …');
    expect(firstSentence('Reads a file. Returns lines.\nMore')).toBe('Reads a file.');
    expect(firstSentence('No stop here')).toBe('No stop here');
    expect(cut('abcdef', 4)).toBe('abc…');
    expect(cut('abc', 4)).toBe('abc');
  });
});
