// Memory bounds for the child processes tools start (git, ripgrep, debuggees). Node cannot set a
// resource limit on a child it spawns, so the child starts through util-linux's `prlimit --data=N:N
// -- command args…`, which sets RLIMIT_DATA and execs the command (same pid, same process group,
// arguments passed as they are, no shell). prlimit is part of util-linux, which every Debian-based
// machine has (it is Essential); where it is missing the child starts through `/bin/sh -c 'ulimit -d
// …; exec "$0" "$@"'` instead (the same bound, the arguments positional parameters, never parsed).
// RLIMIT_DATA (Linux ≥ 4.7) counts a process's private writable memory — malloc, V8's committed
// heap, array buffers, thread stacks — but not read-only file mappings such as git's packs or
// ripgrep's mmap'd files, and not reserved-but-unused address space, so it bounds what a runaway
// child can take without breaking a large repository or Node's address-space reservations. A child
// over its bound gets allocation failures (git: "fatal: Out of memory", ripgrep: "memory allocation
// of N bytes failed", Node: "Array buffer allocation failed"); whatever it starts inherits the bound.
import { existsSync, readFileSync } from 'node:fs';

/** Default bounds, in bytes: generous for real work, far below what takes a machine down. */
export const DEFAULT_MEMORY_LIMITS = {
  git: 2 * 1024 ** 3,
  ripgrep: 2 * 1024 ** 3,
  debuggee: 4 * 1024 ** 3,
} as const;

export interface LimitedCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** Where the fallback script finds the bound (KiB); unset again before the command runs. */
const LIMIT_VARIABLE = 'TOOLPACKS_DATA_LIMIT_KB';

// Soft and hard limit both: nothing the command starts (a hook, a debuggee's children) can raise it.
// `ulimit` fails only when the hard limit already in force is lower than ours, which bounds the
// child more tightly than we would: the command runs under that one then.
const LIMIT_SCRIPT = `ulimit -d "$${LIMIT_VARIABLE}" 2>/dev/null; unset ${LIMIT_VARIABLE}; exec "$0" "$@"`;

/** True where the bound can be applied (prlimit, or a POSIX shell with `ulimit -d`). */
export const MEMORY_LIMITS_APPLY = process.platform !== 'win32';

/** util-linux's prlimit at its fixed places (not looked up on PATH, which the workspace's user may set). */
const PRLIMIT = MEMORY_LIMITS_APPLY ? ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => existsSync(file)) : undefined;

/**
 * The hard RLIMIT_DATA this process runs under (bytes; Infinity: none), read once from /proc. A
 * child cannot be given more (prlimit would fail without starting it), so a lower one in force is
 * the child's bound, as with the shell's `ulimit`.
 */
const hardDataLimit: number = (() => {
  try {
    const line = /^Max data size\s+\S+\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line && /^\d+$/.test(line[1]) ? Number(line[1]) : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
})();

/**
 * `command args…` wrapped so that it runs with at most `limitBytes` of private writable memory:
 * `prlimit --data=N:N -- command args…` (no shell). Without prlimit the shell fallback is used: the
 * limit then travels in the environment (`env` is the child's and gets the variable, which the
 * script removes before the command starts), so no part of the script is built from input. Where
 * neither applies (Windows), or with no positive finite limit, the command is returned as it is.
 */
export function withMemoryLimit(
  command: string,
  args: readonly string[],
  limitBytes: number,
  env: Record<string, string | undefined>,
): LimitedCommand {
  if (!MEMORY_LIMITS_APPLY || !Number.isFinite(limitBytes) || limitBytes <= 0) return { command, args };
  // Whole KiB, as `ulimit -d` sets it: the same bound whichever wrapper applies it.
  const kib = Math.max(1, Math.floor(limitBytes / 1024));
  if (PRLIMIT) {
    const bytes = Math.min(kib * 1024, hardDataLimit);
    return { command: PRLIMIT, args: [`--data=${bytes}:${bytes}`, '--', command, ...args] };
  }
  env[LIMIT_VARIABLE] = String(kib);
  return { command: '/bin/sh', args: ['-c', LIMIT_SCRIPT, command, ...args] };
}

/**
 * An allocation failed, by the words of git (xmalloc and friends, a thread it could not start),
 * ripgrep (Rust's allocation failure abort) or Node (V8's fatal out-of-memory, a failed array
 * buffer). Anchored at line starts so that a path or revision quoted in another error does not match.
 */
const OUT_OF_MEMORY =
  /^(?:(?:fatal|error): (?:out of memory|unable to create thread|.*: cannot allocate memory$)|memory allocation of \d+ bytes failed|fatal error: .*out of memory|# fatal process out of memory|rangeerror: array buffer allocation failed)/im;

/** Whether a child's stderr says it ran out of memory (its bound, or the machine's). */
export function ranOutOfMemory(stderr: string): boolean {
  return OUT_OF_MEMORY.test(stderr);
}

/** 2147483648 → "2 GiB", 67108864 → "64 MiB": how a bound is named to the model. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * What the model is told when `what` (git, ripgrep) ran out of memory: its bound when one applied,
 * and what to do about it.
 */
export function outOfMemoryMessage(what: string, limitBytes: number | undefined, advice: string): string {
  const bound =
    MEMORY_LIMITS_APPLY && limitBytes !== undefined && Number.isFinite(limitBytes) && limitBytes > 0
      ? ` of its memory bound of ${formatBytes(limitBytes)}`
      : ' of memory';
  return `${what} ran out${bound} and was stopped. ${advice}`;
}

/**
 * The wrapper could not start the command (not found, not executable), in the words spawn's ENOENT
 * would have used before: `/bin/sh`'s (dash: `git: 1: exec: git: not found`; bash: `sh: line 1:
 * exec: git: not found`) or prlimit's (`prlimit: failed to execute git: No such file or directory`).
 * Undefined when the command ran.
 */
export function wrapperExecFailure(code: number | null, stderr: string): string | undefined {
  if (code !== 126 && code !== 127) return undefined;
  const prlimit = /^prlimit: failed to execute (.+): (No such file or directory|Permission denied)$/m.exec(stderr);
  if (prlimit) return `${prlimit[1]}: ${prlimit[2] === 'Permission denied' ? 'permission denied' : 'not found'}`;
  const match = /(?:^|: )exec: (.+: (?:not found|permission denied|no such file or directory))$/im.exec(stderr);
  return match ? match[1] : undefined;
}
