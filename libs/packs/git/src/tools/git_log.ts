import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitSections,
  jsonChars,
  resultCharBudget,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { GitService } from '@toolpacks/services';
import { clip, fitCount } from '../fit';
import { COMMIT_PROPERTIES, READ_ANNOTATIONS } from '../schemas';
import { logSection } from '../statusText';
import { GIT_WHEN, PATH_PROPERTY } from '../when';

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
  when: GIT_WHEN,
  tags: ['git', 'read'],
  annotations: READ_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GitLogTool implements Tool<Input> {
  constructor(@inject(GitService) private readonly git: GitService) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const skip = input.skip ?? 0;
    const list = await this.git.listCommits({ count: input.count ?? 10, path: input.path, skip }, token);
    const maxChars = resultCharBudget(tokenizationOptions);
    // One section per commit, as git prints them; git's own text ends trimmed.
    const sections = list.commits.map(logSection);
    if (sections.length > 0) sections[sections.length - 1] = sections[sections.length - 1].trimEnd();
    const text = sections.length > 0 ? sections.join('\n') : 'No commits.';
    const capped = list.truncated && sections.length > 0;
    // A subject is a paragraph of any length: one over half the budget is cut in the data.
    const entries = list.commits.map((commit) => ({ ...commit, subject: clip(commit.subject, maxChars / 2) }));
    const data = (kept: number) => entries.slice(0, kept);
    if (!capped && text.length <= maxChars && jsonChars(entries) <= maxChars - 40)
      return structuredResult({ commits: data(entries.length) }, text);
    // The text and the list stop at the same commit: as many as fit the budget both as text and as data.
    const fitted = fitSections(
      sections.slice(0, Math.max(1, fitCount(entries, maxChars - 40))),
      Math.max(maxChars / 4, maxChars - 300),
      '\n',
      true,
    );
    const kept = Math.max(fitted.kept, 1);
    const why =
      capped && kept >= sections.length
        ? "the rest was not read: git's output passed its size cap"
        : `the rest are over the result budget of ${maxChars.toLocaleString('en-US')} characters`;
    return structuredResult(
      { commits: data(kept), nextSkip: skip + kept },
      `${fitted.text}\n\n[Showing ${kept} of ${capped ? 'more' : entries.length} commits: ${why}. Call git_log with skip: ${skip + kept} for the next ones, or a smaller count.]`,
    );
  }
}

export const gitLog = defineTool({ definition, implementation: GitLogTool });
