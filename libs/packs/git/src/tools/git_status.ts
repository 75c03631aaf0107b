import { injectable, injectFromBase } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitNotedList,
  startAtLine,
  structuredResult,
  type InputOf,
  type NotedListDeclaration,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { type GitStatus, type GitStatusFile } from '@toolpacks/services';
import { GIT_READ, GitTool } from '../gitTool';
import { FILE_STATES } from '../schemas';
import { branchLine, statusLine } from '../statusText';

const FILE_STATE = { type: 'string', enum: FILE_STATES } as const;

const definition = {
  name: 'git_status',
  toolReferenceName: 'git_status',
  displayName: 'Git Status',
  modelDescription:
    "Shows the repository's current branch and changed files in short form ('## branch', then ' M' modified, 'A ' staged, '??' untracked). Use it before committing or to see what the user changed. Takes no input.",
  userDescription: 'Shows the git status.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      branch: { type: 'string', description: 'The branch checked out; absent when HEAD is detached.' },
      detached: { type: 'boolean' },
      upstream: { type: 'string', description: "The branch's upstream, e.g. origin/main." },
      ahead: { type: 'integer', minimum: 0, description: 'Commits on the branch not on its upstream.' },
      behind: { type: 'integer', minimum: 0, description: 'Commits on the upstream not on the branch.' },
      upstreamGone: { type: 'boolean', description: 'The upstream is configured but no longer exists.' },
      files: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'Relative to the workspace root (the new path of a rename).' },
            index: { ...FILE_STATE, description: 'What is staged for it (the X column).' },
            workingTree: { ...FILE_STATE, description: 'What changed in the working tree since (the Y column).' },
            from: { type: 'string', description: 'The path it was renamed or copied from.' },
            unmerged: { type: 'boolean', description: 'Present (true) for a merge conflict.' },
          },
          required: ['path', 'index', 'workingTree'],
          additionalProperties: false,
        },
      },
      truncated: {
        type: 'boolean',
        description:
          "Files were left out (the result budget, or git's output cap); git_diff {stat: true, path} narrows it.",
      },
    },
    required: ['detached', 'files', 'truncated'],
    additionalProperties: false,
  },
  ...GIT_READ,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** A line of the short status: the branch's (no data: its fields are beside the list), or a file's. */
interface StatusLine {
  readonly text: string;
  readonly file: GitStatusFile | null;
}

/** The status's lines: a cut keeps the note's room (at most half of a small budget). */
const STATUS_LINES: NotedListDeclaration<StatusLine, GitStatusFile | null> = {
  text: (line) => line.text,
  data: (line) => line.file,
  oversized: (line, room) => ({ ...line, text: startAtLine(line.text, room) }),
  // The files' array beside the branch's fields, and a character for its bracket.
  dataReserve: 151,
  note: { most: 2_500, share: 1 / 2 },
};

@injectable()
@injectFromBase()
class GitStatusTool extends GitTool implements Tool<Input> {
  async invoke({ tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const status = await this.git.readStatus(token);
    const branch = branchFields(status);
    const items: StatusLine[] = [
      { text: branchLine(status), file: null },
      ...status.files.map((file) => ({ text: statusLine(file), file })),
    ];
    const capped = status.truncated;
    // The text and the list stop at the same line: as many as fit both the budget as text and as data.
    const fitted = fitNotedList(STATUS_LINES, items, { budget: tokenizationOptions, beside: branch });
    const text = fitted.lines.join('\n');
    const files = fitted.data.flatMap((file) => (file ? [file] : []));
    if (fitted.whole && !capped) return structuredResult({ ...branch, files, truncated: false }, text);
    const note = `[Showing ${fitted.kept} of ${capped ? 'more' : items.length} lines: the rest are over the result budget of ${fitted.budgetChars.toLocaleString('en-US')} characters${capped ? " (git's output was also cut at its size cap)" : ''}. git_diff {stat: true, path} summarises one folder's changes.]`;
    return structuredResult({ ...branch, files, truncated: true }, `${text}\n\n${note}`);
  }
}

/** The branch's fields of the structured result, as they always were (no unborn, no upstreamDiffers). */
function branchFields(status: GitStatus) {
  if (status.detached) return { detached: true };
  const { branch, upstream, ahead, behind, upstreamGone } = status;
  return {
    branch,
    detached: false,
    ...(upstream !== undefined ? { upstream } : {}),
    ...(upstreamGone ? { upstreamGone } : ahead !== undefined ? { ahead, behind } : {}),
  };
}

export const gitStatus = defineTool({ definition, implementation: GitStatusTool });
