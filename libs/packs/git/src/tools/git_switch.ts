import { injectable, injectFromBase } from 'inversify';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  fitArrayBeside,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { type GitWriteReceipt, type SwitchDescription } from '@toolpacks/services';
import { GIT_WRITE, GitTool } from '../gitTool';
import { programLines } from '../programs';
import { sensitiveLines, writesSensitive } from '../sensitiveFiles';
import { askBeforeWrite, MAX_LISTED_FILES } from '../writeQuestion';
import { saidByGit } from '../errorHints';
import { BESIDE_FIELDS } from '../schemas';

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
  outputSchema: {
    type: 'object',
    properties: {
      branch: { type: 'string', description: 'The branch checked out now.' },
      created: { type: 'boolean', description: 'The branch was created by this call.' },
      commit: { type: 'string', description: 'The abbreviated hash it is at.' },
      subject: { type: 'string', description: "That commit's subject." },
      previous: {
        type: 'string',
        description: "What was checked out before: a branch, an abbreviated hash (detached), or 'an unborn branch'.",
      },
      carried: {
        type: 'array',
        items: { type: 'string' },
        description: 'Files with uncommitted changes that came along, as far as the result budget holds them.',
      },
      carriedCount: { type: 'integer', minimum: 0, description: 'How many files with uncommitted changes came along.' },
      untrackedCount: { type: 'integer', minimum: 0, description: 'Untracked files that stayed in the working tree.' },
    },
    required: ['branch', 'created', 'commit', 'subject', 'previous', 'carried', 'carriedCount', 'untrackedCount'],
    additionalProperties: false,
  },
  ...GIT_WRITE,
  // Destructive: it rewrites working-tree files to the other branch's versions (it refuses where
  // uncommitted work would be lost, but the files change). It asks through its question, as before;
  // switching to where one already is changes nothing more.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

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
  lines.push(
    ...sensitiveLines('git_switch', d.sensitive, d.sensitiveDiff, `Files this switch writes or deletes`),
    ...programLines(d),
  );
  return lines.join('\n');
}

@injectable()
@injectFromBase()
class GitSwitchTool extends GitTool implements Tool<Input> {
  prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>, token: CancellationToken) {
    const describe = () =>
      this.git.describeSwitch(input.branch, { create: input.create, startPoint: input.startPoint }, token);
    return askBeforeWrite(describe, {
      tool: 'git_switch',
      invocationMessage: `Switching to ${input.branch}`,
      title: input.create ? 'Create and switch to a branch?' : 'Switch branch?',
      message: (description, problem) => switchConfirmation(input, description, problem),
      // Programs of the repository, or a file that makes code run written: a person, every time.
      always: writesSensitive,
      // The yes covers this commit, these files at these versions, these programs: nothing else.
      receipt: (description) => description.receipt,
    });
  }

  async invoke(
    { input, receipt, tokenizationOptions }: ToolInvocationOptions<Input, GitWriteReceipt>,
    token: CancellationToken,
  ) {
    // The service describes, checks the receipt against that, switches onto the very commit shown (or
    // refuses) and returns the description; its text
    // lists the carried files in a way a name with ", " in it could blur: the data comes from it.
    const { text, description: d } = await saidByGit('git_switch', () =>
      this.git.switchBranch(input.branch, { create: input.create, startPoint: input.startPoint, receipt }, token),
    );
    const [commit, ...subject] = d.target.split(' ');
    const value = {
      branch: d.branch,
      created: d.create,
      commit,
      subject: subject.join(' '),
      previous: d.from,
      carriedCount: d.carried.length,
      untrackedCount: d.untrackedCount,
    };
    const carried = fitArrayBeside(d.carried, BESIDE_FIELDS, tokenizationOptions, value);
    return structuredResult({ ...value, carried }, text);
  }
}

export const gitSwitch = defineTool({ definition, implementation: GitSwitchTool });
