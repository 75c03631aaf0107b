import { injectable, injectFromBase } from 'inversify';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  inertText,
  fitArrayBeside,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { type GitWriteReceipt, type RestoreDescription } from '@toolpacks/services';
import { GIT_WRITE, GitTool } from '../gitTool';
import { programLines } from '../programs';
import { sensitiveLines, writesSensitive } from '../sensitiveFiles';
import { askBeforeWrite, MAX_LISTED_FILES } from '../writeQuestion';
import { saidByGit } from '../errorHints';
import { BESIDE_FIELDS } from '../schemas';

const definition = {
  name: 'git_restore',
  toolReferenceName: 'git_restore',
  displayName: 'Git Restore',
  modelDescription:
    'With staged=true, unstages the given paths (their changes stay in the working tree). Without it, DISCARDS the unstaged working-tree changes of the given tracked files, back to what is staged or committed; this cannot be undone, and the user is asked with the diff that would be lost. New (untracked) files are not touched: delete them with delete_file. Returns what changed. Use it only when the user wants changes undone or unstaged.',
  userDescription: 'Unstages files, or discards their changes (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      paths: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: 1000,
        description: 'Files or folders, workspace-relative (or absolute inside the workspace).',
      },
      staged: {
        type: 'boolean',
        description: 'Unstage (git restore --staged) instead of discarding working-tree changes. Default: false.',
      },
    },
    required: ['paths'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      action: {
        type: 'string',
        enum: ['unstaged', 'discarded'],
        description: "'unstaged': the changes stay in the working tree; 'discarded': they are gone.",
      },
      paths: {
        type: 'array',
        items: { type: 'string' },
        description: 'The files unstaged or restored, workspace-relative, as far as the result budget holds them.',
      },
      count: { type: 'integer', minimum: 1, description: 'How many files.' },
      truncated: { type: 'boolean', description: 'paths lists fewer than count (the result budget).' },
    },
    required: ['action', 'paths', 'count', 'truncated'],
    additionalProperties: false,
  },
  ...GIT_WRITE,
  // Discarding loses working-tree changes for good; unstaging drops what was staged. Again: nothing left to do.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** The diff shown in the question, at most this long (the rest is counted). */
const MAX_DIFF_CHARS = 20_000;

/** The question: what is unstaged or lost, with the diff, sensitive files and programs. */
export function restoreConfirmation(
  input: Input,
  description: RestoreDescription | undefined,
  problem?: string,
): string {
  const paths = boundedList(input.paths.map(inertLine), MAX_LISTED_FILES, ' ');
  const lines = [
    input.staged
      ? `git restore --staged -- ${paths}\nUnstages these files; their changes stay in the working tree.`
      : `git restore --worktree -- ${paths}\nDISCARDS the working-tree changes below: they cannot be recovered.`,
  ];
  if (problem) return [...lines, '', inertLine(problem)].join('\n');
  if (!description) return lines.join('\n');
  const files = description.files.map(inertLine);
  lines.push('', files.length ? `Files (${files.length}): ${boundedList(files, MAX_LISTED_FILES)}` : 'Files: none');
  lines.push(
    ...sensitiveLines(
      'git_restore',
      description.sensitive,
      // The whole diff below shows them when it is not cut; else their own diff, whole, here.
      description.diff.length > MAX_DIFF_CHARS ? description.sensitiveDiff : '',
      'Files it rewrites to their staged version (lines marked - come back, + are lost)',
    ),
  );
  if (description.diff) {
    const diff =
      description.diff.length > MAX_DIFF_CHARS
        ? `${description.diff.slice(0, description.diff.lastIndexOf('\n', MAX_DIFF_CHARS))}\n… (${description.diff.length - MAX_DIFF_CHARS} more characters of diff)`
        : description.diff;
    lines.push('', input.staged ? 'Staged changes:' : 'Changes that will be lost:', inertText(diff));
  }
  lines.push(...programLines(description));
  return lines.join('\n');
}

@injectable()
@injectFromBase()
class GitRestoreTool extends GitTool implements Tool<Input> {
  prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>, token: CancellationToken) {
    return askBeforeWrite(() => this.git.describeRestore({ paths: input.paths, staged: input.staged }, token), {
      tool: 'git_restore',
      invocationMessage: input.staged ? 'Unstaging files' : 'Discarding changes',
      title: input.staged ? 'Unstage files?' : 'Discard changes?',
      message: (description, problem) => restoreConfirmation(input, description, problem),
      // Programs of the repository, or a rewrite of a file that makes code run: a person, every time.
      always: writesSensitive,
      // The yes covers these files, the staged versions shown and these programs: nothing else.
      receipt: (description) => description.receipt,
    });
  }

  async invoke(
    { input, receipt, tokenizationOptions }: ToolInvocationOptions<Input, GitWriteReceipt>,
    token: CancellationToken,
  ) {
    // The service describes, restores exactly that and returns the description; its text lists the
    // names in a way a name with ", " in it could blur: the data comes from the description.
    const { text, description } = await saidByGit('git_restore', () =>
      this.git.restore({ paths: input.paths, staged: input.staged, receipt }, token),
    );
    const paths = fitArrayBeside(description.files, BESIDE_FIELDS, tokenizationOptions, {});
    return structuredResult(
      {
        action: input.staged ? ('unstaged' as const) : ('discarded' as const),
        paths,
        count: description.files.length,
        truncated: paths.length < description.files.length,
      },
      text,
    );
  }
}

export const gitRestore = defineTool({ definition, implementation: GitRestoreTool });
