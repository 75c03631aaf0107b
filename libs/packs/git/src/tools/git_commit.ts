import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions, type ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { GIT_WHEN } from '../when';

export interface GitCommitInput {
  readonly message: string;
  readonly all?: boolean;
}

export const gitCommitDefinition: ToolDefinition = {
  name: 'git_commit',
  toolReferenceName: 'git_commit',
  displayName: 'Git Commit',
  modelDescription:
    "Records a commit with the given message: what is staged, or with all=true every change to tracked files. The user is asked to confirm first. Returns git's summary line. Check git_status and git_diff before committing; never commit unless the user asked for it.",
  userDescription: 'Commits changes (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      message: { type: 'string', minLength: 1, description: 'The commit message: a short subject line, optionally a blank line and a body.' },
      all: { type: 'boolean', description: 'Also commit unstaged changes to tracked files (git commit --all). Default: false.' },
    },
    required: ['message'],
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'write'],
  annotations: { readOnly: false, destructive: true, idempotent: false },
};

@injectable()
export class GitCommitTool implements Tool<GitCommitInput> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  prepareInvocation({ input }: ToolInvocationPrepareOptions<GitCommitInput>) {
    return {
      invocationMessage: 'Committing',
      confirmationMessages: { title: 'Commit changes?', message: `git commit${input.all ? ' --all' : ''} with the message:\n\n${input.message}` },
    };
  }

  async invoke({ input }: ToolInvocationOptions<GitCommitInput>) {
    return textResult(await this.git.commit(input.message, { all: input.all }));
  }
}
