// Reads a V4A patch, the format GPT models are trained on:
//   *** Begin Patch
//   *** Update File: src/a.ts          (optionally followed by *** Move to: src/b.ts)
//   @@ class A                         (optional, repeatable: lines to find, in order, before the hunk)
//    context line
//   -removed line
//   +added line
//   *** End of File                    (optional: the hunk ends the file)
//   *** Add File: src/new.ts           (every line starts with +)
//   *** Delete File: src/old.ts
//   *** End Patch
// Lenient where a model's intent is clear (markers padded with spaces, CRLF, a BOM, a heredoc around
// the patch, blank lines between sections), strict where it is not (text after *** End Patch, a
// line that is neither context, removal nor addition).

export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
  }
}

export type HunkLine = { readonly kind: 'context' | 'remove' | 'add'; readonly text: string };

export interface Hunk {
  /** The @@ lines, searched one after the other before the hunk's lines. */
  readonly anchors: readonly string[];
  readonly lines: readonly HunkLine[];
  /** `*** End of File`: the hunk's lines end the file. */
  readonly endOfFile: boolean;
  /** 1-based line of the patch where the hunk starts, for messages. */
  readonly patchLine: number;
}

export type PatchOperation =
  | { readonly kind: 'add'; readonly path: string; readonly content: string }
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'update'; readonly path: string; readonly moveTo?: string; readonly hunks: readonly Hunk[] };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const END_OF_FILE = '*** End of File';
const MOVE_TO = '*** Move to:';
const FILE_HEADER = /^\*\*\* (Add|Delete|Update) File:\s*(.*)$/;
const HEREDOC_OPENER = /^<<\s*(?:'([A-Za-z_][\w-]*)'|"([A-Za-z_][\w-]*)"|([A-Za-z_][\w-]*))$/;
/** git's `@@ -12,7 +12,8 @@ context`: the numbers mean nothing here, the trailing text is an anchor. */
const UNIFIED_RANGE = /^\s*-\d+(?:,\d+)?\s+\+\d+(?:,\d+)?\s*@@\s?/;
export const MAX_QUOTE = 200;

/** `text` cut to at most `max` characters for an error message. */
export function quote(text: string, max = MAX_QUOTE): string {
  return `'${text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text}'`;
}

interface Line {
  readonly text: string;
  /** 1-based in the text the model sent. */
  readonly number: number;
}

export function parsePatch(patch: string): PatchOperation[] {
  const body = patchBody(patch);
  return new BodyParser(body).parse();
}

/** The lines between `*** Begin Patch` and `*** End Patch`, after unwrapping a heredoc. */
function patchBody(patch: string): Line[] {
  let lines = trimBlank(
    patch
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\n/)
      .map((text, index) => ({ text, number: index + 1 })),
  );
  const heredoc = lines.length ? HEREDOC_OPENER.exec(lines[0].text.trim()) : null;
  if (heredoc) {
    const delimiter = heredoc[1] ?? heredoc[2] ?? heredoc[3];
    if (lines.length < 2 || lines[lines.length - 1].text.trim() !== delimiter)
      throw new PatchError(
        `The patch opens a heredoc with ${quote(lines[0].text.trim())} but its last line is not '${delimiter}'. Send the patch itself, from '${BEGIN}' to '${END}'.`,
      );
    lines = trimBlank(lines.slice(1, -1));
  }
  if (!lines.length || lines[0].text.trim() !== BEGIN)
    throw new PatchError(`The patch must start with '${BEGIN}'${lines.length ? `, not ${quote(lines[0].text)}` : ''}.`);
  const last = lines[lines.length - 1];
  if (lines.length < 2 || last.text.trim() !== END) {
    const end = lines.findIndex((l, i) => i > 0 && l.text.trim() === END);
    if (end > 0) throw textAfterEnd(lines[end + 1]);
    throw new PatchError(`The patch must end with '${END}' (it may have been cut off); send the whole patch again.`);
  }
  return lines.slice(1, -1);
}

function trimBlank(lines: Line[]): Line[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].text.trim() === '') start++;
  while (end > start && lines[end - 1].text.trim() === '') end--;
  return lines.slice(start, end);
}

function textAfterEnd(line: Line): PatchError {
  return new PatchError(
    `Line ${line.number}: there is text after '${END}' (${quote(line.text)}). Send one patch per call, with all its files between '${BEGIN}' and '${END}'.`,
  );
}

/**
 * A marker line: any `*** …` line, or a known marker the model padded with spaces (a padded unknown
 * one is left alone: ` *** bold` is a context line).
 */
function marker(line: string): string | undefined {
  const trimmed = line.trim();
  if (line.startsWith('*** ')) return trimmed;
  const known =
    trimmed === BEGIN ||
    trimmed === END ||
    trimmed === END_OF_FILE ||
    trimmed.startsWith(MOVE_TO) ||
    FILE_HEADER.test(trimmed);
  return known ? trimmed : undefined;
}

class BodyParser {
  private index = 0;

  constructor(private readonly lines: readonly Line[]) {}

