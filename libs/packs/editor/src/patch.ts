// The V4A patch format GPT models are trained on:
//   *** Begin Patch
//   *** Update File: src/a.ts          (optionally followed by *** Move to: src/b.ts)
//   @@ function anchor()               (optional: a line to find before the hunk)
//    context line
//   -removed line
//   +added line
//   *** Add File: src/new.ts           (every line starts with +)
//   *** Delete File: src/old.ts
//   *** End Patch
// Hunks are located by their context and removed lines: exactly first, then ignoring trailing
// whitespace, then ignoring all surrounding whitespace.

export type PatchOperation =
  | { readonly kind: 'add'; readonly path: string; readonly content: string }
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'update'; readonly path: string; readonly moveTo?: string; readonly hunks: readonly Hunk[] };

export interface Hunk {
  readonly anchor?: string;
  readonly oldLines: readonly string[];
  readonly newLines: readonly string[];
}

export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
  }
}

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';

export function parsePatch(text: string): PatchOperation[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let i = lines.findIndex((l) => l.trim() !== '');
  if (i < 0 || lines[i].trim() !== BEGIN) throw new PatchError(`The patch must start with '${BEGIN}'.`);
  i++;
  const operations: PatchOperation[] = [];
  let ended = false;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === END) {
      ended = true;
      break;
    }
    const header = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line);
    if (!header) {
      if (line.trim() === '') {
        i++;
        continue;
      }
      throw new PatchError(`Line ${i + 1}: expected '*** Add File:', '*** Update File:', '*** Delete File:' or '${END}', got '${line.slice(0, 60)}'.`);
    }
    const [, kind, rawPath] = header;
    const path = rawPath.trim();
    i++;
    if (kind === 'Delete') {
      operations.push({ kind: 'delete', path });
      continue;
    }
    if (kind === 'Add') {
      const content: string[] = [];
      while (i < lines.length && !lines[i].startsWith('*** ')) {
        if (!lines[i].startsWith('+') && lines[i] !== '') throw new PatchError(`Line ${i + 1}: every line of an added file must start with '+'.`);
        if (lines[i] !== '' || (i + 1 < lines.length && !lines[i + 1].startsWith('*** '))) content.push(lines[i].slice(1));
        i++;
      }
      operations.push({ kind: 'add', path, content: content.length ? `${content.join('\n')}\n` : '' });
      continue;
    }
    let moveTo: string | undefined;
    const move = /^\*\*\* Move to: (.+)$/.exec(lines[i] ?? '');
    if (move) {
      moveTo = move[1].trim();
      i++;
    }
    const hunks: Hunk[] = [];
    let current: { anchor?: string; oldLines: string[]; newLines: string[] } | undefined;
    const flush = () => {
      if (current && (current.oldLines.length || current.newLines.length)) hunks.push(current);
      current = undefined;
    };
    while (i < lines.length && !/^\*\*\* (Add|Delete|Update) File: |^\*\*\* End Patch/.test(lines[i])) {
      const l = lines[i];
      if (l.startsWith('@@')) {
        flush();
        const anchor = l.slice(2).trim();
        current = { anchor: anchor || undefined, oldLines: [], newLines: [] };
      } else if (l === '*** End of File') {
        // Accepted and ignored: hunks are placed by their content.
      } else {
        current ??= { oldLines: [], newLines: [] };
        const body = l.slice(1);
        if (l.startsWith('+')) current.newLines.push(body);
        else if (l.startsWith('-')) current.oldLines.push(body);
        else if (l.startsWith(' ') || l === '') {
          // A blank line is context whose leading space the model dropped.
          current.oldLines.push(l === '' ? '' : body);
          current.newLines.push(l === '' ? '' : body);
        } else throw new PatchError(`Line ${i + 1}: a line in an update must start with ' ', '-', '+' or '@@', got '${l.slice(0, 60)}'.`);
      }
      i++;
    }
    flush();
    // Trailing blank context lines are usually the separator before the next header.
    for (const hunk of hunks) trimTrailingBlankContext(hunk as { oldLines: string[]; newLines: string[] });
    if (hunks.length === 0 && !moveTo) throw new PatchError(`'*** Update File: ${path}' has no changes.`);
    operations.push({ kind: 'update', path, moveTo, hunks });
  }
  if (!ended) throw new PatchError(`The patch must end with '${END}'.`);
  if (operations.length === 0) throw new PatchError('The patch changes no file.');
  return operations;
}

function trimTrailingBlankContext(hunk: { oldLines: string[]; newLines: string[] }): void {
  while (hunk.oldLines.length && hunk.newLines.length && hunk.oldLines.at(-1) === '' && hunk.newLines.at(-1) === '') {
    hunk.oldLines.pop();
    hunk.newLines.pop();
  }
}

/** Applies an update's hunks to a file's text; throws a PatchError that says which hunk failed. */
export function applyHunks(text: string, hunks: readonly Hunk[], path: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const endsWithNewline = text.endsWith('\n');
  const lines = text.split(/\r?\n/);
  if (endsWithNewline) lines.pop();
  let cursor = 0;
  hunks.forEach((hunk, index) => {
    if (hunk.anchor !== undefined) {
      const anchorAt = findLine(lines, hunk.anchor, cursor);
      if (anchorAt < 0) throw new PatchError(`${path}, hunk ${index + 1}: the anchor line '@@ ${hunk.anchor}' was not found. Read the file and use a line that exists.`);
      cursor = anchorAt + (hunk.oldLines.length ? 0 : 1);
    }
    if (hunk.oldLines.length === 0) {
      const at = hunk.anchor !== undefined ? cursor : lines.length;
      lines.splice(at, 0, ...hunk.newLines);
      cursor = at + hunk.newLines.length;
      return;
    }
    const at = findBlock(lines, hunk.oldLines, cursor);
    if (at < 0) {
      throw new PatchError(
        `${path}, hunk ${index + 1}: the lines to change were not found (first line: '${hunk.oldLines[0].slice(0, 80)}'). Read the file and make the context and '-' lines match it exactly.`,
      );
    }
    lines.splice(at, hunk.oldLines.length, ...hunk.newLines);
    cursor = at + hunk.newLines.length;
  });
  if (lines.length === 0) return '';
  return lines.join(eol) + (endsWithNewline || text === '' ? eol : '');
}

const NORMALIZERS: ((s: string) => string)[] = [(s) => s, (s) => s.trimEnd(), (s) => s.trim()];

function findBlock(lines: readonly string[], block: readonly string[], from: number): number {
  for (const normalize of NORMALIZERS) {
    const wanted = block.map(normalize);
    for (let start = from; start + wanted.length <= lines.length; start++) {
      if (wanted.every((w, k) => normalize(lines[start + k]) === w)) return start;
    }
  }
  return -1;
}

function findLine(lines: readonly string[], anchor: string, from: number): number {
  const wanted = anchor.trim();
  for (let i = from; i < lines.length; i++) if (lines[i].trim() === wanted || lines[i].includes(anchor)) return i;
  return -1;
}
