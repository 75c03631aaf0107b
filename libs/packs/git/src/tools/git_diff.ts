import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { GIT_WHEN, PATH_PROPERTY, REVISION_PROPERTY } from '../when';

export interface GitDiffInput {
  readonly staged?: boolean;
  readonly revision?: string;
  readonly path?: string;
}

export const gitDiffDefinition: ToolDefinition = {
  name: 'git_diff',
  toolReferenceName: 'git_diff',
  displayName: 'Git Diff',
  modelDescription:
    'Returns a unified diff: by default the unstaged changes of the working tree; with staged=true what is staged for the next commit; with revision, the working tree against that revision. Optionally for one path. Use it to review changes before committing or to see what changed since a commit.',
  userDescription: 'Shows changes as a diff.',
  inputSchema: {
    type: 'object',
    properties: {
      staged: { type: 'boolean', description: 'Show staged changes instead of unstaged ones.' },
      revision: REVISION_PROPERTY,
      path: PATH_PROPERTY,
    },
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: { readOnly: true, idempotent: true },
};

@injectable()
export class GitDiffTool implements Tool<GitDiffInput> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input }: ToolInvocationOptions<GitDiffInput>, token: CancellationToken) {
    return textResult(await this.git.diff(input, token));
  }
}