  parse(): PatchOperation[] {
    const operations: PatchOperation[] = [];
    while (this.index < this.lines.length) {
      const line = this.lines[this.index];
      const trimmed = line.text.trim();
      if (trimmed === '') {
        this.index++;
        continue;
      }
      const header = FILE_HEADER.exec(trimmed);
      if (!header) throw this.unexpected(line);
      const [, kind, rawPath] = header;
      const path = rawPath.trim();
      if (!path) throw new PatchError(`Line ${line.number}: '*** ${kind} File:' needs a path.`);
      this.index++;
      if (kind === 'Delete') operations.push({ kind: 'delete', path });
      else if (kind === 'Add') operations.push({ kind: 'add', path, content: this.addedContent() });
      else operations.push(this.update(path, line));
    }
    if (operations.length === 0)
      throw new PatchError(
        'The patch changes no file: add an *** Add File, *** Update File or *** Delete File section.',
      );
    return operations;
  }

  private unexpected(line: Line): PatchError {
    const trimmed = line.text.trim();
    if (trimmed === END) return textAfterEnd(this.lines[this.index + 1] ?? line);
    if (trimmed === BEGIN)
      return new PatchError(
        `Line ${line.number}: a second '${BEGIN}'. Send one patch per call, with all its files between '${BEGIN}' and '${END}'.`,
      );
    return new PatchError(
      `Line ${line.number}: expected '*** Add File: <path>', '*** Update File: <path>', '*** Delete File: <path>' or '${END}', got ${quote(line.text)}.`,
    );
  }

  private addedContent(): string {
    const content: string[] = [];
    while (this.index < this.lines.length) {
      const { text, number } = this.lines[this.index];
      if (text.startsWith('+')) content.push(text.slice(1));
      else if (text.trim() === '') {
        // A blank line inside the file (the model dropped its '+'), or the separator before the next section.
        if (!this.moreAddedLinesFollow()) break;
        content.push('');
      } else if (marker(text)) break;
      else throw new PatchError(`Line ${number}: every line of an added file must start with '+', got ${quote(text)}.`);
      this.index++;
    }
    return content.length ? `${content.join('\n')}\n` : '';
  }

  private moreAddedLinesFollow(): boolean {
    for (let i = this.index; i < this.lines.length; i++) {
      const text = this.lines[i].text;
      if (text.trim() !== '') return text.startsWith('+');
    }
    return false;
  }

  private update(path: string, header: Line): PatchOperation {
    let moveTo: string | undefined;
    const move = this.lines[this.index];
    if (move && move.text.trim().startsWith(MOVE_TO)) {
      moveTo = move.text.trim().slice(MOVE_TO.length).trim();
      if (!moveTo) throw new PatchError(`Line ${move.number}: '${MOVE_TO}' needs a path.`);
      this.index++;
    }
    const hunks: Hunk[] = [];
    let anchors: string[] = [];
    let lines: HunkLine[] = [];
    let start: Line | undefined;
    // Blank lines alone are separators, not a hunk.
    const hasLines = () => lines.some((l) => l.kind !== 'context' || l.text.trim() !== '');
    const close = (endOfFile: boolean) => {
      if (start && hasLines()) hunks.push({ anchors, lines, endOfFile, patchLine: start.number });
      else if (start)
        throw new PatchError(
          `Line ${start.number}: the hunk of ${path} that starts here has no lines; follow '@@' with context, '-' and '+' lines.`,
        );
      anchors = [];
      lines = [];
      start = undefined;
    };
    while (this.index < this.lines.length) {
      const line = this.lines[this.index];
      const { text } = line;
      const mark = marker(text);
      if (mark === END_OF_FILE) {
        if (!hasLines()) throw new PatchError(`Line ${line.number}: '${END_OF_FILE}' must follow the lines of a hunk.`);
        close(true);
      } else if (mark?.startsWith(MOVE_TO)) {
        throw new PatchError(`Line ${line.number}: '${MOVE_TO}' must come right after '*** Update File: ${path}'.`);
      } else if (mark) {
        break;
      } else if (text.trimStart().startsWith('@@')) {
        if (hasLines()) close(false);
        else lines = [];
        start ??= line;
        const anchor = text.trimStart().slice(2).replace(UNIFIED_RANGE, '').replace(/^ /, '');
        if (anchor.trim()) anchors.push(anchor);
      } else if (text.trim() === '' && !/^[ +-]/.test(text)) {
        // A blank line: context whose leading space was dropped, or a separator between hunks.
        if (start) lines.push({ kind: 'context', text: text.replace(/^[\t ]/, '') });
      } else if (text[0] === ' ' || text[0] === '-' || text[0] === '+') {
        start ??= line;
        lines.push({ kind: text[0] === ' ' ? 'context' : text[0] === '-' ? 'remove' : 'add', text: text.slice(1) });
      } else {
        throw new PatchError(
          `Line ${line.number} (in the update of ${path}): a hunk line must start with ' ' (unchanged), '-' (removed), '+' (added) or '@@', got ${quote(text)}. Start an unchanged line with a space.`,
        );
      }
      this.index++;
    }
    close(false);
    if (hunks.length === 0 && moveTo === undefined)
      throw new PatchError(
        `Line ${header.number}: '*** Update File: ${path}' has no changes; add a hunk ('@@', then context, '-' and '+' lines).`,
      );
    return { kind: 'update', path, moveTo, hunks };
  }
}
