import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, roomFor, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService, WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import type { GrepMatch } from '@toolpacks/services';
import { withSkipped } from '../formatMatches';
import { escapeGlobName } from '../globText';
import { joinRelative, resolveScope } from '../geminiPaths';
import { SEARCH_ANNOTATIONS, SKIPPED_LARGE_FILES_SCHEMA } from '../resultSchemas';
import {
  autoContextLines,
  formatGrepBlocks,
  formatNamesOnly,
  MAX_GREP_OUTPUT_CHARS,
  noMatchText,
  withContext,
} from '../geminiGrepFormat';
import type { GrepFileBlock } from '../geminiGrepFormat';

/** Upper bound of total_max_matches. */
export const GEMINI_GREP_MAX_TOTAL = 1000;
/** Matches fetched when some are dropped afterwards (max_matches_per_file, names_only). */
const WIDE_FETCH = 5000;

/**
 * Gemini CLI's own grep_search (its ripgrep variant), which Gemini models call with its parameter
 * names and read in its result shape; the search itself is SearchService's.
 */
const definition = {
  name: 'gemini_grep_search',
  overridesTool: 'grep_search',
  displayName: 'Search Text',
  models: [{ family: 'gemini*' }],
  modelDescription: `Searches the contents of the workspace files for a regular expression (JavaScript syntax; case is ignored unless case_sensitive is true) and returns the matching lines grouped by file: a header "Found N matches for pattern …", then for each file "File: <path relative to the searched folder>" and its lines as "L<line>: <text>" (context lines as "L<line>- <text>"), files separated by "---". With 1 to 3 matches and no context asked for, it adds surrounding lines itself. At most total_max_matches matches (default 100, up to ${GEMINI_GREP_MAX_TOTAL}). Searches the files git would list: what .gitignore ignores, binary files are skipped. Use it to find where something is defined or used; use glob to find files by name and read_file to read one.`,
  inputSchema: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        minLength: 1,
        description: "The regular expression to search for, e.g. 'function\\s+load', 'class \\w+Service'.",
      },
      dir_path: {
        type: 'string',
        description: 'The folder to search, relative to the workspace root or absolute inside it. Default: the root.',
      },
      path: { type: 'string', description: 'Older name of dir_path; use dir_path.' },
      include_pattern: {
        type: 'string',
        description: "Only search files matching this glob, relative to dir_path, e.g. '*.ts', '*.{ts,tsx}', 'src/**'.",
      },
      include: { type: 'string', description: 'Older name of include_pattern; use include_pattern.' },
      exclude_pattern: {
        type: 'string',
        description: 'A regular expression: matching lines that also match it are left out of the results.',
      },
      names_only: { type: 'boolean', description: 'Return only the paths of the files with matches. Default: false.' },
      case_sensitive: { type: 'boolean', description: 'Match case. Default: false.' },
      fixed_strings: { type: 'boolean', description: 'Treat pattern as literal text, not a regex. Default: false.' },
      context: { type: 'integer', minimum: 0, maximum: 100, description: 'Lines to show before and after each match.' },
      before: { type: 'integer', minimum: 0, maximum: 100, description: 'Lines to show before each match.' },
      after: { type: 'integer', minimum: 0, maximum: 100, description: 'Lines to show after each match.' },
      no_ignore: {
        type: 'boolean',
        description: 'Not available here: files .gitignore ignores are never searched (the result says so).',
      },
      max_matches_per_file: {
        type: 'integer',
        minimum: 1,
        description: 'At most this many matches from any one file, to keep repetitive files from filling the result.',
      },
      total_max_matches: {
        type: 'integer',
        minimum: 1,
        maximum: GEMINI_GREP_MAX_TOTAL,
        description: 'At most this many matches in all. Default: 100.',
      },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      matches: {
        type: 'array',
        description: 'The matching lines shown, grouped by file (the same ones as the text); absent with names_only.',
        items: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'Relative to the searched folder, as the text shows it.' },
            line: { type: 'integer', minimum: 1, description: '1-based line number.' },
            text: { type: 'string', description: "The line's text (a long line is clipped)." },
            context: {
              type: 'array',
              description:
                'Context lines shown with this match, in line order: those after it, and above a file’s first match those before it (each line given once).',
              items: {
                type: 'object',
                properties: { line: { type: 'integer', minimum: 1 }, text: { type: 'string' } },
                required: ['line', 'text'],
                additionalProperties: false,
              },
            },
          },
          required: ['path', 'line', 'text'],
          additionalProperties: false,
        },
      },
      files: {
        type: 'array',
        items: { type: 'string' },
        description: 'names_only: the files with matches, relative to the searched folder, sorted.',
      },
      total: {
        type: 'integer',
        minimum: 0,
        description: 'How many matches there are in all; absent when the search stopped at total_max_matches.',
      },
      truncated: { type: 'boolean', description: 'More matches (or files) exist than are listed.' },
      skippedLargeFiles: SKIPPED_LARGE_FILES_SCHEMA,
    },
    required: ['truncated'],
    additionalProperties: false,
  },
  tags: ['search', 'read'],
  annotations: SEARCH_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** The blocks take the budget but for the notes around them, and never more than Gemini CLI's own cap. */
