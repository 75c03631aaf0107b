import { definePack, defineToolSet } from '@toolpacks/registry';
import { gitErrorHint } from './errorHints';
import { gitAdd } from './tools/git_add';
import { gitBlame } from './tools/git_blame';
import { gitBranch } from './tools/git_branch';
import { gitCommit } from './tools/git_commit';
import { gitDiff } from './tools/git_diff';
import { gitLog } from './tools/git_log';
import { gitRestore } from './tools/git_restore';
import { gitShow } from './tools/git_show';
import { gitStatus } from './tools/git_status';
import { gitSwitch } from './tools/git_switch';

export { GIT_WHEN } from './when';

/** The repository of the workspace. Needs GitService; offered while gitOpenRepositoryCount > 0. */
export const gitPack = definePack({
  id: 'git',
  displayName: 'Git',
  version: '0.1.0',
  errorHints: gitErrorHint,
  tools: [gitStatus, gitDiff, gitLog, gitShow, gitBlame, gitAdd, gitRestore, gitCommit, gitBranch, gitSwitch],
  toolSets: [
    defineToolSet({
      name: 'git',
      description: 'Inspect the repository, stage, commit and switch branches.',
      icon: 'git-branch',
      tools: [gitStatus, gitDiff, gitLog, gitShow, gitBlame, gitAdd, gitRestore, gitCommit, gitBranch, gitSwitch],
    }),
  ],
});
