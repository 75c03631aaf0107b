// For tests: which processes are alive now, read from /proc (Linux). A spec names what it
// started by a marker in the command line (its temporary folder) or by process group, and after
// each scenario asserts that none survive. Zombies count as gone: they have already exited.
import { readdirSync, readFileSync } from 'node:fs';

export interface CensusQuery {
  /** Processes whose command line contains this text. */
  readonly marker?: string;
  /** Processes in this process group. */
  readonly group?: number;
  /**
   * These processes, while alive. An exiting process loses its command line before it is a
   * zombie, so a marker alone can miss one that is still dying.
   */
  readonly pids?: readonly number[];
}

export interface LiveProcess {
  readonly pid: number;
  readonly group: number;
  readonly commandLine: string;
}

/** Live (not zombie) processes matching any part of the query, this process excluded. */
export function liveProcesses(query: CensusQuery): LiveProcess[] {
  const found: LiveProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let stat: string;
    let commandLine: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      continue; // exited while we looked
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') continue;
    const matches =
      (query.marker !== undefined && commandLine.includes(query.marker)) ||
      (query.group !== undefined && Number(group) === query.group) ||
      query.pids?.includes(pid) === true;
    if (matches) found.push({ pid, group: Number(group), commandLine });
  }
  return found;
}

/** Test cleanup: SIGKILLs whatever still matches, so one failed test leaves nothing running. */
export function killLiveProcesses(query: CensusQuery): void {
  for (const p of liveProcesses(query)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** True while `pid` is a live (not zombie) process. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/**
 * Polls (a bounded number of times) until nothing matches, and returns what is still alive at the
 * end: a kill is delivered asynchronously, so a survivor is one that outlasts every attempt.
 */
export async function survivors(query: CensusQuery, attempts = 50, intervalMs = 100): Promise<LiveProcess[]> {
  let alive = liveProcesses(query);
  for (let i = 0; i < attempts && alive.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    alive = liveProcesses(query);
  }
  return alive;
}
