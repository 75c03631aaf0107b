import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { GIT_WHEN, PATH_PROPERTY } from '../when';

export interface GitLogInput {
  readonly count?: number;
  readonly path?: string;
}

export const gitLogDefinition: ToolDefinition = {
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
};

@injectable()
export class GitLogTool implements Tool<GitLogInput> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input }: ToolInvocationOptions<GitLogInput>, token: CancellationToken) {
    return textResult(await this.git.log({ count: input.count ?? 10, path: input.path }, token));
  }
}
