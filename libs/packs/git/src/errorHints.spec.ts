// The git service's errors name no tool; the git pack's errorHints give the sentence that does, by the
// error's code and the failing tool, so the model reads what it read when the service said it all.
import { WorkspaceError } from '@toolpacks/services';
import { gitErrorHint, gitErrorWords } from './errorHints';

describe('git error hints', () => {
  it('adds the pack’s sentence after the service’s words, with one space', () => {
    const error = new WorkspaceError('Nothing to commit: no changes are staged in the workspace.', 'nothing-to-commit');
    expect(gitErrorWords(error, 'git_commit')).toBe(
      'Nothing to commit: no changes are staged in the workspace. Stage files with git_add (new files too), or call git_commit with paths: [...] to add the files and commit them in one call, or with all: true to include every change to tracked files.',
    );
  });

  it('gives a code’s sentence only to the tool it fits', () => {
    expect(gitErrorHint('branch-exists', 'git_branch')).toBe('Switch to it with git_switch, or pick another name.');
    // git_switch's own words already say what to do ("switch to it without create: true").
    expect(gitErrorHint('branch-exists', 'git_switch')).toBeUndefined();
  });

  it('adds nothing for an unknown code, an inherited key, or an error that is not the workspace’s', () => {
    expect(gitErrorHint('toString', 'git_add')).toBeUndefined();
    expect(gitErrorHint('no-such-code', 'git_add')).toBeUndefined();
    expect(gitErrorWords(new Error('plain'), 'git_add')).toBe('plain');
    expect(gitErrorWords('text', 'git_add')).toBe('text');
  });
});
