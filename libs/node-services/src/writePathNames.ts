// The names the write path gives its own files (temp copies, lock files). Each carries a proof that
// a toolpacks process of this user made it: a MAC under a secret key kept outside every workspace
// (~/.cache/toolpacks/temp-key). A repository cannot ship a file with such a name, so only provably
// ours is hidden from listings and search, and the start-up sweep removes nothing else.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, writeSync, closeSync, constants as C } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const TEMP_PREFIX = '.toolpacks-';
export const TEMP_SUFFIX = '.tmp';
/** The shape of every temp or lock name (a shape only: a repository's file may have it too). */
export const TEMP_GLOB = `${TEMP_PREFIX}*${TEMP_SUFFIX}`;

let key: Buffer | undefined;

/** Where the key lives: outside any workspace, per user. TOOLPACKS_TEMP_KEY_FILE overrides (tests). */
export function tempKeyFile(): string {
  if (process.env.TOOLPACKS_TEMP_KEY_FILE) return process.env.TOOLPACKS_TEMP_KEY_FILE;
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'toolpacks', 'temp-key');
}

/**
 * The key shared by this user's toolpacks processes (created once, mode 0600). When it cannot be
 * read or made, a key of this process alone: its temp names are still provable here, and what
 * other processes left is then never swept or hidden (never wrongly removed).
 */
function tempKey(): Buffer {
  if (key) return key;
  const file = tempKeyFile();
  const read = () => {
    const text = readFileSync(file, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : undefined;
  };
  try {
    key = read();
  } catch {
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const fd = openSync(file, C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o600);
      try {
        writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
      } finally {
        closeSync(fd);
      }
    } catch {
      // Another process made it meanwhile (read it), or the folder is not writable (fall back).
    }
    try {
      key = read();
    } catch {
      key = undefined;
    }
  }
  key ??= randomBytes(32);
  return key;
}

/** The key as hex, for the search worker's rules (IgnoreConfig.tempKey). */
export function tempKeyHex(): string {
  return tempKey().toString('hex');
}

/** What a name provably made by the write path is: a temp file (with its owner's pid) or a lock. */
export type OurTempName = { kind: 'temp'; pid: number } | { kind: 'lock' };

/**
 * Makes and checks the proof in our names. Self-contained (no imports, no outer names): the search
 * worker runs the same code from its source text (searchScanner.ts), so the two never disagree.
 */
export function createTempProof(hmac: (keyHex: string, text: string) => string, keyHex: string) {
  const temp = /^\.toolpacks-(\d+)-([0-9a-f]{12})-([0-9a-f]{16})\.tmp$/;
  const lock = /^\.toolpacks-lock-([0-9a-f]{16})-([0-9a-f]{16})\.tmp$/;
  const mac = (text: string) => hmac(keyHex, text).slice(0, 16);
  const parse = (name: string): { kind: 'temp'; pid: number } | { kind: 'lock' } | undefined => {
    const t = temp.exec(name);
    if (t) return t[3] === mac(`temp:${t[1]}-${t[2]}`) ? { kind: 'temp', pid: Number(t[1]) } : undefined;
    const l = lock.exec(name);
    if (l) return l[2] === mac(`lock:${l[1]}`) ? { kind: 'lock' } : undefined;
    return undefined;
  };
  return { mac, parse };
}

/** HMAC-SHA256 under a hex key, as hex. */
export function hmacHex(keyHex: string, text: string): string {
  return createHmac('sha256', Buffer.from(keyHex, 'hex')).update(text).digest('hex');
}

let proof: ReturnType<typeof createTempProof> | undefined;
const ours = () => (proof ??= createTempProof(hmacHex, tempKeyHex()));

/** A fresh temp name that carries this process's pid (a sweep knows when its owner is gone) and our proof. */
export function tempName(): string {
  return tempNameOf(process.pid, randomBytes(6).toString('hex'));
}

/** The temp name of process `pid` with `random` (12 hex digits): what tempName makes, for specs too. */
export function tempNameOf(pid: number, random: string): string {
  const id = `${pid}-${random}`;
  return `${TEMP_PREFIX}${id}-${ours().mac(`temp:${id}`)}${TEMP_SUFFIX}`;
}

/** The lock file name for `name`: the same in every process of this user, and provably ours. */
export function lockFileName(name: string): string {
  const id = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${TEMP_PREFIX}lock-${id}-${ours().mac(`lock:${id}`)}${TEMP_SUFFIX}`;
}

/** What `name` is when the write path provably made it; undefined for every other name. */
export function ourTempName(name: string): OurTempName | undefined {
  return ours().parse(name);
}

/** True only for the write path's own temp and lock files (hidden from listings and search). */
export function isWritePathFile(name: string): boolean {
  return name.startsWith(TEMP_PREFIX) && name.endsWith(TEMP_SUFFIX) && ourTempName(name) !== undefined;
}
