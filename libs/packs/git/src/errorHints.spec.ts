// The git service's errors name no tool; the git pack's errorHints give the sentence that does, by the
// error's code and the failing tool, so the model reads what it read when the service said it all.
import { WorkspaceError, type WorkspaceErrorCode, type WorkspaceErrorData } from '@toolpacks/services';
import { gitErrorHint, gitErrorWords, inGitWords, saidByGit } from './errorHints';

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

  it('words the refusals that name a tool first or mid-sentence exactly as the service once did', () => {
    const said = (message: string, code: WorkspaceErrorCode, data?: WorkspaceErrorData, tool = 'git_switch') =>
      gitErrorWords(new WorkspaceError(message, code, data), tool);
    expect(
      said("The switch to 'b' was refused: 1 file(s) would stop it or be lost:\n- a.txt: changed", 'switch-blocked'),
    ).toBe(
      "git_switch to 'b' was refused: 1 file(s) would stop it or be lost:\n- a.txt: changed\nCommit them (git_add, git_commit), discard them (git_restore) or move them away, then switch again.",
    );
    expect(
      said(
        "git refused to switch to 'b': local changes or untracked files would be overwritten.\nerror: x",
        'switch-overwrites',
      ),
    ).toBe(
      "git refused to switch to 'b': local changes or untracked files would be overwritten. Commit them (git_add, git_commit) or discard them (git_restore), then switch again.\nerror: x",
    );
    expect(
      said(
        "The switch to 'b' was refused: the branch moved (it showed 1, the branch is at 2 now); nothing was changed.",
        'branch-moved',
      ),
    ).toBe(
      "git_switch to 'b' was refused: the branch moved (it showed 1, the branch is at 2 now); nothing was changed. Call git_switch again to see the new question.",
    );
    expect(
      said('Switching branches changes the whole working tree of the repository at /r', 'switch-outside-workspace'),
    ).toBe('git_switch changes the whole working tree of the repository at /r');
    expect(said("There is no local branch 'b'.", 'no-branch', { branch: 'b' })).toBe(
      "There is no local branch 'b'. git_branch lists the branches; to make a new one, call git_switch with create: true (and startPoint, e.g. origin/b, to start it elsewhere).",
    );
    expect(
      said("A diff takes a revision or a range, not 'a.ts'; give the file as path instead.", 'revision-is-path'),
    ).toBe("git_diff takes a revision or a range, not 'a.ts'; give the file as path instead.");
    expect(said('Give either paths or all: true, not both.', 'paths-and-all')).toBe(
      'Give either paths or all: true to git_add, not both.',
    );
    expect(
      said(
        'Paths are needed (files or folders to stage, new files included), or all: true.',
        'no-paths',
        {},
        'git_add',
      ),
    ).toBe('git_add needs paths (files or folders to stage, new files included), or all: true.');
  });

  it('says the receipt and path refusals as the tool that made them', () => {
    const words = (message: string, tool: string) => gitErrorWords(new WorkspaceError(message), tool);
    expect(words('The restore was refused: the repository changed after the question was shown.', 'git_restore')).toBe(
      'git_restore was refused: the repository changed after the question was shown.',
    );
    expect(words("The switch to 'b' writes files that can make code run.", 'git_switch')).toBe(
      "git_switch to 'b' writes files that can make code run.",
    );
    expect(gitErrorWords(new WorkspaceError('Paths are needed: the files.', 'no-paths'), 'git_restore')).toBe(
      'git_restore needs paths: the files.',
    );
    expect(words('The call takes at most 1000 paths; give their folder instead.', 'git_commit')).toBe(
      'git_commit takes at most 1000 paths; give their folder instead.',
    );
    expect(words('Every path must be a non-empty string.', 'git_restore')).toBe(
      'git_restore: every path must be a non-empty string.',
    );
  });

  it('rethrows a reworded error with its code and data, and any other error as it was', async () => {
    const blocked = new WorkspaceError("The switch to 'b' was refused: x", 'switch-blocked', { branch: 'b' });
    const thrown = await saidByGit('git_switch', () => Promise.reject(blocked)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(WorkspaceError);
    expect(thrown).toMatchObject({ code: 'switch-blocked', data: { branch: 'b' } });
    expect((thrown as Error).message).toMatch(/^git_switch to 'b' was refused: x\nCommit them/);
    const other = new Error('plain');
    expect(inGitWords(other, 'git_switch')).toBe(other);
    await expect(saidByGit('git_switch', () => Promise.reject(other))).rejects.toBe(other);
  });
});
