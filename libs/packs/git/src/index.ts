import { definePack, defineToolSet } from '@toolpacks/registry';
import { gitBlame } from './tools/git_blame';
import { gitCommit } from './tools/git_commit';
import { gitDiff } from './tools/git_diff';
import { gitLog } from './tools/git_log';
import { gitShow } from './tools/git_show';
import { gitStatus } from './tools/git_status';

export { GIT_WHEN } from './when';

/** The repository of the workspace. Needs GitService; offered while gitOpenRepositoryCount > 0. */
export const gitPack = definePack({
  id: 'git',
  displayName: 'Git',
  version: '0.1.0',
  tools: [gitStatus, gitDiff, gitLog, gitShow, gitBlame, gitCommit],
  toolSets: [
    defineToolSet({
      name: 'git',
      description: 'Inspect the repository and commit.',
      icon: 'git-branch',
      tools: [gitStatus, gitDiff, gitLog, gitShow, gitBlame, gitCommit],
    }),
  ],
});
