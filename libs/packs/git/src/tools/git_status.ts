import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  resultCharBudget,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { renderLines } from '../budget';
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

  async invoke({ tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const maxChars = resultCharBudget(tokenizationOptions);
    return textResult(
      renderLines(
        await this.git.status(token),
        maxChars,
        (shown, total) =>
          `[Showing ${shown} of ${total} lines: the rest are over the result budget of ${maxChars.toLocaleString('en-US')} characters. git_diff {stat: true, path} summarises one folder's changes.]`,
      ),
    );
  }
}

export const gitStatus = defineTool({ definition, implementation: GitStatusTool });
