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
import { GIT_WHEN } from '../when';

const definition = {
  name: 'git_status',
  toolReferenceName: 'git_status',
  displayName: 'Git Status',
  modelDescription:
    "Shows the repository's current branch and changed files in short form ('## branch', then ' M' modified, 'A ' staged, '??' untracked). Use it before committing or to see what the user changed. Takes no input.",
  userDescription: 'Shows the git status.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitStatusTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke(_options: ToolInvocationOptions<Input>, token: CancellationToken) {
    return textResult(await this.git.status(token));
  }
}

export const gitStatus = defineTool({ definition, implementation: GitStatusTool });
