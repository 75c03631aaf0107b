// Memory bounds for the child processes tools start (git, ripgrep, debuggees). Node cannot set a
// resource limit on a child it spawns, so the child starts through `/bin/sh -c 'ulimit -d …; exec
// "$0" "$@"'`: the shell sets RLIMIT_DATA and replaces itself with the command (same pid, same
// process group, arguments passed as positional parameters, never parsed by the shell).
// RLIMIT_DATA (Linux ≥ 4.7) counts a process's private writable memory — malloc, V8's committed
// heap, array buffers, thread stacks — but not read-only file mappings such as git's packs or
// ripgrep's mmap'd files, and not reserved-but-unused address space, so it bounds what a runaway
// child can take without breaking a large repository or Node's address-space reservations. A child
// over its bound gets allocation failures (git: "fatal: Out of memory", ripgrep: "memory allocation
// of N bytes failed", Node: "Array buffer allocation failed"); whatever it starts inherits the bound.

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

/** Where the script finds the bound (KiB); unset again before the command runs. */
const LIMIT_VARIABLE = 'TOOLPACKS_DATA_LIMIT_KB';

// Soft and hard limit both: nothing the command starts (a hook, a debuggee's children) can raise it.
// `ulimit` fails only when the hard limit already in force is lower than ours, which bounds the
// child more tightly than we would: the command runs under that one then.
const LIMIT_SCRIPT = `ulimit -d "$${LIMIT_VARIABLE}" 2>/dev/null; unset ${LIMIT_VARIABLE}; exec "$0" "$@"`;

/** True where the bound can be applied (a POSIX shell with `ulimit -d`). */
export const MEMORY_LIMITS_APPLY = process.platform !== 'win32';

/**
 * `command args…` wrapped so that it runs with at most `limitBytes` of private writable memory.
 * The limit travels in the environment (`env` is the child's and gets the variable, which the
 * script removes before the command starts), so no part of the script is built from input. Where
 * there is no POSIX shell (Windows), or with no positive finite limit, the command is returned as it is.
 */
export function withMemoryLimit(
  command: string,
  args: readonly string[],
  limitBytes: number,
  env: Record<string, string | undefined>,
): LimitedCommand {
  if (!MEMORY_LIMITS_APPLY || !Number.isFinite(limitBytes) || limitBytes <= 0) return { command, args };
  env[LIMIT_VARIABLE] = String(Math.max(1, Math.floor(limitBytes / 1024)));
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
 * The wrapper could not start the command (not found, not executable): `/bin/sh`'s own words, as
 * spawn's ENOENT would have said before. Undefined when the command ran.
 */
export function wrapperExecFailure(code: number | null, stderr: string): string | undefined {
  if (code !== 126 && code !== 127) return undefined;
  // dash: `git: 1: exec: git: not found`; bash: `sh: line 1: exec: git: not found`.
  const match = /(?:^|: )exec: (.+: (?:not found|permission denied|no such file or directory))$/im.exec(stderr);
  return match ? match[1] : undefined;
}
