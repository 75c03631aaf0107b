// The names the write path gives its own files (temp copies, backups, lock files): one prefix
// and suffix, so search and listings hide them all and the start-up sweep finds them.
import { randomBytes } from 'node:crypto';

export const TEMP_PREFIX = '.toolpacks-';
export const TEMP_SUFFIX = '.tmp';
/** For search exclusions: every temp or backup file of the write path matches it. */
export const TEMP_GLOB = `${TEMP_PREFIX}*${TEMP_SUFFIX}`;

/** True for the write path's own temp, backup and lock files (hidden from listings and search). */
export function isWritePathFile(name: string): boolean {
  return name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX);
}

/** A fresh temp name that carries this process's pid, so a sweep knows when its owner is gone. */
export function tempName(): string {
  return `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
}
