import * as nodePath from 'node:path';
import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { callAgain, defineTool, fitList, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService, WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { caseInsensitiveGlob, escapeGlobName } from '../globText';
import { joinRelative, mapLimited, resolveScope } from '../geminiPaths';
import { foundFilesSchema, foundPaths, SEARCH_ANNOTATIONS } from '../resultSchemas';

/** Paths per answer. */
export const GLOB_MAX_FILES = 1000;
/** Paths fetched when those outside the pattern's folder level are dropped afterwards. */
const WIDE_FETCH = 20_000;
/** Files changed this recently are listed first, newest first. */
export const RECENT_MS = 24 * 60 * 60 * 1000;

/** Gemini CLI's glob: absolute paths, recently changed files first. */
const definition = {
  name: 'glob',
  toolReferenceName: 'file_search',
  models: [{ family: 'gemini*' }],
  displayName: 'Find Files',
  modelDescription: `Finds the files matching a glob (e.g. 'src/**/*.ts', '**/*.md', '*.json') below a folder of the workspace and returns their absolute paths, one per line: files changed in the last 24 hours first, newest first, then the others sorted by path. The pattern is relative to dir_path (default: the workspace root); '*' does not cross folders, '**' does. Case is ignored unless case_sensitive is true. Files .gitignore ignores are not listed. At most ${GLOB_MAX_FILES} paths; a result cut to fit the budget ends with the offset to ask for next. Use it to locate files by name or path; use grep_search to search their contents.`,
  userDescription: 'Finds files by name.',
  inputSchema: {
    type: 'object',
    properties: {
      pattern: { type: 'string', minLength: 1, description: "The glob to match, e.g. '**/*.py' or 'docs/*.md'." },
      dir_path: {
        type: 'string',
        description:
          'The folder to search below, relative to the workspace root or absolute inside it. Default: the root.',
      },
      path: { type: 'string', description: 'Older name of dir_path; use dir_path.' },
      case_sensitive: { type: 'boolean', description: 'Match case. Default: false.' },
      respect_git_ignore: {
        type: 'boolean',
        description: 'Accepted for compatibility; files .gitignore ignores are never listed here.',
      },
      respect_gemini_ignore: {
        type: 'boolean',
        description: 'Accepted for compatibility; there are no .geminiignore rules here.',
      },
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'Skip this many paths (in the order listed) to get the next ones of a long result. Default: 0.',
      },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  outputSchema: foundFilesSchema({
    files: 'Absolute paths listed, in the order of the text (recently changed first).',
    total: `Matching files found and sorted (at most ${GLOB_MAX_FILES}); more exist when truncated.`,
    truncated: 'More files match than the ones found and sorted; a more specific pattern lists them.',
  }),
  tags: ['search', 'read'],
  annotations: SEARCH_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** A path as the text lists it and as the data does. */
const FOUND = foundPaths('glob', 600);

/** Recent files (changed within RECENT_MS of `now`) first, newest first; then the rest by path. */
export function sortByRecency<T extends { path: string; mtimeMs: number }>(files: readonly T[], now: number): T[] {
  return [...files].sort((a, b) => {
    const recentA = now - a.mtimeMs < RECENT_MS;
    const recentB = now - b.mtimeMs < RECENT_MS;
    if (recentA && recentB) return b.mtimeMs - a.mtimeMs || a.path.localeCompare(b.path);
    if (recentA !== recentB) return recentA ? -1 : 1;
    return a.path.localeCompare(b.path);
  });
}

@injectable()
class GlobTool implements Tool<Input> {
  constructor(
    @inject(SearchService) private readonly search: SearchService,
    @inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem,
  ) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const scope = await resolveScope(this.workspace, input.dir_path ?? input.path);
    if (scope.stat.type !== 'directory')
      throw new WorkspaceError(`Search path is not a directory: ${scope.absolute}. Give a folder as dir_path.`);
    let pattern = input.pattern.trim();
    if (pattern === '') throw new WorkspaceError("The 'pattern' parameter cannot be empty.");
    // An absolute pattern inside the searched folder is taken relative to it.
    if (nodePath.isAbsolute(pattern)) {
      const inside = nodePath.relative(scope.absolute, pattern);
      if (inside.startsWith('..') || nodePath.isAbsolute(inside))
        throw new WorkspaceError(
          `The pattern ${pattern} is outside ${scope.absolute}. Give a pattern relative to dir_path, e.g. '**/*.ts'.`,
        );
      pattern = inside.split(nodePath.sep).join('/');
    }
    pattern = pattern.replace(/^(\.\/)+/, '');
    const none = `No files found matching pattern "${input.pattern}" within ${scope.absolute}`;

    // A name that exists as written is that file, even with glob characters in it ('[id].tsx');
    // still looked up through SearchService, so .gitignore rules apply to it as to any match.
    const literalStat = await this.workspace.stat(joinRelative(scope.relative, pattern)).catch(() => undefined);
    const { files, truncated } =
      literalStat?.type === 'file'
        ? await this.find(scope.relative, pattern.split('/').map(escapeGlobName).join('/'), true, token)
        : await this.find(scope.relative, pattern, input.case_sensitive ?? false, token);
    if (files.length === 0) return structuredResult({ files: [], total: 0, truncated: false }, none);

    const stats = await mapLimited(files, 16, async (path) => ({
      path: nodePath.join(this.workspace.root, path),
      mtimeMs: (await this.workspace.stat(path).catch(() => undefined))?.mtimeMs ?? 0,
    }));
    const sorted = sortByRecency(stats, Date.now()).map((f) => f.path);
    const offset = input.offset ?? 0;
    if (offset > 0 && offset >= sorted.length)
      return structuredResult(
        { files: [], total: sorted.length, truncated },
        `Found ${sorted.length} file(s) matching "${input.pattern}"; offset ${offset} is past the last one.`,
      );
    const rest = sorted.slice(offset);
    // Cut at a path, the text and the data at the same one.
    const page = fitList(FOUND, rest, { budget: tokenizationOptions, offset });
    const lines = [
      `Found ${sorted.length} file(s) matching "${input.pattern}" within ${scope.absolute}, sorted by modification time (newest first)${page.kept < sorted.length ? `; paths ${offset + 1}–${page.next} shown` : ''}:`,
      ...page.lines,
    ];
    if (page.more)
      lines.push(
        `[Cut to fit the result budget: ${callAgain(FOUND.paging, page.next, { same: 'pattern' })}, or use a more specific pattern or dir_path.]`,
      );
    if (truncated)
      lines.push(
        `[Only the first ${sorted.length} matching files (in path order) are listed and sorted; more exist. Use a more specific pattern or dir_path.]`,
      );
    return structuredResult({ files: page.data, total: sorted.length, truncated, ...page.onward }, lines.join('\n'));
  }

  /**
   * The files matching `pattern` below `folder`. The pattern is anchored at the folder as in Gemini
   * CLI ('*.ts' lists that folder's own files); SearchService treats a pattern without '/' as any
   * depth, so in the root such a pattern's deeper matches are dropped here.
   */
  private async find(folder: string, pattern: string, caseSensitive: boolean, token: CancellationToken) {
    const glob = caseSensitive ? pattern : caseInsensitiveGlob(pattern);
    const base = folder.split('/').map(escapeGlobName).join('/');
    const topLevelOnly = folder === '' && !pattern.replace(/\/$/, '').includes('/');
    const found = await this.search
      .findFiles(folder ? `${base}/${glob}` : glob, topLevelOnly ? WIDE_FETCH : GLOB_MAX_FILES, token)
      .catch((error: unknown) => {
        if (error instanceof WorkspaceError && !caseSensitive)
          throw new WorkspaceError(error.message.replace(glob, pattern));
        throw error;
      });
    const files = topLevelOnly ? found.files.filter((file) => !file.includes('/')) : [...found.files];
    return {
      files: files.slice(0, GLOB_MAX_FILES),
      truncated: files.length > GLOB_MAX_FILES || found.truncated,
    };
  }
}

export const glob = defineTool({ definition, implementation: GlobTool });
