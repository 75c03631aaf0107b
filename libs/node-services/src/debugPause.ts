// What the Node debug service says about a stop: why the program paused (a breakpoint, a step, an
// exception caught or not) and, for an exception, its message and where it was thrown. Pure
// functions over the inspector's Debugger.paused data, apart from the session they describe.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExceptionInfo, PauseOnExceptions, SourceLocation } from '@toolpacks/services';
import { parseStackTrace } from './debugSupport';
import { formatRemoteObject, type CdpRemoteObject } from './remoteObjectFormat';

export interface CdpCallFrame {
  callFrameId: string;
  functionName: string;
  url: string;
  location: { scriptId: string; lineNumber: number; columnNumber: number };
  scopeChain: { type: string; name?: string; object: { objectId: string } }[];
}

/** The inspector's Debugger.paused event. */
export interface CdpPausedEvent {
  callFrames: CdpCallFrame[];
  reason: string;
  hitBreakpoints?: string[];
  /** For exceptions and promise rejections: the thrown value, with V8's `uncaught` prediction. */
  data?: CdpRemoteObject & { className?: string; uncaught?: boolean };
}

/** Turns a script URL into the path the model reads: workspace-relative inside the workspace. */
export type DisplayPath = (url: string) => string | undefined;

/** Why the program paused, in words (`breakpoint bp-1`, `entry`, `uncaught exception`, `step over`, …), and the exception if it was one. */
export function describePause(
  event: CdpPausedEvent,
  options: {
    /** Our breakpoint id for an inspector breakpoint id. */
    readonly breakpointId: (cdpId: string) => string | undefined;
    /** What the last resume was (`step over`, …): V8 calls a step's pause only "other". */
    readonly lastAction?: string;
    readonly pauseOnExceptions: PauseOnExceptions;
    readonly displayPath: DisplayPath;
  },
): { reason: string; exception?: ExceptionInfo } {
  const hit = event.hitBreakpoints?.map(options.breakpointId).filter(Boolean);
  if (hit?.length) return { reason: `breakpoint ${hit.join(', ')}` };
  if (event.reason === 'Break on start') return { reason: 'entry' };
  if (event.reason === 'exception' || event.reason === 'promiseRejection') {
    const exception = exceptionInfo(event.data, options.pauseOnExceptions, options.displayPath);
    const what = event.reason === 'promiseRejection' ? 'promise rejection' : 'exception';
    return { reason: `${exception.uncaught ? 'uncaught' : 'caught'} ${what}`, exception };
  }
  if (event.reason === 'other') return { reason: options.lastAction ?? 'debugger statement' };
  return { reason: event.reason };
}

/**
 * What the program paused on: its class, message and where it was thrown (from its stack trace).
 * Caught or not is V8's prediction (`data.uncaught`, for exceptions and promise rejections
 * alike); without it, only the 'uncaught' mode says so.
 */
export function exceptionInfo(
  data: CdpPausedEvent['data'],
  mode: PauseOnExceptions,
  displayPath: DisplayPath,
): ExceptionInfo {
  const isObject = data?.type === 'object' && data.subtype !== 'null';
  const description = isObject ? (data?.description ?? '') : '';
  const message = isObject
    ? description.split('\n')[0] || (data?.className ?? 'object')
    : data
      ? formatRemoteObject(data)
      : 'unknown';
  const thrownAt: SourceLocation[] = parseStackTrace(description)
    .filter((f) => !f.url.startsWith('node:'))
    .slice(0, 10)
    .map((f) => ({ name: f.name, path: displayPath(f.url), line: f.line, column: f.column }));
  return {
    ...(isObject && data?.className ? { className: data.className } : {}),
    message,
    uncaught: typeof data?.uncaught === 'boolean' ? data.uncaught : mode === 'uncaught',
    thrownAt,
  };
}

/** A script's URL or path as the model reads it: relative to `root` inside it (`relative` makes it so). */
export function displayPath(root: string, relative: (absolute: string) => string, url: string): string | undefined {
  if (!url) return undefined;
  let absolute = url;
  if (url.startsWith('file://'))
    try {
      absolute = fileURLToPath(url);
    } catch {
      return url;
    }
  return path.isAbsolute(absolute) && !path.relative(root, absolute).startsWith('..') ? relative(absolute) : absolute;
}

/** The last `count` lines of `text` (without a trailing newline). */
export function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}
