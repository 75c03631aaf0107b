import { injectable, injectFromBase } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  callWith,
  clipText,
  fitNotedList,
  inertLine,
  roomFor,
  startAtLine,
  structuredResult,
  type InputOf,
  type NotedListDeclaration,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { WorkspaceError, type GitBlame } from '@toolpacks/services';
import { GIT_READ, GitTool } from '../gitTool';
import { COMMIT_PROPERTIES, WHOLE_BUDGET } from '../schemas';

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
  ...GIT_READ,
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

/** The blamed lines: a cut keeps the note's room, and the way on is the next startLine. */
const BLAME_LINES: NotedListDeclaration<BlameRow, BlameRow['entry']> = {
  text: (row) => row.text,
  data: (row) => row.entry,
  oversized: (row, room) => ({ ...row, text: startAtLine(row.text, room) }),
  // The data's array within the budget less 40 characters (the next startLine beside it).
  dataReserve: 41,
  note: { most: 300, share: 3 / 4 },
  paging: { tool: 'git_blame', field: 'startLine' },
};

@injectable()
@injectFromBase()
class GitBlameTool extends GitTool implements Tool<Input> {
  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const { startLine, endLine } = input;
    if ((startLine === undefined) !== (endLine === undefined))
      throw new WorkspaceError('Give both startLine and endLine, or neither for the whole file.');
    const blame = await this.git.blame(
      input.path,
      startLine !== undefined ? { startLine, endLine: endLine! } : undefined,
      token,
    );
    const budget = roomFor(WHOLE_BUDGET, tokenizationOptions).maxChars;
    // git's output passed the service's cap: the lines it holds whole are all there is.
    const capped = blame.truncated;
    const first = startLine ?? 1;
    // A line of a minified file can be longer than the budget: its text is cut in the data (an author
    // name is one line of a commit, but any length).
    const rows = blameRows(blame).map(({ text, entry }) => ({
      text,
      entry: { ...entry, author: clipText(entry.author, 500), text: clipText(entry.text, budget / 2) },
    }));
    const fitted = fitNotedList(BLAME_LINES, rows, { budget, noted: capped });
    if (fitted.whole && !capped) return structuredResult({ lines: fitted.data }, fitted.lines.join('\n'));
    // The text and the list stop at the same line: as many as fit the budget both as text and as data.
    const kept = fitted.kept;
    const next = first + kept;
    // Past git's cap the file's last line is unknown (unless endLine says it).
    const last = endLine ?? (capped ? undefined : first + rows.length - 1);
    const why =
      capped && fitted.kept >= rows.length && fitted.items[0] === rows[0]
        ? "the rest was not read: git's output passed its size cap"
        : `the rest is over the result budget of ${budget.toLocaleString('en-US')} characters`;
    const to = last !== undefined ? Math.min(last, next + kept - 1) : next + kept - 1;
    return structuredResult(
      { lines: fitted.data, ...(last === undefined || next <= last ? { nextStartLine: next } : {}) },
      `${fitted.lines.join('\n')}\n\n[Showing lines ${first}–${next - 1} of ${last !== undefined ? `${first}–${last}` : `${first} onwards`}: ${why}. Call ${callWith(BLAME_LINES.paging!, `${next}, endLine: ${to}`)} for the next lines.]`,
    );
  }
}

export const gitBlame = defineTool({ definition, implementation: GitBlameTool });
