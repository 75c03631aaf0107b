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
import { commitFields, showResult, statFileLimit } from '../patchResult';
import { COMMIT_PROPERTIES, PATCH_PROPERTIES, WHOLE_BUDGET } from '../schemas';
import { PATH_PROPERTY, REVISION_PROPERTY } from '../when';

const definition = {
  name: 'git_show',
  toolReferenceName: 'git_show',
  displayName: 'Git Show',
  modelDescription:
    "Shows one commit: author, dates, message and its diff (optionally only for one path); or a file at a revision with 'rev:path'. stat=true gives the message and a per-file summary (path | +added -deleted) of every file the commit changed, without the patch. A large commit is cut at a file boundary within the result budget, and the result names the files left out: ask for them with path; one file over the budget is cut at a hunk and continued with hunkOffset, and 'rev:path' content with startLine. Use it after git_log or git_blame to understand a change.",
  userDescription: 'Shows a commit.',
  inputSchema: {
    type: 'object',
    properties: {
      revision: REVISION_PROPERTY,
      path: PATH_PROPERTY,
      stat: {
        type: 'boolean',
        description: 'Only the message and the per-file summary of every changed file, no patch.',
      },
      hunkOffset: {
        type: 'integer',
        minimum: 0,
        description:
          'With path set to one file whose diff is over the result budget: skip this many of its hunks (the result names the offset to continue from).',
      },
      startLine: {
        type: 'integer',
        minimum: 1,
        description:
          "For a file at a revision ('rev:path'): the first line to show (1-based), to read on past the result budget.",
      },
    },
    required: ['revision'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      kind: {
        type: 'string',
        enum: ['commit', 'content'],
        description: "'content': a file or folder at a revision ('rev:path'), its lines in content.",
      },
      commit: {
        type: 'object',
        properties: {
          ...COMMIT_PROPERTIES,
          authorDate: { type: 'string', description: 'As git prints it.' },
        },
        required: ['hash', 'author', 'authorDate', 'subject'],
        additionalProperties: false,
      },
      ...PATCH_PROPERTIES,
      firstLine: { type: 'integer', minimum: 1, description: 'Content: the first line shown.' },
      lastLine: { type: 'integer', minimum: 0, description: 'Content: the last line shown.' },
      totalLines: { type: 'integer', minimum: 1, description: 'Content: how many lines it has.' },
      nextStartLine: {
        type: 'integer',
        minimum: 2,
        description: 'Content: the rest is over the result budget; call again with this startLine.',
      },
      content: {
        type: 'string',
        description: 'Content: the lines shown, when they fit the result budget beside the rest of this value.',
      },
    },
    required: ['kind', 'files', 'fileCount', 'truncated'],
    additionalProperties: false,
  },
  ...GIT_READ,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
@injectFromBase()
class GitShowTool extends GitTool implements Tool<Input> {
  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    if (input.hunkOffset !== undefined && input.path === undefined)
      throw new WorkspaceError('hunkOffset needs path set to the one file whose hunks to continue.');
    const patch = await this.git.showPatch(input.revision, { path: input.path, stat: input.stat === true }, token);
    if (input.startLine !== undefined && patch.kind !== 'content')
      throw new WorkspaceError(
        "startLine is for a file at a revision ('rev:path'); for a commit's diff use path and hunkOffset.",
      );
    // The patch's text shares the whole budget among its header, lists, notes and diff, and names it.
    const maxChars = roomFor(WHOLE_BUDGET, tokenizationOptions).maxChars;
    const render: PatchRenderOptions = {
      maxChars,
      tool: 'git_show',
      stat: input.stat === true,
      hunkOffset: input.hunkOffset,
      path: input.path,
      revision: input.revision,
      startLine: input.startLine,
      ...(input.stat && patch.kind === 'commit'
        ? { maxFiles: statFileLimit(patch, maxChars, commitFields(patch, maxChars)) }
        : {}),
    };
    const rendered = renderPatch(patch, render);
    return structuredResult(showResult(patch, rendered, render), rendered.text);
  }
}

export const gitShow = defineTool({ definition, implementation: GitShowTool });
