// Shared by both search engines: the size and line limits, the query's validation, and the walk
// order every result is returned in.
import { WorkspaceError, type GrepMatch, type GrepQuery } from '@toolpacks/services';
import { MAX_TEXT_BYTES } from './fileSnapshot';
import { compileGlob } from './glob';

/**
 * Text files up to this size are searched (ripgrep, or the scanner streaming them); larger ones are
 * skipped and counted. A read by line range reads any of them.
 */
export const MAX_SEARCH_FILE_BYTES = 256 * 1024 * 1024;
/** Files up to this size are read whole by the scanner and the verifier; larger ones are streamed. */
export const WHOLE_READ_BYTES = MAX_TEXT_BYTES;
export const MAX_MATCH_LINE_CHARS = 400;

export interface CompiledQuery {
  readonly source: string;
  readonly flags: string;
  readonly include?: (relativePath: string) => boolean;
}

export function compileQuery(query: GrepQuery): CompiledQuery {
  if (typeof query.pattern !== 'string' || query.pattern === '') throw new WorkspaceError('The search query is empty.');
  if (!Number.isInteger(query.maxResults) || query.maxResults < 1)
    throw new WorkspaceError('maxResults must be a positive whole number.');
  const caseFlag = query.caseSensitive ? '' : 'i';
  const source = query.isRegexp ? query.pattern : query.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let flags = `u${caseFlag}`;
  try {
    new RegExp(source, flags);
  } catch (unicodeError) {
    try {
      new RegExp(source, caseFlag);
      flags = caseFlag;
    } catch {
      throw new WorkspaceError(
        `Invalid regular expression /${cut(query.pattern)}/: ${(unicodeError as Error).message.replace(/^Invalid regular expression: /, '')}. Fix the pattern, or set isRegexp to false to search for the text literally.`,
      );
    }
  }
  let include: CompiledQuery['include'];
  if (query.includePattern) {
    try {
      include = compileGlob(query.includePattern);
    } catch (error) {
      throw new WorkspaceError(`Invalid includePattern: ${(error as Error).message}`);
    }
  }
  return { source, flags, include };
}

export function compileGlobForModel(pattern: string): (relativePath: string) => boolean {
  try {
    return compileGlob(pattern);
  } catch (error) {
    throw new WorkspaceError(
      `Invalid glob pattern: ${(error as Error).message} Example: '**/*.ts' or 'src/**/index.*'.`,
    );
  }
}

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

export function clip(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.length > MAX_MATCH_LINE_CHARS ? `${text.slice(0, MAX_MATCH_LINE_CHARS)}…` : text;
}

/**
 * The order of a depth-first walk with names sorted: paths compared folder by folder, then lines.
 * Compared a character at a time with '/' below every other character, which is the same order as
 * comparing name by name (a name that ends first is the smaller) without splitting each path on
 * every comparison: a common word's matches are sorted by it.
 */
export function compareMatches(a: GrepMatch, b: GrepMatch): number {
  return a.path === b.path ? a.line - b.line : comparePaths(a.path, b.path);
}

const SLASH = 47;

export function comparePaths(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x === SLASH ? -1 : y === SLASH ? 1 : x - y;
  }
  return a.length - b.length;
}
