import { renderTable } from './table';

describe('renderTable', () => {
  it('aligns columns and cuts only the last one to the width', () => {
    const rows = [
      ['a', 'short'],
      ['longer', 'a description that is far too long'],
    ];
    expect(renderTable(['NAME', 'TEXT'], rows, 20).split('\n')).toEqual(['NAME    TEXT', '──────  ────────────', 'a       short', 'longer  a descripti…']);
    expect(renderTable(['NAME', 'TEXT'], rows, Infinity)).toContain('a description that is far too long');
  });
});
