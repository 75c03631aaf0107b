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
import { type AddDescription, type GitWriteReceipt } from '@toolpacks/services';
import { GIT_WRITE, GitTool } from '../gitTool';
import { programLines } from '../programs';
import { askBeforeWrite, MAX_LISTED_FILES } from '../writeQuestion';
import { BESIDE_FIELDS } from '../schemas';
import { saidByGit } from '../errorHints';

const definition = {
  name: 'git_add',
  toolReferenceName: 'git_add',
  displayName: 'Git Add',
  modelDescription:
    'Stages files for the next commit: the given paths (files or folders; new, changed and deleted files below them), or with all=true every change in the workspace, new files included. Ignored files are never staged. The user is asked to confirm first. Returns the staged files. Use it before git_commit (or give git_commit paths to add and commit in one call); check the result with git_diff {staged: true}.',
  userDescription: 'Stages files for a commit (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      paths: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: 1000,
        description: 'Files or folders to stage, workspace-relative (or absolute inside the workspace).',
      },
      all: {
        type: 'boolean',
        description: 'Stage every change in the workspace, new files included (git add --all). Instead of paths.',
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      paths: {
        type: 'array',
        items: { type: 'string' },
        description:
          'The files staged (changed, deleted or new), workspace-relative, as far as the result budget holds them.',
      },
      count: { type: 'integer', minimum: 1, description: 'How many files were staged.' },
      newCount: { type: 'integer', minimum: 0, description: 'How many of them are new (were untracked).' },
      truncated: { type: 'boolean', description: 'paths lists fewer than count (the result budget).' },
    },
    required: ['paths', 'count', 'newCount', 'truncated'],
    additionalProperties: false,
  },
  ...GIT_WRITE,
  // Destructive: staging a file replaces what was staged for it, and a staged version that was never
  // committed is then gone. Staging the same paths again changes nothing more.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** The question: the command, the files it stages, the programs it runs. */
export function addConfirmation(input: Input, description: AddDescription | undefined, problem?: string): string {
  const command = input.all
    ? 'git add --all (every change in the workspace, new files included)'
    : `git add -- ${boundedList((input.paths ?? []).map(inertLine), MAX_LISTED_FILES, ' ')}`;
  const lines = [command];
  if (problem) return [...lines, '', inertLine(problem)].join('\n');
  if (!description) return lines.join('\n');
  const files = description.files.map(inertLine);
  lines.push(
    '',
    files.length
      ? `Files (${files.length}${description.newCount ? `, ${description.newCount} new` : ''}): ${boundedList(files, MAX_LISTED_FILES)}`
      : 'Files: none (nothing to stage there)',
    ...programLines(description),
  );
  return lines.join('\n');
}

@injectable()
@injectFromBase()
class GitAddTool extends GitTool implements Tool<Input> {
  prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>, token: CancellationToken) {
    // `git add` runs the repository's clean filters (and index hooks): a person confirms each such call.
    return askBeforeWrite(() => this.git.describeAdd({ paths: input.paths, all: input.all }, token), {
      tool: 'git_add',
      invocationMessage: 'Staging files',
      title: 'Stage files?',
      message: (description, problem) => addConfirmation(input, description, problem),
      // The yes covers the files listed and the programs listed: a file that appears meanwhile is not staged.
      receipt: (description) => description.receipt,
    });
  }

  async invoke(
    { input, confirmed, receipt, tokenizationOptions }: ToolInvocationOptions<Input, GitWriteReceipt>,
    token: CancellationToken,
  ) {
    // The service describes, stages exactly that and returns the description; its text lists the
    // names in a way a name with ", " in it could blur: the data comes from the description.
    const { text, description } = await saidByGit('git_add', () =>
      this.git.add({ paths: input.paths, all: input.all, allowRepositoryPrograms: confirmed === true, receipt }, token),
    );
    const paths = fitArrayBeside(description.files, BESIDE_FIELDS, tokenizationOptions, {});
    return structuredResult(
      {
        paths,
        count: description.files.length,
        newCount: description.newCount,
        truncated: paths.length < description.files.length,
      },
      `${text}\nReview them with git_diff {staged: true}; commit with git_commit.`,
    );
  }
}

export const gitAdd = defineTool({ definition, implementation: GitAddTool });
