// The Node debug service's breakpoints: kept across sessions by our ids (bp-1, …), each set in the
// inspector by file URL when a session starts, bound (verified) once code was loaded for its line.
import { WorkspaceError, type BreakpointInfo, type WorkspaceFileSystem } from '@toolpacks/services';
import { breakpointLine, DebugErrors } from './debugSupport';

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

/** What the book needs of the inspector: the one call that sets or removes a breakpoint. */
export interface BreakpointInspector {
  send<T = unknown>(method: string, params?: object): Promise<T>;
}

/**
 * The breakpoints of one debug service, by our ids, across sessions: checked against the file when
 * set (past the end refused, a blank or comment line moved to the next statement), set in the
 * inspector of the session running now (if any), unbound when it ends.
 */
export class BreakpointBook {
  private readonly records = new Map<string, BreakpointRecord>();
  private next = 1;

  constructor(private readonly workspace: WorkspaceFileSystem) {}

  /** Sets a breakpoint (replacing one on the same line), in `inspector` too when a session runs. */
  async add(
    options: { path: string; line: number; condition?: string },
    inspector?: BreakpointInspector,
  ): Promise<BreakpointInfo> {
    if (!Number.isInteger(options.line) || options.line < 1)
      throw new WorkspaceError('line must be a whole number, 1 or more.');
    const absolutePath = await this.workspace.resolve(options.path);
    if ((await this.workspace.stat(absolutePath))?.type !== 'file')
      throw new WorkspaceError(`File '${options.path}' does not exist.`);
    const relative = this.workspace.relative(absolutePath);
    const line = breakpointLine(await this.workspace.readText(absolutePath), options.line, relative);
    const existing = [...this.records.values()].find((b) => b.absolutePath === absolutePath && b.line === line);
    if (existing) await this.remove(existing.id, inspector);
    const record: BreakpointRecord = {
      id: `bp-${this.next++}`,
      path: relative,
      absolutePath,
      line,
      ...(line !== options.line ? { requestedLine: options.line } : {}),
      condition: options.condition || undefined,
      verified: false,
    };
    this.records.set(record.id, record);
    if (inspector) await this.apply(record, inspector);
    return toInfo(record);
  }

  /** Removes a breakpoint by id (from the running session's inspector too); an unknown id is an error. */
  async remove(id: string, inspector?: BreakpointInspector): Promise<void> {
    const record = this.records.get(id);
    if (!record) throw DebugErrors.noBreakpoint(id);
    this.records.delete(id);
    if (inspector && record.cdpId)
      await inspector.send('Debugger.removeBreakpoint', { breakpointId: record.cdpId }).catch(() => undefined);
  }

  list(): readonly BreakpointInfo[] {
    return [...this.records.values()].map(toInfo);
  }

  /** Sets every breakpoint in a session's inspector before its program runs. */
  async applyAll(inspector: BreakpointInspector): Promise<void> {
    for (const record of this.records.values()) await this.apply(record, inspector);
  }

  /** Our id for the inspector's breakpoint id. */
  idOf(cdpId: string): string | undefined {
    return [...this.records.values()].find((b) => b.cdpId === cdpId)?.id;
  }

  /** The inspector bound its breakpoint to code (on `line`, 1-based, when it says where). */
  resolved(cdpId: string, line?: number): void {
    for (const record of this.records.values())
      if (record.cdpId === cdpId) {
        record.verified = true;
        if (line !== undefined) landAt(record, line);
      }
  }

  /** The session ended: `verified` stays as it left it (unbound now means never hit). */
  unbindAll(): void {
    for (const record of this.records.values()) record.cdpId = undefined;
  }

  private async apply(record: BreakpointRecord, inspector: BreakpointInspector): Promise<void> {
    const result = await inspector.send<{ breakpointId: string; locations: { lineNumber: number }[] }>(
      'Debugger.setBreakpointByUrl',
      { urlRegex: urlRegexFor(record.absolutePath), lineNumber: record.line - 1, condition: record.condition ?? '' },
    );
    record.cdpId = result.breakpointId;
    record.verified = result.locations.length > 0;
    if (result.locations.length) landAt(record, result.locations[0].lineNumber + 1);
  }
}
