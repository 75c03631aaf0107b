import { injectable, injectFromBase } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  roomFor,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { WorkspaceError } from '@toolpacks/services';
import { GIT_READ, GitTool } from '../gitTool';
import { renderPatch, type PatchRenderOptions } from '../patchText';
import { saidByGit } from '../errorHints';
import { diffResult, statFileLimit } from '../patchResult';
import { PATCH_PROPERTIES, WHOLE_BUDGET } from '../schemas';
import { PATH_PROPERTY, REVISION_PROPERTY } from '../when';

const definition = {
  name: 'git_diff',
  toolReferenceName: 'git_diff',
  displayName: 'Git Diff',
  modelDescription:
    "Returns a unified diff: by default the unstaged changes of the working tree; with staged=true what is staged for the next commit; with revision, the working tree against that revision (or a range a..b). Optionally for one path. New (untracked) files are listed after the diff under 'Untracked files:'; includeUntracked=true shows their content as new-file diffs. stat=true gives a per-file summary of every changed file instead of the patch. A large diff is cut at a file boundary within the result budget, and the result names the files left out: ask for them with path; one file over the budget is cut at a hunk and continued with hunkOffset. Use it to review changes before committing or to see what changed since a commit.",
  userDescription: 'Shows changes as a diff.',
  inputSchema: {
    type: 'object',
    properties: {
      staged: { type: 'boolean', description: 'Show staged changes instead of unstaged ones.' },
      revision: REVISION_PROPERTY,
      path: PATH_PROPERTY,
      stat: {
        type: 'boolean',
        description: 'Only the per-file summary (path | +added -deleted) of every changed file, no patch.',
      },
      includeUntracked: {
        type: 'boolean',
        description: 'Also show the content of new (untracked) files as new-file diffs (never binary or large files).',
      },
      hunkOffset: {
        type: 'integer',
        minimum: 0,
        description:
          'With path set to one file whose diff is over the result budget: skip this many of its hunks (the result names the offset to continue from).',
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      ...PATCH_PROPERTIES,
      untracked: {
        type: 'array',
        items: { type: 'string' },
        description:
          "New (untracked) files in the diff's scope, as far as the result budget holds them; none for staged or a revision range.",
      },
    },
    required: ['files', 'fileCount', 'untracked', 'truncated'],
    additionalProperties: false,
  },
  ...GIT_READ,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
@injectFromBase()
class GitDiffTool extends GitTool implements Tool<Input> {
  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const { hunkOffset, ...options } = input;
    if (hunkOffset !== undefined && input.path === undefined)
      throw new WorkspaceError('hunkOffset needs path set to the one file whose hunks to continue.');
    const patch = await saidByGit('git_diff', () => this.git.diffPatch(options, token));
    // The patch's text shares the whole budget among its header, lists, notes and diff, and names it.
    const maxChars = roomFor(WHOLE_BUDGET, tokenizationOptions).maxChars;
    const render: PatchRenderOptions = {
      maxChars,
      tool: 'git_diff',
      stat: input.stat === true,
      includeUntracked: input.includeUntracked === true,
      hunkOffset,
      ...(input.stat ? { maxFiles: statFileLimit(patch, maxChars) } : {}),
    };
    const rendered = renderPatch(patch, render);
    return structuredResult(diffResult(patch, rendered, render), rendered.text);
  }
}

export const gitDiff = defineTool({ definition, implementation: GitDiffTool });
