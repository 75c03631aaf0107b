import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { GIT_WHEN, PATH_PROPERTY, REVISION_PROPERTY } from '../when';

export interface GitShowInput {
  readonly revision: string;
  readonly path?: string;
}

export const gitShowDefinition: ToolDefinition = {
  name: 'git_show',
  toolReferenceName: 'git_show',
  displayName: 'Git Show',
  modelDescription: 'Shows one commit: author, dates, message, the files it changed and its diff (optionally only for one path). Use it after git_log or git_blame to understand a change.',
  userDescription: 'Shows a commit.',
  inputSchema: {
    type: 'object',
    properties: { revision: REVISION_PROPERTY, path: PATH_PROPERTY },
    required: ['revision'],
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: { readOnly: true, idempotent: true },
};

@injectable()
export class GitShowTool implements Tool<GitShowInput> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input }: ToolInvocationOptions<GitShowInput>, token: CancellationToken) {
    return textResult(await this.git.show(input.revision, { path: input.path }, token));
  }
}
