// The Node debug service's breakpoints: kept across sessions by our ids (bp-1, …), each set in the
// inspector by file URL when a session starts, bound (verified) once code was loaded for its line.
import type { BreakpointInfo } from '@toolpacks/services';

export interface BreakpointRecord {
  id: string;
  path: string;
  absolutePath: string;
  line: number;
  requestedLine?: number;
  condition?: string;
  /** The inspector's id, while a session has it set. */
  cdpId?: string;
  /**
   * Bound to code in the current session, or, once it ended, in the last one: a breakpoint of a
   * session that ended unbound was never hit (no code was loaded for its line).
   */
  verified: boolean;
}

export function toInfo(record: BreakpointRecord): BreakpointInfo {
  return {
    id: record.id,
    path: record.path,
    line: record.line,
    ...(record.condition ? { condition: record.condition } : {}),
    verified: record.verified,
    ...(record.requestedLine !== undefined ? { requestedLine: record.requestedLine } : {}),
  };
}

/** The debugger placed the breakpoint on `line`: keep the line asked for when it moved. */
export function landAt(record: BreakpointRecord, line: number): void {
  if (line === record.line) return;
  record.requestedLine ??= record.line;
  record.line = line;
  if (record.requestedLine === line) record.requestedLine = undefined;
}

/** The inspector's `urlRegex` for a file: its path, or its file URL. */
export function urlRegexFor(absolutePath: string): string {
  return `^(file://)?${absolutePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}
