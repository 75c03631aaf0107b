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
  name: 'git_show',
  toolReferenceName: 'git_show',
  displayName: 'Git Show',
  modelDescription:
    'Shows one commit: author, dates, message, the files it changed and its diff (optionally only for one path). Use it after git_log or git_blame to understand a change.',
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
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitShowTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input }: ToolInvocationOptions<Input>, token: CancellationToken) {
    return textResult(await this.git.show(input.revision, { path: input.path }, token));
  }
}

export const gitShow = defineTool({ definition, implementation: GitShowTool });
