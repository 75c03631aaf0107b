// One debuggee with the inspector attached, and what the inspector tells of it as it runs: the
// scripts it loads, where it pauses and why, when it resumes, which breakpoints bound to code.
import type { ExceptionInfo, PauseOnExceptions } from '@toolpacks/services';
import type { BreakpointBook } from './debugBreakpoints';
import { describePause, type CdpCallFrame, type CdpPausedEvent, type DisplayPath } from './debugPause';
import type { Debuggee } from './debuggee';
import type { InspectorClient } from './inspectorClient';

/** A debuggee with the inspector attached. */
export interface Session {
  readonly debuggee: Debuggee;
  readonly client: InspectorClient;
  readonly scriptUrls: Map<string, string>;
  callFrames?: CdpCallFrame[];
  pauseReason?: string;
  /** The exception the program is paused on. */
  exception?: ExceptionInfo;
  /** What the last resume was (`step over`, …): V8 calls a step's pause only "other". */
  lastAction?: string;
  /** Each script's source lines, read once (for the text of a stopped line). */
  readonly sources: Map<string, Promise<string[]>>;
  readonly pauseOnExceptions: PauseOnExceptions;
  /** The pause on the first line is internal unless the caller asked to stop on entry. */
  readonly reportEntry: boolean;
}

/** What the debug service does when the session pauses or resumes, and what a pause is described by. */
export interface SessionHooks {
  readonly breakpoints: BreakpointBook;
  readonly displayPath: DisplayPath;
  /** The program paused: the session's callFrames, pauseReason and exception say where and why. */
  readonly onPause: () => void;
  readonly onResume: () => void;
}

/** Keeps `session` up to date with the inspector's events, from now until its connection closes. */
export function followSession(session: Session, hooks: SessionHooks): void {
  const { client } = session;
  client.on('Debugger.scriptParsed', (p: { scriptId: string; url: string }) =>
    session.scriptUrls.set(p.scriptId, p.url),
  );
  client.on('Debugger.paused', (p: CdpPausedEvent) => {
    session.callFrames = p.callFrames;
    const pause = describePause(p, {
      breakpointId: (cdpId) => hooks.breakpoints.idOf(cdpId),
      lastAction: session.lastAction,
      pauseOnExceptions: session.pauseOnExceptions,
      displayPath: hooks.displayPath,
    });
    session.pauseReason = pause.reason;
    session.exception = pause.exception;
    session.lastAction = undefined;
    hooks.onPause();
  });
  client.on('Debugger.resumed', () => {
    session.callFrames = undefined;
    hooks.onResume();
  });
  client.on('Debugger.breakpointResolved', (p: { breakpointId: string; location?: { lineNumber: number } }) =>
    hooks.breakpoints.resolved(p.breakpointId, p.location && p.location.lineNumber + 1),
  );
  // With an inspector attached, node waits for it to disconnect after the program ends.
  client.on('Runtime.executionContextDestroyed', () => client.close());
}
