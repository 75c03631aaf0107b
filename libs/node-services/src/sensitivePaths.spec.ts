import { SensitivePaths } from './sensitivePaths';

describe('SensitivePaths', () => {
  const paths = new SensitivePaths();

  it('matches case-insensitively, including letters toLowerCase leaves alone (ſ, ı)', () => {
    for (const relative of [
      '.GIT/config',
      '.vscode/ſettings.json',
      '.vscode/taſks.json',
      '.gitattributeſ',
      '.gıt/config',
      'sub/.Git/hooks/pre-commit',
    ])
      expect(paths.reason(relative)).toBeDefined();
  });

  it('covers the agent clients’ project files that start programs or grant permissions (review finding)', () => {
    for (const relative of [
      '.mcp.json',
      '.claude/settings.json',
      '.claude/settings.local.json',
      '.claude/commands/deploy.md',
      '.gemini/settings.json',
      '.codex/config.toml',
      '.cursor/mcp.json',
      '.devcontainer/devcontainer.json',
      '.devcontainer.json',
      'packages/app/.mcp.json',
    ])
      expect(paths.reason(relative)).toBeDefined();
    for (const relative of ['.claude/notes.md', 'docs/mcp.json', '.gemini/GEMINI.md'])
      expect(paths.reason(relative)).toBeUndefined();
  });

  it('leaves ordinary files alone', () => {
    for (const relative of ['src/git.ts', '.gitignore', 'vscode/tasks.json', 'docs/.git-notes.md'])
      expect(paths.reason(relative)).toBeUndefined();
  });

  it('adds the paths the repository config names: a folder covers its content, case-folded, and a new set replaces the old', () => {
    const learnt = new SensitivePaths();
    learnt.setRepositoryPaths([{ relative: 'tools/hooks', reason: 'hooks folder (core.hookspath)' }]);
    expect(learnt.reason('Tools/HOOKS/pre-commit')).toBe('Tools/HOOKS/pre-commit — hooks folder (core.hookspath)');
    expect(learnt.reason('tools/hooks-old/x')).toBeUndefined();
    learnt.setRepositoryPaths([]);
    expect(learnt.reason('tools/hooks/pre-commit')).toBeUndefined();
  });
});
