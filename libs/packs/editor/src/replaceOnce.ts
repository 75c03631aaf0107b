// The replace rule of replace_string_in_file, shared by its preparation (for the diff a sensitive
// write shows) and its invocation. Linear in the file: positions are found with indexOf and line
// numbers counted in one pass, and an error lists at most a few lines however many matches there are.
import { boundedList } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';

const LISTED_LINES = 10;

export interface Replacement {
  readonly text: string;
  /** 1-based line where the replacement starts. */
  readonly line: number;
}

export function replaceOnce(text: string, oldString: string, newString: string, relative: string): Replacement {
  // Models write \n; keep a CRLF file CRLF.
  const crlf = !text.includes(oldString) && text.includes('\r\n');
  const search = crlf ? oldString.replace(/\r?\n/g, '\r\n') : oldString;
  const replacement = crlf ? newString.replace(/\r?\n/g, '\r\n') : newString;
  const positions = occurrences(text, search, LISTED_LINES + 1);
  if (positions.found === 0)
    throw new WorkspaceError(
      `oldString was not found in ${relative}. Read the file again and copy the exact text, including whitespace and indentation.`,
    );
  if (positions.found > 1) {
    const lines = lineNumbers(text, positions.first);
    const listed = boundedList(lines.map(String), lines.length, ', ', positions.found);
    throw new WorkspaceError(
      `oldString occurs ${positions.found} times in ${relative} (lines ${listed}); it must occur exactly once. Add surrounding lines to make it unique.`,
    );
  }
  const at = positions.first[0];
  return { text: text.slice(0, at) + replacement + text.slice(at + search.length), line: lineNumbers(text, [at])[0] };
}

/** How many non-overlapping occurrences, and the first `keep` positions. */
function occurrences(text: string, search: string, keep: number): { found: number; first: number[] } {
  const first: number[] = [];
  let found = 0;
  for (let i = text.indexOf(search); i >= 0; i = text.indexOf(search, i + search.length)) {
    if (found++ < keep) first.push(i);
  }
  return { found, first };
}

/** 1-based line numbers of ascending positions, in one pass over the text before the last. */
function lineNumbers(text: string, positions: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const position of positions) {
    for (let nl = text.indexOf('\n', from); nl >= 0 && nl < position; nl = text.indexOf('\n', nl + 1)) {
      line++;
      from = nl + 1;
    }
    lines.push(line);
  }
  return lines;
}
