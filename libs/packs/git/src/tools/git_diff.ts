import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { GIT_WHEN, PATH_PROPERTY, REVISION_PROPERTY } from '../when';

const definition = {
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
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitDiffTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input }: ToolInvocationOptions<Input>, token: CancellationToken) {
    return textResult(await this.git.diff(input, token));
  }
}

export const gitDiff = defineTool({ definition, implementation: GitDiffTool });
