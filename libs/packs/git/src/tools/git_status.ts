import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  resultCharBudget,
  roomFor,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService, type GitStatus } from '@toolpacks/services';
import { cutLines } from '../budget';
import { BESIDE_FIELDS, fitCount } from '../fit';
import { FILE_STATES, READ_ANNOTATIONS } from '../schemas';
import { branchLine, statusLine } from '../statusText';
import { GIT_WHEN } from '../when';

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
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: READ_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitStatusTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const maxChars = resultCharBudget(tokenizationOptions);
    const status = await this.git.readStatus(token);
    const branch = branchFields(status);
    const lines = [branchLine(status), ...status.files.map(statusLine)];
    const capped = status.truncated;
    // The text and the list stop at the same line: as many as fit both the budget as text and as data.
    const fits = fitCount([null, ...status.files], roomFor(BESIDE_FIELDS, maxChars, branch).maxJsonChars);
    const shown = capped || fits < lines.length ? cutLines(lines.join('\n'), maxChars, fits) : undefined;
    const kept = shown?.shown ?? lines.length;
    const files = status.files.slice(0, Math.max(0, kept - 1));
    const note = `[Showing ${kept} of ${capped ? 'more' : lines.length} lines: the rest are over the result budget of ${maxChars.toLocaleString('en-US')} characters${capped ? " (git's output was also cut at its size cap)" : ''}. git_diff {stat: true, path} summarises one folder's changes.]`;
    return structuredResult(
      { ...branch, files, truncated: shown !== undefined },
      shown ? `${shown.text}\n\n${note}` : lines.join('\n'),
    );
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
