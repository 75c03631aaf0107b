// What an edit read, kept to prove right before the rename that nobody changed the file since:
// the open fd (same inode), size, mtime and ctime in nanoseconds, and a hash of the bytes.
import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { WorkspaceError } from '@toolpacks/services';
import { quote } from './quote';

/** Text files above this size are refused: search them instead of reading them whole. */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;

export interface Snapshot {
  readonly handle: FileHandle;
  readonly stat: BigIntStats;
  readonly bytes: Buffer;
  readonly hash: string;
}

export async function readAll(handle: FileHandle, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(Math.max(64 * 1024, Math.min(size - position + 1, 8 * 1024 * 1024)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
    if (position > MAX_TEXT_BYTES + 1) break;
  }
  return Buffer.concat(chunks);
}

export async function takeSnapshot(handle: FileHandle, input: string): Promise<Snapshot> {
  const stat = await handle.stat({ bigint: true });
  if (stat.size > BigInt(MAX_TEXT_BYTES)) throw tooLarge(input, Number(stat.size));
  const bytes = await readAll(handle, Number(stat.size));
  if (bytes.length > MAX_TEXT_BYTES) throw tooLarge(input, bytes.length);
  return { handle, stat, bytes, hash: hashOf(bytes) };
}

/** True when the file behind `handle` still has exactly the snapshot's size, times and bytes. */
export async function stillUnchanged(snapshot: Snapshot): Promise<boolean> {
  const now = await snapshot.handle.stat({ bigint: true });
  if (now.size !== snapshot.stat.size || now.mtimeNs !== snapshot.stat.mtimeNs || now.ctimeNs !== snapshot.stat.ctimeNs)
    return false;
  const bytes = await readAll(snapshot.handle, Number(now.size));
  return hashOf(bytes) === snapshot.hash;
}

export function hashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of a file for editing: refuses binary (a NUL anywhere) and bytes that are not valid
 * UTF-8, because decoding them would silently turn them into U+FFFD on the way back. A BOM stays
 * in the text (U+FEFF) and so is written back unchanged.
 */
export function decodeForEdit(bytes: Buffer, input: string): string {
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    throw new WorkspaceError(
      `File ${quote(input)} is binary (a NUL byte at offset ${nul}); it cannot be edited as text. Nothing was changed.`,
    );
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new WorkspaceError(
      `File ${quote(input)} contains bytes that are not valid UTF-8; editing it as text would corrupt ` +
        'them, so it was refused. Nothing was changed.',
    );
  }
}

export function tooLarge(input: string, size: number): WorkspaceError {
  const megabytes = (size / 1024 / 1024).toFixed(1);
  return new WorkspaceError(
    `File ${quote(input)} is too large to read (${megabytes} MB, limit ${MAX_TEXT_BYTES / 1024 / 1024} MB).`,
    'too-large',
    { path: input, size, limit: MAX_TEXT_BYTES },
  );
}
