import { injectable, injectFromBase } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  clipText,
  fitNotedList,
  inertLine,
  startAtLine,
  structuredResult,
  type CallBudget,
  type InputOf,
  type NotedListDeclaration,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { WorkspaceError, type BranchDescription, type GitBranchEntry } from '@toolpacks/services';
import { GIT_WRITE, GitTool } from '../gitTool';
import { programLines } from '../programs';
import { askBeforeWrite } from '../writeQuestion';

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
  ...GIT_WRITE,
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
@injectFromBase()
class GitBranchTool extends GitTool implements Tool<Input> {
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
      return this.list(tokenizationOptions, token);
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

  private async list(budget: CallBudget, token: CancellationToken) {
    const list = await this.git.branches(token);
    if (list.unborn !== undefined) {
      const text = `No branches yet: ${inertLine(list.unborn)} has no commit.`;
      return structuredResult(
        { action: 'listed' as const, current: list.unborn, branches: [], truncated: false },
        text,
      );
    }
    // The text and the list stop at the same line: as many as fit the budget both as text and as data.
    const items = list.branches.map((b) => ({ text: branchLine(b), entry: branchEntry(b) }));
    const shown = fitNotedList(BRANCH_LINES, items, { budget });
    const branches = shown.data.flatMap((entry) => (entry ? [entry] : []));
    const current = list.branches.find((b) => b.current)?.name;
    const notes = [
      ...(shown.whole
        ? []
        : [
            `[Showing ${shown.kept} of ${list.branches.length} branches: the rest are over the result budget of ${shown.budgetChars} characters. git_log or git_switch take a branch by name.]`,
          ]),
      ...(list.truncated ? ["[git's list was cut at its size cap: more branches exist.]"] : []),
    ];
    return structuredResult(
      {
        action: 'listed' as const,
        ...(current !== undefined ? { current } : {}),
        branches,
        truncated: !shown.whole || list.truncated,
      },
      [shown.lines.join('\n'), ...notes].join('\n\n'),
    );
  }
}

/** A branch as the data gives it; none for a detached HEAD's line. */
function branchEntry(b: GitBranchEntry) {
  if (b.name === undefined) return null;
  return {
    name: b.name,
    commit: b.commit,
    current: b.current,
    ...(b.upstream !== undefined ? { upstream: b.upstream } : {}),
    subject: clipText(b.subject, 2_000),
  };
}

/** A branch's line and its data. */
interface BranchItem {
  readonly text: string;
  readonly entry: ReturnType<typeof branchEntry>;
}

/** The branches' lines: a cut keeps the note's room (at most half of a small budget). */
const BRANCH_LINES: NotedListDeclaration<BranchItem, BranchItem['entry']> = {
  text: (item) => item.text,
  data: (item) => item.entry,
  oversized: (item, room) => ({ ...item, text: startAtLine(item.text, room) }),
  // The branches' array within the budget less 200 characters (the action and current beside it).
  dataReserve: 201,
  note: { most: 2_500, share: 1 / 2 },
};

export const gitBranch = defineTool({ definition, implementation: GitBranchTool });
