import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  resultCharBudget,
  textResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { GitService, WorkspaceError, type BranchDescription } from '@toolpacks/services';
import { renderLines } from '../budget';
import { describeProblem, programLines, runsPrograms } from '../programs';
import { GIT_WHEN } from '../when';

const definition = {
  name: 'git_branch',
  toolReferenceName: 'git_branch',
  displayName: 'Git Branch',
  modelDescription:
    "Without name, lists the local branches ('*' marks the current one) with their commit, upstream and subject. With name, creates that branch at startPoint (default: the current commit) without switching to it; the user is asked to confirm. To create a branch and switch to it, use git_switch with create: true.",
  userDescription: 'Lists branches, or creates one (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        description: 'The branch to create, e.g. fix/login-timeout. Leave out to list branches.',
      },
      startPoint: {
        type: 'string',
        minLength: 1,
        description: 'Where the new branch starts: a branch, tag or commit hash. Default: HEAD.',
      },
    },
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'write'],
  annotations: { readOnly: false, destructive: false, idempotent: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** The question for creating a branch. */
export function branchConfirmation(input: Input, description: BranchDescription | undefined, problem?: string): string {
  const lines = [
    `git branch ${inertLine(input.name ?? '')}${input.startPoint !== undefined ? ` ${inertLine(input.startPoint)}` : ''}`,
  ];
  if (problem) return [...lines, '', inertLine(problem)].join('\n');
  if (description) lines.push('', `Starts at: ${inertLine(description.startsAt)}`, ...programLines(description));
  return lines.join('\n');
}

@injectable()
class GitBranchTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async prepareInvocation(
    { input }: ToolInvocationPrepareOptions<Input>,
    token: CancellationToken,
  ): Promise<PreparedToolInvocation> {
    if (input.name === undefined) return { invocationMessage: 'Listing branches' };
    let description: BranchDescription | undefined;
    let problem: string | undefined;
    try {
      description = await this.git.describeCreateBranch(input.name, input.startPoint, token);
    } catch (error) {
      problem = describeProblem(error);
    }
    return {
      invocationMessage: 'Creating a branch',
      confirmationMessages: { title: 'Create a branch?', message: branchConfirmation(input, description, problem) },
      ...(runsPrograms(description) ? { alwaysConfirm: true } : {}),
    };
  }

  async invoke({ input, confirmed, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    if (input.name === undefined) {
      if (input.startPoint !== undefined)
        throw new WorkspaceError('startPoint is for a new branch: give name with it, or leave both out to list.');
      const maxChars = resultCharBudget(tokenizationOptions);
      return textResult(
        renderLines(
          await this.git.branches(token),
          maxChars,
          (shown, total) =>
            `[Showing ${shown} of ${total} branches: the rest are over the result budget of ${maxChars} characters. git_log or git_switch take a branch by name.]`,
        ),
      );
    }
    return textResult(
      await this.git.createBranch(
        input.name,
        { startPoint: input.startPoint, allowRepositoryPrograms: confirmed === true },
        token,
      ),
    );
  }
}

export const gitBranch = defineTool({ definition, implementation: GitBranchTool });
