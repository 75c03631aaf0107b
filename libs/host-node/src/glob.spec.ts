import { compileGlob, globToRegExp } from './glob';

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
    expect(() => globToRegExp('src/[abc')).toThrow(/Unclosed '\['/);
    expect(() => globToRegExp('*.{ts,js')).toThrow(/Unclosed '\{'/);
    expect(() => globToRegExp('  ')).toThrow(/empty/);
  });
});
