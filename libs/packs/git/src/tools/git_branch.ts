import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  resultCharBudget,
  structuredResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { GitService, WorkspaceError, type BranchDescription, type GitBranchEntry } from '@toolpacks/services';
import { cutLines } from '../budget';
import { clip, fitCount } from '../fit';
import { programLines } from '../programs';
import { askBeforeWrite } from '../writeQuestion';
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
  outputSchema: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['listed', 'created'] },
      current: {
        type: 'string',
        description: 'Listed: the branch checked out; absent when HEAD is detached.',
      },
      branches: {
        type: 'array',
        description: 'Listed: the local branches, as far as the result budget holds them.',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            commit: { type: 'string', description: "The tip's abbreviated hash." },
            current: { type: 'boolean' },
            upstream: { type: 'string', description: "The branch's upstream, e.g. origin/main; absent when none." },
            subject: { type: 'string', description: "The tip's subject." },
          },
          required: ['name', 'commit', 'current', 'subject'],
          additionalProperties: false,
        },
      },
      truncated: { type: 'boolean', description: 'Listed: branches were left out to stay within the result budget.' },
      branch: { type: 'string', description: 'Created: the new branch (the current branch did not change).' },
      commit: { type: 'string', description: 'Created: the abbreviated hash it starts at.' },
      subject: { type: 'string', description: "Created: that commit's subject." },
    },
    required: ['action'],
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'write'],
  // Creating is additive (an existing name is refused: it never moves, resets or deletes a branch),
  // and the same call again is refused without effect. It asks through its question, as before.
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
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

/** A branch as `git branch` lists it: `* name hash [upstream] subject` ('*' on the current one). */
function branchLine(b: GitBranchEntry): string {
  const upstream = b.upstream !== undefined ? ` [${inertLine(b.upstream)}]` : '';
  const subject = b.subject !== '' ? ` ${inertLine(b.subject)}` : '';
  return `${b.current ? '*' : ' '} ${inertLine(b.label)} ${b.commit}${upstream}${subject}`;
}

@injectable()
class GitBranchTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async prepareInvocation(
    { input }: ToolInvocationPrepareOptions<Input>,
    token: CancellationToken,
  ): Promise<PreparedToolInvocation> {
    if (input.name === undefined) return { invocationMessage: 'Listing branches' };
    const name = input.name;
    return askBeforeWrite(() => this.git.describeCreateBranch(name, input.startPoint, token), {
      tool: 'git_branch',
      invocationMessage: 'Creating a branch',
      title: 'Create a branch?',
      message: (description, problem) => branchConfirmation(input, description, problem),
    });
  }

  async invoke({ input, confirmed, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    if (input.name === undefined) {
      if (input.startPoint !== undefined)
        throw new WorkspaceError('startPoint is for a new branch: give name with it, or leave both out to list.');
      return this.list(resultCharBudget(tokenizationOptions), token);
    }
    const created = await this.git.createBranch(
      input.name,
      { startPoint: input.startPoint, allowRepositoryPrograms: confirmed === true },
      token,
    );
    // `Created branch '<name>' at <hash> <subject>. The current branch …`: the name is the one given
    // (git took it unchanged), the subject is whatever lies between the hash and the fixed ending.
    const text = `${created.replace(/\.$/, '')}; switch to it with git_switch.`;
    const start = `Created branch '${input.name}' at `.length;
    const end = text.lastIndexOf('. The current branch did not change');
    const [commit, ...subject] = text.slice(start, end > start ? end : undefined).split(' ');
    return structuredResult(
      { action: 'created' as const, branch: input.name, commit, subject: subject.join(' ') },
      text,
    );
  }

  private async list(maxChars: number, token: CancellationToken) {
    const list = await this.git.branches(token);
    if (list.unborn !== undefined) {
      const text = `No branches yet: ${inertLine(list.unborn)} has no commit.`;
      return structuredResult(
        { action: 'listed' as const, current: list.unborn, branches: [], truncated: false },
        text,
      );
    }
    const lines = list.branches.map(branchLine);
    const text = lines.join('\n');
    const entries = list.branches.map((b) =>
      b.name === undefined
        ? null
        : {
            name: b.name,
            commit: b.commit,
            current: b.current,
            ...(b.upstream !== undefined ? { upstream: b.upstream } : {}),
            subject: clip(b.subject, 2_000),
          },
    );
    // The text and the list stop at the same line: as many as fit the budget both as text and as data.
    const shown = cutLines(text, maxChars, fitCount(entries, maxChars - 200));
    const branches = entries.slice(0, shown.shown).flatMap((entry) => (entry ? [entry] : []));
    const current = list.branches.find((b) => b.current)?.name;
    const notes = [
      ...(shown.cut
        ? [
            `[Showing ${shown.shown} of ${shown.total} branches: the rest are over the result budget of ${maxChars} characters. git_log or git_switch take a branch by name.]`,
          ]
        : []),
      ...(list.truncated ? ["[git's list was cut at its size cap: more branches exist.]"] : []),
    ];
    return structuredResult(
      {
        action: 'listed' as const,
        ...(current !== undefined ? { current } : {}),
        branches,
        truncated: shown.cut || list.truncated,
      },
      [shown.text, ...notes].join('\n\n'),
    );
  }
}

export const gitBranch = defineTool({ definition, implementation: GitBranchTool });
