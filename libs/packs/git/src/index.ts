import { definePack } from '@toolpacks/registry';
import { gitBlameDefinition, GitBlameTool } from './tools/git_blame';
import { gitCommitDefinition, GitCommitTool } from './tools/git_commit';
import { gitDiffDefinition, GitDiffTool } from './tools/git_diff';
import { gitLogDefinition, GitLogTool } from './tools/git_log';
import { gitShowDefinition, GitShowTool } from './tools/git_show';
import { gitStatusDefinition, GitStatusTool } from './tools/git_status';

export { GIT_WHEN } from './when';

/** The repository of the workspace. Needs GitService; offered while gitOpenRepositoryCount > 0. */
export const gitPack = definePack({
  id: 'git',
  displayName: 'Git',
  version: '0.1.0',
  tools: [
    { definition: gitStatusDefinition, implementation: GitStatusTool },
    { definition: gitDiffDefinition, implementation: GitDiffTool },
    { definition: gitLogDefinition, implementation: GitLogTool },
    { definition: gitShowDefinition, implementation: GitShowTool },
    { definition: gitBlameDefinition, implementation: GitBlameTool },
    { definition: gitCommitDefinition, implementation: GitCommitTool },
  ],
  toolSets: [{ name: 'git', description: 'Inspect the repository and commit.', icon: 'git-branch', tools: ['git_status', 'git_diff', 'git_log', 'git_show', 'git_blame', 'git_commit'] }],
});
