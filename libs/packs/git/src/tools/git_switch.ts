import { inject, injectable } from 'inversify';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  textResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { GitService, type SwitchDescription } from '@toolpacks/services';
import { describeProblem, programLines, runsPrograms } from '../programs';
import { GIT_WHEN } from '../when';

const definition = {
  name: 'git_switch',
  toolReferenceName: 'git_switch',
  displayName: 'Git Switch',
  modelDescription:
    'Switches the working tree to an existing local branch, or with create=true to a new branch (at startPoint, default the current commit). The user is asked to confirm; the question says which uncommitted changes come along. It refuses, naming the files, when uncommitted changes or untracked files would be overwritten: commit, restore or move them first. Returns the branch and commit it switched to. git_branch lists the branches.',
  userDescription: 'Switches to another branch (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      branch: { type: 'string', minLength: 1, description: 'The branch to switch to (or to create).' },
      create: { type: 'boolean', description: 'Create the branch and switch to it (git switch --create).' },
      startPoint: {
        type: 'string',
        minLength: 1,
        description: 'With create: where the new branch starts (a branch, tag or commit hash). Default: HEAD.',
      },
    },
    required: ['branch'],
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'write'],
  annotations: { readOnly: false, destructive: false, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

const MAX_LISTED_FILES = 20;

/** The question: from where to where, what comes along, what blocks it, and the programs it runs. */
export function switchConfirmation(input: Input, d: SwitchDescription | undefined, problem?: string): string {
  const lines = [
    input.create
      ? `git switch --create ${inertLine(input.branch)}${input.startPoint !== undefined ? ` ${inertLine(input.startPoint)}` : ''}`
      : `git switch ${inertLine(input.branch)}`,
  ];
  if (problem) return [...lines, '', inertLine(problem)].join('\n');
  if (!d) return lines.join('\n');
  lines.push('', `From ${inertLine(d.from)} to ${inertLine(d.branch)} at ${inertLine(d.target)}`);
  if (d.blocked.length)
    lines.push(
      '',
      `git_switch will refuse: ${d.blocked.length} file(s) would stop the switch or be lost:`,
      ...d.blocked.slice(0, MAX_LISTED_FILES).map((b) => `- ${inertLine(b.path)}: ${inertLine(b.reason)}`),
      ...(d.blocked.length > MAX_LISTED_FILES ? [`… (${d.blocked.length - MAX_LISTED_FILES} more)`] : []),
    );
  if (d.carried.length)
    lines.push(
      '',
      `Uncommitted changes carried along to ${inertLine(d.branch)} (${d.carried.length}): ${boundedList(d.carried.map(inertLine), MAX_LISTED_FILES)}`,
    );
  else lines.push('', 'No uncommitted changes to tracked files.');
  if (d.untrackedCount) lines.push(`${d.untrackedCount} untracked file(s) stay in the working tree.`);
  lines.push(...programLines(d));
  return lines.join('\n');
}

@injectable()
class GitSwitchTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async prepareInvocation(
    { input }: ToolInvocationPrepareOptions<Input>,
    token: CancellationToken,
  ): Promise<PreparedToolInvocation> {
    let description: SwitchDescription | undefined;
    let problem: string | undefined;
    try {
      description = await this.git.describeSwitch(
        input.branch,
        { create: input.create, startPoint: input.startPoint },
        token,
      );
    } catch (error) {
      problem = describeProblem(error);
    }
    return {
      invocationMessage: `Switching to ${input.branch}`,
      confirmationMessages: {
        title: input.create ? 'Create and switch to a branch?' : 'Switch branch?',
        message: switchConfirmation(input, description, problem),
      },
      ...(runsPrograms(description) ? { alwaysConfirm: true } : {}),
    };
  }

  async invoke({ input, confirmed }: ToolInvocationOptions<Input>, token: CancellationToken) {
    return textResult(
      await this.git.switchBranch(
        input.branch,
        { create: input.create, startPoint: input.startPoint, allowRepositoryPrograms: confirmed === true },
        token,
      ),
    );
  }
}

export const gitSwitch = defineTool({ definition, implementation: GitSwitchTool });
