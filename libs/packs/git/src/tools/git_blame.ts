import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitSections,
  resultCharBudget,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService, WorkspaceError } from '@toolpacks/services';
import { GIT_WHEN } from '../when';

/** The line the git service appends when git's output passed its size cap. */
const CAP_NOTE = /^\[output cut at \d+ KB; narrow it/;

const definition = {
  name: 'git_blame',
  toolReferenceName: 'git_blame',
  displayName: 'Git Blame',
  modelDescription:
    'Shows who last changed each line of a file and in which commit (short hash, author, date, line number, text), optionally only for startLine to endLine. A long file is cut at a line within the result budget and the result says which range to ask for next. Use it to find the commit behind a line, then git_show it.',
  userDescription: 'Shows who changed each line.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The file, workspace-relative or absolute.' },
      startLine: { type: 'integer', minimum: 1, description: 'First line (1-based). Give it with endLine.' },
      endLine: { type: 'integer', minimum: 1, description: 'Last line (inclusive).' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitBlameTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const { startLine, endLine } = input;
    if ((startLine === undefined) !== (endLine === undefined))
      throw new WorkspaceError('Give both startLine and endLine, or neither for the whole file.');
    const text = await this.git.blame(
      input.path,
      startLine !== undefined ? { startLine, endLine: endLine! } : undefined,
      token,
    );
    const maxChars = resultCharBudget(tokenizationOptions);
    let lines = text.split('\n');
    // git's output passed the service's cap: its note and the line it cut in the middle are no file lines.
    const capped = lines.length > 1 && CAP_NOTE.test(lines[lines.length - 1]);
    if (capped) lines = lines.slice(0, -2);
    if (!capped && text.length <= maxChars) return textResult(text);
    const fitted = fitSections(lines, Math.max(maxChars / 4, maxChars - 300), '\n', true);
    const kept = Math.max(Math.min(fitted.kept, lines.length), 1);
    const first = startLine ?? 1;
    const next = first + kept;
    // Past git's cap the file's last line is unknown (unless endLine says it).
    const last = endLine ?? (capped ? undefined : first + lines.length - 1);
    const shown = fitted.kept >= lines.length ? lines.join('\n') : fitted.text;
    const why =
      capped && fitted.kept >= lines.length
        ? "the rest was not read: git's output passed its size cap"
        : `the rest is over the result budget of ${maxChars.toLocaleString('en-US')} characters`;
    return textResult(
      `${shown}\n\n[Showing lines ${first}–${next - 1} of ${last !== undefined ? `${first}–${last}` : `${first} onwards`}: ${why}. Call git_blame with startLine: ${next}, endLine: ${last !== undefined ? Math.min(last, next + kept - 1) : next + kept - 1} for the next lines.]`,
    );
  }
}

export const gitBlame = defineTool({ definition, implementation: GitBlameTool });
