import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitSections,
  resultCharBudget,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { GIT_WHEN, PATH_PROPERTY } from '../when';

const definition = {
  name: 'git_log',
  toolReferenceName: 'git_log',
  displayName: 'Git Log',
  modelDescription:
    'Lists recent commits, newest first: short hash, date, author and subject. Optionally only those that touched a path, and after skipping the newest `skip` (to page on). A long list is cut at a commit within the result budget and says how to continue. Use it to find when something changed; then git_show a hash for the details.',
  userDescription: 'Lists recent commits.',
  inputSchema: {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 500, description: 'How many commits. Default: 10.' },
      path: PATH_PROPERTY,
      skip: {
        type: 'integer',
        minimum: 0,
        description: 'Leave out the newest this many commits (to see the next page). Default: 0.',
      },
    },
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitLogTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const skip = input.skip ?? 0;
    const text = await this.git.log({ count: input.count ?? 10, path: input.path, skip }, token);
    const maxChars = resultCharBudget(tokenizationOptions);
    if (text.length <= maxChars) return textResult(text);
    // One section per commit: its first line starts at the left margin, the subject is indented.
    const commits = text.split(/\n(?=\S)/);
    const fitted = fitSections(commits, Math.max(maxChars / 4, maxChars - 300), '\n', true);
    const kept = Math.max(fitted.kept, 1);
    return textResult(
      `${fitted.text}\n\n[Showing ${kept} of ${commits.length} commits: the rest are over the result budget of ${maxChars.toLocaleString('en-US')} characters. Call git_log with skip: ${skip + kept} for the next ones, or a smaller count.]`,
    );
  }
}

export const gitLog = defineTool({ definition, implementation: GitLogTool });
