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
import { GIT_WHEN, PATH_PROPERTY } from '../when';

const definition = {
  name: 'git_log',
  toolReferenceName: 'git_log',
  displayName: 'Git Log',
  modelDescription:
    'Lists recent commits, newest first: short hash, date, author and subject. Optionally only those that touched a path. Use it to find when something changed; then git_show a hash for the details.',
  userDescription: 'Lists recent commits.',
  inputSchema: {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 500, description: 'How many commits. Default: 10.' },
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
class GitLogTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input }: ToolInvocationOptions<Input>, token: CancellationToken) {
    return textResult(await this.git.log({ count: input.count ?? 10, path: input.path }, token));
  }
}

export const gitLog = defineTool({ definition, implementation: GitLogTool });
