import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitSections,
  inertLine,
  jsonChars,
  resultCharBudget,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService, WorkspaceError, type GitBlame } from '@toolpacks/services';
import { clip, fitCount } from '../fit';
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
                'The commit that last changed it, abbreviated as the text shows it (zeros: not committed yet).',
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

/** One line as the text shows it (`git blame --date=short`'s columns) and as the data gives it. */
interface BlameRow {
  readonly text: string;
  readonly entry: {
    readonly line: number;
    readonly hash: string;
    readonly author: string;
    readonly date: string;
    readonly text: string;
    readonly boundary?: true;
    readonly path?: string;
  };
}

/**
 * The service's fields in the columns `git blame --date=short` prints: `hash [path] (author date
 * line) text`, the hash abbreviated to one length that tells the shown commits apart (at least 7;
 * one more where no `^` marks a boundary), the path column only when some line came from another path.
 */
export function blameRows(blame: GitBlame): BlameRow[] {
  const hashes = [...new Set(blame.lines.map((l) => l.hash))];
  let abbrev = 7;
  while (abbrev < 64 && new Set(hashes.map((h) => h.slice(0, abbrev))).size < hashes.length) abbrev++;
  const showPath = blame.lines.some((l) => l.path !== blame.path);
  const paths = blame.lines.map((l) => inertLine(l.path));
  const authors = blame.lines.map((l) => inertLine(l.author));
  const pathWidth = Math.max(0, ...paths.map((p) => p.length));
  const authorWidth = Math.max(0, ...authors.map((a) => a.length));
  const lineWidth = String(Math.max(0, ...blame.lines.map((l) => l.line))).length;
  return blame.lines.map((l, i) => {
    const hash = l.boundary ? l.hash.slice(0, abbrev) : l.hash.slice(0, abbrev + 1);
    const text = `${l.boundary ? '^' : ''}${hash}${showPath ? ` ${paths[i].padEnd(pathWidth)}` : ''} (${authors[i].padEnd(authorWidth)} ${l.date} ${String(l.line).padStart(lineWidth)}) ${l.text}`;
    const entry = {
      line: l.line,
      hash,
      author: l.author,
      date: l.date,
      text: l.text,
      ...(l.boundary ? { boundary: true as const } : {}),
      ...(showPath ? { path: l.path } : {}),
    };
    return { text, entry };
  });
}

@injectable()
class GitBlameTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const { startLine, endLine } = input;
    if ((startLine === undefined) !== (endLine === undefined))
      throw new WorkspaceError('Give both startLine and endLine, or neither for the whole file.');
    const blame = await this.git.blame(
      input.path,
      startLine !== undefined ? { startLine, endLine: endLine! } : undefined,
      token,
    );
    const maxChars = resultCharBudget(tokenizationOptions);
    const rows = blameRows(blame);
    const lines = rows.map((row) => row.text);
    const text = lines.join('\n');
    // git's output passed the service's cap: the lines it holds whole are all there is.
    const capped = blame.truncated;
    const first = startLine ?? 1;
    // A line of a minified file can be longer than the budget: its text is cut in the data (an author
    // name is one line of a commit, but any length).
    const entries = rows.map(({ entry }) => ({
      ...entry,
      author: clip(entry.author, 500),
      text: clip(entry.text, maxChars / 2),
    }));
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
