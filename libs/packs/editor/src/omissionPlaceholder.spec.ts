import { newOmissionPlaceholders, omissionPlaceholders } from './omissionPlaceholder';

describe('omissionPlaceholders', () => {
  it.each([
    '// rest of code ...',
    '// rest of methods ...',
    '    # rest of the file ...',
    '/* unchanged code ... */',
    '<!-- rest of method ... -->',
    '// Unchanged methods …',
    'rest of code...',
  ])('finds %j', (line) => {
    expect(omissionPlaceholders(`a\n${line}\nb`)).toEqual([line.trim()]);
  });

  it.each([
    'const rest = restOf(code); // ...',
    '// the rest of the code is below',
    'print("rest of code ...", x)',
    '// ... rest of code',
  ])('leaves %j alone', (line) => {
    expect(omissionPlaceholders(line)).toEqual([]);
  });

  it('reports only placeholders the old text did not hold', () => {
    expect(newOmissionPlaceholders('a\n// rest of code ...\n', '// rest of code ...')).toEqual([]);
    expect(newOmissionPlaceholders('a\n// rest of code ...\n', 'a\n')).toEqual(['// rest of code ...']);
  });
});
