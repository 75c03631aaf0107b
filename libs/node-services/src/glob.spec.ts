import { compileGlob } from './glob';

const matches = (glob: string, path: string) => compileGlob(glob)(path);

describe('globs', () => {
  it('matches a name at any depth when the pattern has no slash', () => {
    expect(matches('*.ts', 'a.ts')).toBe(true);
    expect(matches('*.ts', 'src/deep/a.ts')).toBe(true);
    expect(matches('*.ts', 'src/a.tsx')).toBe(false);
    expect(matches('package.json', 'libs/x/package.json')).toBe(true);
  });

  it('matches the whole path when the pattern has a slash', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/x/a.ts')).toBe(false);
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/x/y/a.ts')).toBe(true);
    expect(matches('**/*.ts', 'a.ts')).toBe(true);
    expect(matches('./src/**', 'src/x/y')).toBe(true);
    expect(matches('src/', 'src/x/y')).toBe(true);
    expect(matches('/src/*.ts', 'src/a.ts')).toBe(true);
  });

  it('supports ?, classes and alternatives', () => {
    expect(matches('**/*.{js,ts}', 'a/b.js')).toBe(true);
    expect(matches('**/*.{js,ts}', 'a/b.md')).toBe(false);
    expect(matches('file?.txt', 'file1.txt')).toBe(true);
    expect(matches('file[0-9].txt', 'file7.txt')).toBe(true);
    expect(matches('file[!0-9].txt', 'file7.txt')).toBe(false);
    expect(matches('a+b(c).txt', 'a+b(c).txt')).toBe(true);
  });

  it('explains malformed globs', () => {
    expect(() => compileGlob('src/[abc')).toThrow(/Unclosed '\['/);
    expect(() => compileGlob('*.{ts,js')).toThrow(/Unclosed '\{'/);
    expect(() => compileGlob('  ')).toThrow(/empty/);
    expect(() => compileGlob('{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}')).toThrow(/more than 256 alternatives/);
  });

  it('does not match a folder itself with a trailing ** or slash', () => {
    expect(matches('src/', 'src')).toBe(false);
    expect(matches('src/**', 'src')).toBe(false);
    expect(matches('src/**', 'src/a')).toBe(true);
    expect(matches('a/**/b', 'a/b')).toBe(true);
    expect(matches('a/**/b', 'a/x/y/b')).toBe(true);
    expect(matches('a/**/b', 'a/x/y/c')).toBe(false);
  });
});

// Each of these made the regex-based matcher backtrack for tens of seconds or more on the main
// thread (issue #10; the first took 30 s here): they must answer at once (a hang fails the test by
// Jest's own timeout).
describe('hostile globs are matched in linear time', () => {
  const name = `${'a'.repeat(60)}`;
  it('many stars against a long name that almost matches', () => {
    expect(matches('*a*a*a*a*a*a*a*Q', name)).toBe(false);
    expect(matches('*a*a*a*a*a*a*a*Q', `x/${name}Q`)).toBe(true);
    expect(matches('**/*a*a*a*a*a*a*a*a*a*a*a*a*Q', `${name}/${name}/${name}`)).toBe(false);
  });

  it('ten {*,*} groups collapse instead of multiplying', () => {
    const glob = `${'{*,*}'.repeat(10)}Q`;
    expect(matches(glob, name)).toBe(false);
    expect(matches(glob, `${name}Q`)).toBe(true);
  });

  it('many globstars against a deep path', () => {
    const deep = Array.from({ length: 60 }, () => 'a').join('/');
    expect(matches(`${'**/a/'.repeat(20)}Q`, deep)).toBe(false);
  });
});
