import { caseInsensitiveGlob, escapeGlobName, matchesNameGlob } from './globText';

describe('caseInsensitiveGlob', () => {
  it('puts each letter in a class of both cases, keeping wildcards, braces and classes', () => {
    expect(caseInsensitiveGlob('src/**/*.TS')).toBe('[sS][rR][cC]/**/*.[tT][sS]');
    expect(caseInsensitiveGlob('*.{js,md}')).toBe('*.{[jJ][sS],[mM][dD]}');
    expect(caseInsensitiveGlob('[a-c]x[!Z1]')).toBe('[a-cA-C][xX][!zZ1]');
    expect(caseInsensitiveGlob('[unclosed')).toBe('[unclosed');
  });
});

describe('escapeGlobName', () => {
  it('wraps glob characters in a class so the name matches only itself', () => {
    expect(escapeGlobName('[id].tsx')).toBe('[[]id[]].tsx');
    expect(escapeGlobName('a*b?{c}')).toBe('a[*]b[?][{]c[}]');
  });
});

describe('matchesNameGlob', () => {
  it('matches *, ? and classes over a whole name, linearly', () => {
    expect(matchesNameGlob('*.log', 'debug.log')).toBe(true);
    expect(matchesNameGlob('*.log', 'debug.logs')).toBe(false);
    expect(matchesNameGlob('node_modules', 'node_modules')).toBe(true);
    expect(matchesNameGlob('e?pty', 'empty')).toBe(true);
    expect(matchesNameGlob('[!a]*', 'abc')).toBe(false);
    expect(matchesNameGlob('[a-c]*', 'beta')).toBe(true);
    expect(matchesNameGlob('a.b', 'axb')).toBe(false);
    const start = Date.now();
    expect(matchesNameGlob('*a*a*a*a*a*a*a*a*Q', 'a'.repeat(5000))).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
  });
});
