import { injectable, injectFromBase } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  callWith,
  clipText,
  fitNotedList,
  roomFor,
  startAtLine,
  structuredResult,
  type InputOf,
  type NotedListDeclaration,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { type GitLogCommit } from '@toolpacks/services';
import { GIT_READ, GitTool } from '../gitTool';
import { COMMIT_PROPERTIES, WHOLE_BUDGET } from '../schemas';
import { logSection } from '../statusText';
import { PATH_PROPERTY } from '../when';

const definition = {
  name: 'git_log',
  toolReferenceName: 'git_log',
  displayName: 'Git Log',
  modelDescription:
    'Lists recent commits, newest first: short hash, date, author and subject. Optionally only those that touched a path, and after skipping the newest `skip` (to page on). A long list is cut at a commit within the result budget and says how to continue. Use it to find when something changed; then git_show a hash for the details.',
  userDescription: 'Lists recent commits.',
  inputSchema: {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 500, description: 'How many commits. Default: 10.' },
      path: PATH_PROPERTY,
      skip: {
        type: 'integer',
        minimum: 0,
        description: 'Leave out the newest this many commits (to see the next page). Default: 0.',
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      commits: {
        type: 'array',
        description: 'Newest first.',
        items: {
          type: 'object',
          properties: {
            ...COMMIT_PROPERTIES,
            date: { type: 'string', description: 'The author date, ISO 8601.' },
          },
          required: ['hash', 'date', 'author', 'subject'],
          additionalProperties: false,
        },
      },
      nextSkip: {
        type: 'integer',
        minimum: 1,
        description: 'More commits were asked for than the result holds: call again with this skip for the next ones.',
      },
    },
    required: ['commits'],
    additionalProperties: false,
  },
  ...GIT_READ,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** A commit as the text shows it (git's own two lines) and as the data gives it. */
interface LogItem {
  readonly text: string;
  readonly entry: GitLogCommit;
}

/** The log's commits: a cut keeps the note's room, and the way on is the next skip. */
const COMMITS: NotedListDeclaration<LogItem, GitLogCommit> = {
  text: (item) => item.text,
  data: (item) => item.entry,
  oversized: (item, room) => ({ ...item, text: startAtLine(item.text, room) }),
  // The data's array within the budget less 40 characters (the next skip beside it).
  dataReserve: 41,
  note: { most: 300, share: 3 / 4 },
  paging: { tool: 'git_log', field: 'skip' },
};

@injectable()
@injectFromBase()
class GitLogTool extends GitTool implements Tool<Input> {
  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const skip = input.skip ?? 0;
    const list = await this.git.listCommits({ count: input.count ?? 10, path: input.path, skip }, token);
    if (list.commits.length === 0) return structuredResult({ commits: [] }, 'No commits.');
    const budget = roomFor(WHOLE_BUDGET, tokenizationOptions).maxChars;
    // One section per commit, as git prints them; git's own text ends trimmed. A subject is a
    // paragraph of any length: one over half the budget is cut in the data.
    const items = list.commits.map((commit) => ({
      text: logSection(commit),
      entry: { ...commit, subject: clipText(commit.subject, budget / 2) },
    }));
    const last = items[items.length - 1];
    items[items.length - 1] = { ...last, text: last.text.trimEnd() };
    const fitted = fitNotedList(COMMITS, items, { budget, offset: skip, noted: list.truncated });
    if (fitted.whole && !list.truncated) return structuredResult({ commits: fitted.data }, fitted.lines.join('\n'));
    // The text and the list stop at the same commit: as many as fit the budget both as text and as data.
    const why =
      list.truncated && fitted.kept >= items.length
        ? "the rest was not read: git's output passed its size cap"
        : `the rest are over the result budget of ${budget.toLocaleString('en-US')} characters`;
    return structuredResult(
      { commits: fitted.data, nextSkip: fitted.next },
      `${fitted.lines.join('\n')}\n\n[Showing ${fitted.kept} of ${list.truncated ? 'more' : items.length} commits: ${why}. Call ${callWith(COMMITS.paging!, fitted.next)} for the next ones, or a smaller count.]`,
    );
  }
}

export const gitLog = defineTool({ definition, implementation: GitLogTool });
