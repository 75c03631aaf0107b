import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitSections,
  resultCharBudget,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService, WorkspaceError } from '@toolpacks/services';
import { clip, fitCount, jsonChars } from '../fit';
import { CAP_NOTE, parseBlameLine } from '../parse';
import { COMMIT_PROPERTIES, READ_ANNOTATIONS } from '../schemas';
import { GIT_WHEN } from '../when';

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
  outputSchema: {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            line: { type: 'integer', minimum: 1, description: 'The line number in the file now.' },
            hash: {
              type: 'string',
              description:
                "The commit that last changed it, abbreviated (zeros: not committed yet; '' when git left it blank).",
            },
            author: COMMIT_PROPERTIES.author,
            date: { type: 'string', description: 'The author date, YYYY-MM-DD.' },
            text: { type: 'string', description: "The line's text." },
            boundary: {
              type: 'boolean',
              description: 'Present (true) when blame stopped at this commit (its oldest).',
            },
            path: {
              type: 'string',
              description:
                'The path of the file in that commit; given when blame followed some line from another path.',
            },
          },
          required: ['line', 'hash', 'author', 'date', 'text'],
          additionalProperties: false,
        },
      },
      nextStartLine: {
        type: 'integer',
        minimum: 2,
        description: 'The rest was left out: call again with this startLine (and an endLine) for the next lines.',
      },
    },
    required: ['lines'],
    additionalProperties: false,
  },
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: READ_ANNOTATIONS,
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
    let lines = text === '' ? [] : text.split('\n');
    // git's output passed the service's cap: its note and the line it cut in the middle are no file lines.
    const capped = lines.length > 1 && CAP_NOTE.test(lines[lines.length - 1]);
    if (capped) lines = lines.slice(0, -2);
    const first = startLine ?? 1;
    // A line of a minified file can be longer than the budget: its text is cut in the data.
    const entries = lines.map((line, i) => {
      const parsed = parseBlameLine(line, first + i);
      return { ...parsed, text: clip(parsed.text, maxChars / 2) };
    });
    if (!capped && text.length <= maxChars && jsonChars(entries) <= maxChars - 40)
      return structuredResult({ lines: entries }, text);
    // The text and the list stop at the same line: as many as fit the budget both as text and as data.
    const fitted = fitSections(
      lines.slice(0, Math.max(1, fitCount(entries, maxChars - 40))),
      Math.max(maxChars / 4, maxChars - 300),
      '\n',
      true,
    );
    const kept = Math.max(Math.min(fitted.kept, lines.length), 1);
    const next = first + kept;
    // Past git's cap the file's last line is unknown (unless endLine says it).
    const last = endLine ?? (capped ? undefined : first + lines.length - 1);
    const shown = fitted.kept >= lines.length ? lines.join('\n') : fitted.text;
    const why =
      capped && fitted.kept >= lines.length
        ? "the rest was not read: git's output passed its size cap"
        : `the rest is over the result budget of ${maxChars.toLocaleString('en-US')} characters`;
    return structuredResult(
      { lines: entries.slice(0, kept), ...(last === undefined || next <= last ? { nextStartLine: next } : {}) },
      `${shown}\n\n[Showing lines ${first}–${next - 1} of ${last !== undefined ? `${first}–${last}` : `${first} onwards`}: ${why}. Call git_blame with startLine: ${next}, endLine: ${last !== undefined ? Math.min(last, next + kept - 1) : next + kept - 1} for the next lines.]`,
    );
  }
}

export const gitBlame = defineTool({ definition, implementation: GitBlameTool });
