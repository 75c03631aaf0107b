import { SensitivePaths } from './sensitivePaths';

describe('SensitivePaths', () => {
  const paths = new SensitivePaths();

  it('matches case-insensitively, including letters toLowerCase leaves alone (ſ, ı)', () => {
    for (const relative of ['.GIT/config', '.vscode/ſettings.json', '.vscode/taſks.json', '.gitattributeſ', '.gıt/config', 'sub/.Git/hooks/pre-commit']) expect(paths.reason(relative)).toBeDefined();
  });

  it('leaves ordinary files alone', () => {
    for (const relative of ['src/git.ts', '.gitignore', 'vscode/tasks.json', 'docs/.git-notes.md']) expect(paths.reason(relative)).toBeUndefined();
  });
});