const GREP_OUTPUT = { reserve: 1000, atMost: MAX_GREP_OUTPUT_CHARS } as const;

/** Throws a WorkspaceError naming `field` when `source` is not a regular expression JavaScript accepts. */
function checkRegex(source: string, field: string, flags: string): void {
  try {
    new RegExp(source, `u${flags}`);
  } catch (unicodeError) {
    try {
      new RegExp(source, flags);
    } catch {
      const reason = (unicodeError as Error).message.replace(/^Invalid regular expression: /, '');
      const hint =
        field === 'pattern'
          ? 'Fix it (JavaScript syntax), or set fixed_strings: true to search for the text literally.'
          : 'Fix it (JavaScript syntax).';
      throw new WorkspaceError(`Invalid regular expression in ${field}: ${reason}. ${hint}`);
    }
  }
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The regex SearchService runs: the pattern, or, with exclude_pattern, lines where the pattern
 * matches and the exclusion does not (a look-ahead, so both run inside the search engine).
 */
function searchRegex(input: Input): { pattern: string; isRegexp: boolean } {
  const flags = input.case_sensitive ? '' : 'i';
  if (!input.fixed_strings) checkRegex(input.pattern, 'pattern', flags);
  if (input.exclude_pattern === undefined || input.exclude_pattern === '')
    return { pattern: input.pattern, isRegexp: !input.fixed_strings };
  checkRegex(input.exclude_pattern, 'exclude_pattern', flags);
  const pattern = input.fixed_strings ? escapeRegex(input.pattern) : input.pattern;
  const groups = new RegExp(`${pattern}|`).exec('')!.length - 1;
  if (groups > 0 && /\\[1-9]/.test(input.exclude_pattern))
    throw new WorkspaceError(
      'exclude_pattern cannot use numbered backreferences (\\1) when pattern has capture groups; use named groups or drop the backreference.',
    );
  const combined = `^(?=.*?(?:${pattern}))(?!.*?(?:${input.exclude_pattern}))`;
  checkRegex(combined, 'exclude_pattern', flags);
  return { pattern: combined, isRegexp: true };
}

/** The include glob over workspace-relative paths: the folder's, narrowed by include_pattern (relative to it). */
function scopedInclude(folder: string, include: string | undefined): string | undefined {
  const glob = include?.trim().replace(/^\.\//, '');
  const base = folder.split('/').map(escapeGlobName).join('/');
  if (!glob) return folder ? `${base}/**` : undefined;
  if (!folder) return glob;
  return glob.includes('/') ? `${base}/${glob}` : `${base}/**/${glob}`;
}

@injectable()
class GeminiGrepSearchTool implements Tool<Input> {
  constructor(
    @inject(SearchService) private readonly search: SearchService,
    @inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem,
  ) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const given = input.dir_path ?? input.path;
    const scope = await resolveScope(this.workspace, given);
    if (scope.stat.type === 'other')
      throw new WorkspaceError(`Path is not a valid directory or file: ${scope.absolute}`);
    const isFile = scope.stat.type === 'file';
    // A file: its folder is searched for it alone, and paths are shown relative to that folder.
    const folder = isFile ? scope.relative.split('/').slice(0, -1).join('/') : scope.relative;
    const include = input.include_pattern ?? input.include;
    const header = {
      pattern: input.pattern,
      location: given === undefined || given.trim() === '' ? 'in the workspace directory' : `in path "${given}"`,
      include: include || undefined,
    };
    const regex = searchRegex(input);
    const total = input.total_max_matches ?? 100;
    const perFile = input.max_matches_per_file;
    const includePattern = isFile
      ? joinRelative(folder.split('/').map(escapeGlobName).join('/'), escapeGlobName(scope.relative.split('/').pop()!))
      : scopedInclude(folder, include);
    const result = await this.search
      .grep(
        {
          ...regex,
          caseSensitive: input.case_sensitive ?? false,
          includePattern,
          maxResults: perFile !== undefined || input.names_only ? WIDE_FETCH : total,
        },
        token,
      )
      .catch((error: unknown) => {
        if (error instanceof WorkspaceError && error.message.startsWith('Invalid includePattern'))
          throw new WorkspaceError(error.message.replace('includePattern', 'include_pattern'));
        throw error;
      });

    const counts = new Map<string, number>();
    const kept: GrepMatch[] = [];
    for (const match of result.matches) {
      if (isFile && match.path !== scope.relative) continue;
      const count = counts.get(match.path) ?? 0;
      if (perFile !== undefined && count >= perFile) continue;
      counts.set(match.path, count + 1);
      kept.push(match);
    }
    const shown = (path: string) => (folder ? path.slice(folder.length + 1) : path);
    const notes = (text: string) =>
      withSkipped(
        input.no_ignore
          ? `${text}\n(no_ignore is not available here: files that .gitignore ignores are never searched; list_directory shows them.)`
          : text,
        result,
      );
    const skipped = result.skippedLargeFiles?.count ? { skippedLargeFiles: result.skippedLargeFiles } : {};
    if (kept.length === 0)
      return structuredResult({ matches: [], total: 0, truncated: false, ...skipped }, notes(noMatchText(header)));

    if (input.names_only) {
      const files = [...counts.keys()];
      const limited = result.truncated || files.length > total;
      const paths = files.slice(0, total).map(shown).sort();
      return structuredResult(
        { files: paths, truncated: limited, ...skipped },
        notes(formatNamesOnly({ ...header, limitedTo: limited ? total : undefined }, paths)),
      );
    }

    const limited = result.truncated || kept.length > total;
    const matches = kept.slice(0, total);
    const asked = input.context !== undefined || input.before !== undefined || input.after !== undefined;
    const auto = asked ? 0 : autoContextLines(matches.length);
    const before = input.before ?? input.context ?? auto;
    const after = input.after ?? input.context ?? auto;
    const blocks = await this.blocks(matches, before, after, shown);
    const formatted = formatGrepBlocks(
      { ...header, limitedTo: limited ? total : undefined },
      blocks,
      roomFor(GREP_OUTPUT, tokenizationOptions).maxChars,
    );
    return structuredResult(
      {
        matches: formatted.matches,
        ...(limited ? {} : { total: formatted.matchCount }),
        truncated: limited || formatted.cut,
        ...skipped,
      },
      notes(formatted.text),
    );
  }

  /** The matches grouped by file, with context read from each file while the answer has room for it. */
  private async blocks(
    matches: readonly GrepMatch[],
    before: number,
    after: number,
    shown: (path: string) => string,
  ): Promise<GrepFileBlock[]> {
    const byFile = new Map<string, GrepMatch[]>();
    for (const match of matches) byFile.set(match.path, [...(byFile.get(match.path) ?? []), match]);
    const blocks: GrepFileBlock[] = [];
    let size = 0;
    for (const [path, fileMatches] of byFile) {
      let fileLines: string[] | undefined;
      if ((before > 0 || after > 0) && size < MAX_GREP_OUTPUT_CHARS) {
        // The file was just searched, so it is a text file under the size limit; if it changed or
        // went away since, its matching lines are still shown, without context.
        fileLines = await this.workspace.readText(path).then(
          (text) => text.replace(/\r?\n$/, '').split(/\r?\n/),
          () => undefined,
        );
      }
      const lines = withContext(fileMatches, fileLines, before, after);
      size += lines.reduce((n, line) => n + line.text.length + 8, 0);
      blocks.push({ path: shown(path), lines });
    }
    return blocks;
  }
}

export const geminiGrepSearch = defineTool({ definition, implementation: GeminiGrepSearchTool });
