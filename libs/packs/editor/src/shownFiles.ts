// What a question shows of the files a call moves or deletes, read once: the same bytes give the
// text (or the type, size and hash of what is not text) and the receipt's state, so what the
// person saw is exactly what the write path later compares.
import { createHash } from 'node:crypto';
import { codeBlock, inertLine } from '@toolpacks/registry';
import { WorkspaceError } from '@toolpacks/services';
import type { ShownPath, ShownState, WorkspaceFileSystem } from '@toolpacks/services';
import { lineCount } from './lineText';
import { unifiedDiff } from './sensitiveWrites';

/** Past this size a file is not moved (the write path reads it whole to compare it; search it instead). */
const MAX_SHOWN_BYTES = 8 * 1024 * 1024;

/** A file as a question shows it. */
export interface ShownFile {
  readonly state: ShownState;
  readonly size: number;
  /** Its text, when it is UTF-8 text with no NUL byte. */
  readonly text?: string;
  /** Why it is not shown as text (a NUL byte at …, not UTF-8). */
  readonly binary?: string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file at `path` (a workspace path of a regular file), read once. */
export async function readShownFile(workspace: WorkspaceFileSystem, path: string): Promise<ShownFile> {
  const { bytes, size } = await workspace.readBytes(path, MAX_SHOWN_BYTES + 1);
  if (size > MAX_SHOWN_BYTES || bytes.length > MAX_SHOWN_BYTES)
    throw new WorkspaceError(
      `${path} is too large to move or delete with a question (${size} bytes, limit ${MAX_SHOWN_BYTES}); ask the user to do it.`,
    );
  const state: ShownState = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  const nul = bytes.indexOf(0);
  if (nul >= 0) return { state, size: bytes.length, binary: `binary: a NUL byte at offset ${nul}` };
  try {
    return { state, size: bytes.length, text: strictUtf8.decode(bytes) };
  } catch {
    return { state, size: bytes.length, binary: 'binary: not UTF-8 text' };
  }
}

/** "12 lines, 340 bytes" or "binary: a NUL byte at offset 4, 1,024 bytes, sha256 <hex>". */
export function describeShownFile(file: ShownFile): string {
  const bytes = `${file.size} byte${file.size === 1 ? '' : 's'}`;
  if (file.text === undefined) return `${file.binary}, ${bytes}, sha256 ${file.state.slice('sha256:'.length)}`;
  const lines = lineCount(file.text);
  return `${lines} line${lines === 1 ? '' : 's'}, ${bytes}`;
}

/**
 * The whole content of a file as it will be at `to` (a diff from nothing, every line), or, for a
 * file that is not text, its type, size and hash.
 */
export function shownContent(file: ShownFile, to: string, from?: string): string {
  if (file.text === undefined) return `${inertLine(to)}: ${describeShownFile(file)} (not shown as text).`;
  const diff = unifiedDiff({ path: to, after: file.text });
  return codeBlock(
    from === undefined ? diff : diff.replace(/^--- \/dev\/null/, `--- ${inertLine(`a/${from}`)}`),
    'diff',
  );
}

/**
 * Refuses a file that is not text onto a sensitive path: a person cannot check what a binary hook
 * or task would run, so no question can cover it.
 */
export function refuseBinaryOnto(file: ShownFile, from: string, to: string, reason: string | undefined): void {
  if (reason && file.text === undefined)
    throw new WorkspaceError(
      `${from} is not text (${describeShownFile(file)}), and ${to} is a sensitive path (${reason}); a file a person cannot read is never moved there. Nothing was moved. Write the file as text (create_file) so the user can check it, or ask the user to move it.`,
    );
}

/** What a folder moved or deleted shows: every entry, the sensitive files' content, and the receipt of it all. */
export interface ShownFolder {
  readonly files: number;
  readonly folders: number;
  /** One line per entry, every level down. */
  readonly listing: readonly string[];
  /** Each sensitive entry (where it is, or where it would go): its reason and content. */
  readonly sensitive: readonly string[];
  readonly receipt: { readonly paths: readonly ShownPath[] };
}

/**
 * A folder at `from`, deleted (`to` undefined) or moved to `to`: every entry listed, the content of
 * each sensitive one shown, a nested `.git` refused (a repository inside is never deleted or moved
 * with its parent).
 */
export async function showFolder(workspace: WorkspaceFileSystem, from: string, to?: string): Promise<ShownFolder> {
  const states = await workspace.shownStates(from);
  const moved = (path: string) => (to === undefined ? undefined : to + path.slice(from.length));
  const nested = [...states.keys()].find(
    (p) => p !== from && p.split('/').some((part) => part.toLowerCase() === '.git'),
  );
  if (nested)
    throw new WorkspaceError(
      `${from} holds git's own data (${nested}, a nested repository); a folder holding .git is never ${to === undefined ? 'deleted' : 'moved'} by a tool, confirmed or not. Nothing was changed. ${to === undefined ? 'Delete' : 'Move'} the other entries one by one, or ask the user to do it.`,
    );
  let files = 0;
  let folders = 0;
  const listing: string[] = [];
  const sensitive: string[] = [];
  const paths: ShownPath[] = [];
  for (const [path, state] of states) {
    const target = moved(path);
    paths.push({ path, before: state, after: 'absent' });
    if (target !== undefined) paths.push({ path: target, before: 'absent', after: state });
    if (path === from) continue;
    const reasons: string[] = [];
    for (const where of [path, target]) {
      const reason = where === undefined ? undefined : await workspace.sensitiveReason(where).catch(() => undefined);
      if (reason) reasons.push(reason);
    }
    if (state === 'folder') {
      folders++;
      listing.push(`- ${inertLine(path)}/`);
    } else if (state.startsWith('link:')) {
      files++;
      listing.push(`- ${inertLine(path)} (a symbolic link to ${inertLine(state.slice('link:'.length))})`);
    } else {
      files++;
      const file = reasons.length ? await readShownFile(workspace, path) : undefined;
      if (file && file.state !== state)
        throw new WorkspaceError(`${path} changed while the question was made; call the tool again.`);
      if (file && target !== undefined) refuseBinaryOnto(file, path, target, reasons.find(Boolean));
      // Every file with a hash of its bytes: a question made again over a changed file (the 2026
      // era's retry) differs from the one the person answered, so it is asked anew.
      listing.push(`- ${inertLine(path)} (${file ? `${describeShownFile(file)}, ` : ''}sha256 ${state.slice(7, 19)}…)`);
      if (file)
        sensitive.push(
          `${reasons.map((r) => inertLine(r)).join('\n')}\n\n${target === undefined ? shownRemoval(file, path) : shownContent(file, target, path)}`,
        );
      continue;
    }
    if (reasons.length) sensitive.push(reasons.map((r) => inertLine(r)).join('\n'));
  }
  return { files, folders, listing, sensitive, receipt: { paths } };
}

/** A deleted file's content (every line removed), or its type, size and hash. */
export function shownRemoval(file: ShownFile, path: string): string {
  if (file.text === undefined) return `${inertLine(path)}: ${describeShownFile(file)} (not shown as text).`;
  return codeBlock(unifiedDiff({ path, before: file.text }), 'diff');
}

/** A folder's entries for a question: all of them, one a line. */
export function listingText(folder: ShownFolder): string {
  return folder.listing.length ? folder.listing.join('\n') : '(it is empty)';
}
