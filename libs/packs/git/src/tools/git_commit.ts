import { injectable, injectFromBase } from 'inversify';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  inertText,
  clipText,
  fitArrayBeside,
  roomFor,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { type CommitDescription, type GitWriteReceipt } from '@toolpacks/services';
import { GIT_WRITE, GitTool } from '../gitTool';
import { gitErrorWords, saidByGit } from '../errorHints';
import { programLines } from '../programs';
import { askBeforeWrite, MAX_LISTED_FILES } from '../writeQuestion';
import { BESIDE_FIELDS, WHOLE_BUDGET } from '../schemas';

const definition = {
  name: 'git_commit',
  toolReferenceName: 'git_commit',
  displayName: 'Git Commit',
  modelDescription:
    "Records a commit with the given message: what is staged, plus the files in paths (added first, new files included), or with all=true every change to tracked files. The user is asked to confirm first. Returns git's summary line. Check git_status and git_diff before committing; never commit unless the user asked for it. To commit a new file, give it in paths (or stage it with git_add first).",
  userDescription: 'Commits changes (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      message: {
        type: 'string',
        minLength: 1,
        description: 'The commit message: a short subject line, optionally a blank line and a body.',
      },
      all: {
        type: 'boolean',
        description: 'Also commit unstaged changes to tracked files (git commit --all). Default: false.',
      },
      paths: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: 1000,
        description:
          'Files or folders (workspace-relative) to add before committing: new, changed and deleted files below them are committed too.',
      },
    },
    required: ['message'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      commit: { type: 'string', description: "The new commit's hash." },
      branch: { type: 'string', description: 'The branch it was recorded on; absent when HEAD is detached.' },
      subject: { type: 'string', description: "The message's first line, as git printed it." },
      summary: { type: 'string', description: "git's count of the change, e.g. '2 files changed, 3 insertions(+)'." },
      files: {
        type: 'array',
        items: { type: 'string' },
        description:
          "The files the commit records (workspace-relative, as listed just before committing), as far as the result budget holds them; git's summary counts the lines.",
      },
      fileCount: { type: 'integer', minimum: 0, description: 'How many files the commit records.' },
      truncated: { type: 'boolean', description: 'files lists fewer than fileCount (the result budget).' },
    },
    required: ['commit', 'subject', 'summary', 'files', 'fileCount', 'truncated'],
    additionalProperties: false,
  },
  ...GIT_WRITE,
  // A commit only adds history, but with paths or all it stages first, replacing what was staged for
  // those files (as git_add does): it can overwrite, so it is destructive. Each call records another
  // commit whenever something changed in between: not idempotent.
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

// File names, hook paths and config values come from the repository: each is shown as one inert line
// (a `\n` or ESC[1A ESC[2K in core.hooksPath must not fake or erase a line of this question).
export function commitConfirmation(input: Input, description: CommitDescription | undefined, problem?: string): string {
  const lines = [
    ...(input.paths?.length
      ? [`git add -- ${boundedList(input.paths.map(inertLine), MAX_LISTED_FILES, ' ')}`, 'then']
      : []),
    `git commit${input.all ? ' --all' : ''} with the message:`,
    '',
    inertText(input.message),
  ];
  if (problem) return [...lines, '', inertText(problem)].join('\n');
  if (!description) return lines.join('\n');
  const files = description.files.map(inertLine);
  lines.push(
    '',
    files.length
      ? `Files (${files.length}): ${boundedList(files, MAX_LISTED_FILES)}`
      : 'Files: none (git will say there is nothing to commit)',
  );
  const outside = description.outsideStagedCount;
  if (outside > 0)
    lines.push(
      input.all
        ? `${outside} staged change(s) outside the workspace stay staged and are not committed.`
        : `${outside} staged change(s) lie outside the workspace: the commit will be refused until they are unstaged.`,
    );
  lines.push(...programLines(description));
  return lines.join('\n');
}

@injectable()
@injectFromBase()
class GitCommitTool extends GitTool implements Tool<Input> {
  prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>, token: CancellationToken) {
    // Hooks, signing and filters are code: a person confirms each such commit.
    return askBeforeWrite(() => this.git.describeCommit({ all: input.all, paths: input.paths }, token), {
      tool: 'git_commit',
      invocationMessage: 'Committing',
      title: 'Commit changes?',
      message: (description, problem) => commitConfirmation(input, description, problem),
      problem: (error) => `(Could not list what will be committed: ${gitErrorWords(error, 'git_commit')})`,
      // The yes covers the files listed, on the commit checked out, with the programs listed.
      receipt: (description) => description.receipt,
    });
  }

  async invoke(
    { input, confirmed, receipt, tokenizationOptions }: ToolInvocationOptions<Input, GitWriteReceipt>,
    token: CancellationToken,
  ) {
    // The repository's programs run only when a person confirmed this very call (they were shown).
    // Nothing runs after the commit: its hash and files come with it, so a cancel or a timeout now
    // cannot report a commit that landed as one that did not.
    const made = await saidByGit('git_commit', () =>
      this.git.commit(
        input.message,
        { all: input.all, paths: input.paths, allowRepositoryPrograms: confirmed === true, receipt },
        token,
      ),
    );
    const maxChars = roomFor(WHOLE_BUDGET, tokenizationOptions).maxChars;
    const value = {
      commit: made.hash,
      ...(made.branch !== undefined ? { branch: made.branch } : {}),
      subject: clipText(made.subject, maxChars / 8),
      summary: made.summary,
      fileCount: made.files.length,
    };
    const files = fitArrayBeside(made.files, BESIDE_FIELDS, maxChars, value);
    return structuredResult({ ...value, files, truncated: files.length < made.files.length }, made.text);
  }
}

export const gitCommit = defineTool({ definition, implementation: GitCommitTool });
