// Debugging a real Node program through the inspector protocol: the debuggee runs under
// `node --inspect-brk=127.0.0.1:0` in a process group of its own, with a memory bound and an
// inspector address nobody else is told (debuggee.ts), breakpoints are
// set by file URL before it starts, and every call that needs a stopped program says so when it
// is not.
//
// Lifecycle rules: starts are serialized (a second start waits for the first to finish, then
// ends its session and starts anew); the state is 'running' from spawn, 'stopped' at a pause and
// 'inactive' only once the process has exited; a start that is cancelled, times out or cannot
// attach kills the whole group and says so; stop() and dispose() end every debuggee.
import { Emitter, type CancellationToken } from '@toolpacks/base';
import {
  WorkspaceError,
  type BreakpointInfo,
  type DebugService,
  type DebugStartOptions,
  type DebugState,
  type DebugStatus,
  type ExceptionInfo,
  type PauseOnExceptions,
  type ScopeInfo,
  type StackFrameInfo,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { Debuggee } from './debuggee';
import { formatRemoteObject, type CdpRemoteObject } from './remoteObjectFormat';
import {
  breakpointLine,
  checkEnv,
  checkRuntimeArgs,
  DebugErrors,
  frameAt,
  StopWaiters,
  throwIfCancelled,
} from './debugSupport';
import { landAt, toInfo, urlRegexFor, type BreakpointRecord } from './debugBreakpoints';
import { describePause, displayPath, lastLines, type CdpCallFrame, type CdpPausedEvent } from './debugPause';
import { ProgramOutput, readScopes, toFrameInfo, withLineText } from './debugFrames';
import { InspectorClient } from './inspectorClient';
import { SerialQueue } from './serialQueue';

export { formatRemoteObject } from './remoteObjectFormat';

export interface NodeDebugOptions {
  /** How long start/continue/step wait for the program to stop before answering "running" (default 10 s). */
  readonly stopWaitMs?: number;
  /** The node binary for debuggees (default: the one running this process). */
  readonly node?: string;
  /** Bytes of private memory a debuggee may take (default DEFAULT_MEMORY_LIMITS.debuggee, 4 GiB); past it, allocation fails. */
  readonly memoryLimitBytes?: number;
}

/** A debuggee with the inspector attached. */
interface Session {
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

const STDERR_TAIL_LINES = 20;
const PAUSE_MODES: readonly PauseOnExceptions[] = ['none', 'uncaught', 'all'];

export class NodeDebugService implements DebugService {
  /** The debuggee the state describes: set from spawn until its exit. */
  private current?: Debuggee;
  /** Set once `current` has the inspector attached. */
  private session?: Session;
  /** Every debuggee not yet exited (an ended session's may still be dying). */
  private readonly debuggees = new Set<Debuggee>();
  private readonly starts = new SerialQueue();
  private disposed = false;
  private readonly breakpoints = new Map<string, BreakpointRecord>();
  private nextBreakpoint = 1;
  private _state: DebugState = 'inactive';
  private readonly output = new ProgramOutput();
  private lastExitCode?: number | null;
  private lastCrashed = false;
  private readonly stops = new StopWaiters();
  private readonly stopWaitMs: number;
  private readonly node: string;
  private readonly memoryLimitBytes?: number;
  private readonly stateEmitter = new Emitter<DebugState>();
  readonly onDidChangeState = this.stateEmitter.event;

  constructor(
    private readonly workspace: WorkspaceFileSystem,
    options: NodeDebugOptions = {},
  ) {
    this.stopWaitMs = options.stopWaitMs ?? 10_000;
    this.node = options.node ?? process.execPath;
    this.memoryLimitBytes = options.memoryLimitBytes;
  }

  get state(): DebugState {
    return this._state;
  }

  /** Serialized: a start waits for the one before it (and then ends its session). */
  start(options: DebugStartOptions, token?: CancellationToken): Promise<DebugStatus> {
    return this.starts.run(() => this.startNow(options, token), token, DebugErrors.startCancelled);
  }

  private async startNow(options: DebugStartOptions, token?: CancellationToken): Promise<DebugStatus> {
    if (this.disposed) throw DebugErrors.disposed();
    const program = await this.workspace.resolve(options.program);
    const stat = await this.workspace.stat(program);
    if (stat?.type !== 'file') throw DebugErrors.noProgram(options.program);
    let cwd = this.workspace.root;
    if (options.cwd !== undefined && options.cwd !== '') {
      cwd = await this.workspace.resolve(options.cwd);
      if ((await this.workspace.stat(cwd))?.type !== 'directory') throw DebugErrors.cwdNotFolder(options.cwd);
    }
    checkEnv(options.env ?? {});
    checkRuntimeArgs(options.runtimeArgs ?? []);
    const pauseOnExceptions = options.pauseOnExceptions ?? 'uncaught';
    if (!PAUSE_MODES.includes(pauseOnExceptions))
      throw new WorkspaceError(`pauseOnExceptions must be one of ${PAUSE_MODES.join(', ')}.`);
    throwIfCancelled(token, DebugErrors.startCancelled);
    await this.stop();
    throwIfCancelled(token, DebugErrors.startCancelled);
    if (this.disposed) throw DebugErrors.disposed();
    this.output.clear();
    this.lastExitCode = undefined;
    this.lastCrashed = false;

    const debuggee = new Debuggee({
      node: this.node,
      program,
      args: options.args ?? [],
      cwd,
      env: options.env,
      runtimeArgs: options.runtimeArgs,
      memoryLimitBytes: this.memoryLimitBytes,
      onOutput: (text, stream) => this.current === debuggee && this.output.append(text, stream),
    });
    this.current = debuggee;
    this.debuggees.add(debuggee);
    void debuggee.exited.then(() => this.onExit(debuggee));
    if (debuggee.pid !== undefined) this.setState('running');
    const cancellation = token?.onCancellationRequested(() => debuggee.kill('cancelled'));
    let outcome: { status: DebugStatus } | { error: unknown };
    try {
      outcome = {
        status: await this.attachAndRun(debuggee, options.stopOnEntry === true, pauseOnExceptions, token),
      };
    } catch (error) {
      outcome = { error };
    } finally {
      cancellation?.dispose();
    }
    // Whatever the start reached, an interruption wins: it ended the program, so say that.
    const reason = debuggee.killReason;
    if (reason === 'cancelled' || reason === 'disposed') {
      await debuggee.exited;
      throw reason === 'cancelled' ? DebugErrors.startCancelled() : DebugErrors.disposed();
    }
    if ('status' in outcome) return outcome.status;
    debuggee.kill('failed');
    await debuggee.exited;
    if (reason === 'stopped') return this.status(); // stop() during the start: it ended, as asked
    const error = outcome.error;
    throw error instanceof WorkspaceError ? error : DebugErrors.startFailed((error as Error)?.message ?? String(error));
  }

  /** Attaches the inspector, sets the breakpoints and lets the program run to its first stop. */
  private async attachAndRun(
    debuggee: Debuggee,
    reportEntry: boolean,
    pauseOnExceptions: PauseOnExceptions,
    token?: CancellationToken,
  ): Promise<DebugStatus> {
    const url = await debuggee.inspectorUrl;
    let client: InspectorClient;
    try {
      client = await InspectorClient.connect(url, { token });
    } catch (error) {
      throw DebugErrors.noInspector((error as Error).message);
    }
    if (debuggee.hasExited || debuggee.killReason) {
      client.close();
      throw new Error('the program ended while the debugger attached');
    }
    const session: Session = {
      debuggee,
      client,
      scriptUrls: new Map(),
      reportEntry,
      sources: new Map(),
      pauseOnExceptions,
    };
    this.session = session;

    client.on('Debugger.scriptParsed', (p: { scriptId: string; url: string }) =>
      session.scriptUrls.set(p.scriptId, p.url),
    );
    client.on('Debugger.paused', (p: CdpPausedEvent) => {
      session.callFrames = p.callFrames;
      const pause = describePause(p, {
        breakpointId: (cdpId) => [...this.breakpoints.values()].find((b) => b.cdpId === cdpId)?.id,
        lastAction: session.lastAction,
        pauseOnExceptions,
        displayPath: (url) => this.displayPath(url),
      });
      session.pauseReason = pause.reason;
      session.exception = pause.exception;
      session.lastAction = undefined;
      if (this.session === session && (session.pauseReason !== 'entry' || session.reportEntry))
        this.setState('stopped');
      this.stops.notify();
    });
    client.on('Debugger.resumed', () => {
      session.callFrames = undefined;
      if (this.session === session) this.setState('running');
    });
    client.on('Debugger.breakpointResolved', (p: { breakpointId: string; location?: { lineNumber: number } }) => {
      for (const bp of this.breakpoints.values())
        if (bp.cdpId === p.breakpointId) {
          bp.verified = true;
          if (p.location) landAt(bp, p.location.lineNumber + 1);
        }
    });
    // With an inspector attached, node waits for it to disconnect after the program ends.
    client.on('Runtime.executionContextDestroyed', () => client.close());

    await client.send('Runtime.enable');
    await client.send('Debugger.enable');
    await client.send('Debugger.setPauseOnExceptions', { state: pauseOnExceptions });
    for (const bp of this.breakpoints.values()) await this.applyBreakpoint(bp);
    const entry = this.stops.next(this.stopWaitMs, token);
    await client.send('Runtime.runIfWaitingForDebugger');
    await entry;
    if (session.pauseReason === 'entry' && !session.reportEntry && this.session === session)
      return this.resumeAndWait(() => client.send('Debugger.resume'), token);
    return this.status();
  }

  async setBreakpoint(options: { path: string; line: number; condition?: string }): Promise<BreakpointInfo> {
    if (!Number.isInteger(options.line) || options.line < 1)
      throw new WorkspaceError('line must be a whole number, 1 or more.');
    const absolutePath = await this.workspace.resolve(options.path);
    if ((await this.workspace.stat(absolutePath))?.type !== 'file')
      throw new WorkspaceError(`File '${options.path}' does not exist.`);
    const relative = this.workspace.relative(absolutePath);
    const line = breakpointLine(await this.workspace.readText(absolutePath), options.line, relative);
    const existing = [...this.breakpoints.values()].find((b) => b.absolutePath === absolutePath && b.line === line);
    if (existing) await this.removeBreakpoint(existing.id);
    const record: BreakpointRecord = {
      id: `bp-${this.nextBreakpoint++}`,
      path: relative,
      absolutePath,
      line,
      ...(line !== options.line ? { requestedLine: options.line } : {}),
      condition: options.condition || undefined,
      verified: false,
    };
    this.breakpoints.set(record.id, record);
    if (this.session) await this.applyBreakpoint(record);
    return toInfo(record);
  }

  async removeBreakpoint(id: string): Promise<void> {
    const record = this.breakpoints.get(id);
    if (!record) throw DebugErrors.noBreakpoint(id);
    this.breakpoints.delete(id);
    if (this.session && record.cdpId)
      await this.session.client
        .send('Debugger.removeBreakpoint', { breakpointId: record.cdpId })
        .catch(() => undefined);
  }

  listBreakpoints(): readonly BreakpointInfo[] {
    return [...this.breakpoints.values()].map(toInfo);
  }

  async callStack(): Promise<readonly StackFrameInfo[]> {
    const frames = this.stoppedFrames();
    return Promise.all(frames.map((frame, index) => this.toFrameWithText(frame, index)));
  }

  pausedException(): ExceptionInfo | undefined {
    return this._state === 'stopped' ? this.session?.exception : undefined;
  }

  async variables(frameIndex: number): Promise<readonly ScopeInfo[]> {
    const frame = this.frameAt(frameIndex);
    return readScopes(this.session!.client, frame);
  }

  async evaluate(expression: string, frameIndex: number): Promise<string> {
    if (typeof expression !== 'string' || expression.trim() === '')
      throw new WorkspaceError('An expression is required.');
    const frame = this.frameAt(frameIndex);
    const session = this.session!;
    let response: { result: CdpRemoteObject; exceptionDetails?: { exception?: CdpRemoteObject; text: string } };
    try {
      response = await session.client.send('Debugger.evaluateOnCallFrame', {
        callFrameId: frame.callFrameId,
        expression,
        generatePreview: true,
        timeout: 5_000,
      });
    } catch (error) {
      // The connection closed under the evaluation: the program ended (process.exit) or was stopped.
      const debuggee = session.debuggee;
      const ended = await Promise.race([
        debuggee.exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
      ]);
      if (!ended) throw new WorkspaceError(`Evaluating \`${expression}\` failed: ${(error as Error).message}`);
      const status = await this.status();
      const how = debuggee.killReason
        ? 'was stopped'
        : `exited (code ${debuggee.exitCode ?? 'none: a signal ended it'})`;
      const output = status.output.trimEnd();
      return `The program ${how} while evaluating \`${expression}\`; the debug session has ended.${output ? `\nProgram output:\n${output}` : ''}`;
    }
    if (response.exceptionDetails) {
      const thrown = response.exceptionDetails.exception
        ? formatRemoteObject(response.exceptionDetails.exception)
        : response.exceptionDetails.text;
      throw new WorkspaceError(`Evaluating \`${expression}\` threw: ${thrown}`);
    }
    return formatRemoteObject(response.result);
  }

  /**
   * Cancelled (or timed out), continue and step stop waiting and leave the program as it is: it
   * keeps running, the state says so, and stop_debugging ends it.
   */
  async continue(token?: CancellationToken): Promise<DebugStatus> {
    const session = this.requireSession();
    throwIfCancelled(token);
    if (this._state === 'running') return this.waitAndReport(token);
    session.lastAction = undefined;
    return this.resumeAndWait(() => session.client.send('Debugger.resume'), token);
  }

  async step(kind: 'over' | 'into' | 'out', token?: CancellationToken): Promise<DebugStatus> {
    const session = this.requireSession();
    this.stoppedFrames();
    const method = { over: 'Debugger.stepOver', into: 'Debugger.stepInto', out: 'Debugger.stepOut' }[kind];
    if (!method) throw new WorkspaceError(`Unknown step '${kind}'; use over, into or out.`);
    throwIfCancelled(token);
    const before = session.callFrames?.[0];
    const from = before && {
      scriptId: before.location.scriptId,
      line: before.location.lineNumber,
      id: before.callFrameId,
    };
    session.lastAction = `step ${kind}`;
    const status = await this.resumeAndWait(() => session.client.send(method), token);
    const after = session.callFrames?.[0];
    if (
      status.state === 'stopped' &&
      status.reason === `step ${kind}` &&
      from &&
      after &&
      after.location.scriptId === from.scriptId &&
      after.location.lineNumber === from.line
    )
      return { ...status, reason: `step ${kind}; still on line ${from.line + 1}, which has more to run` };
    return status;
  }

  /** Ends every debuggee (a starting one too) and returns once all have exited. */
  async stop(): Promise<DebugStatus> {
    const ending = [...this.debuggees];
    for (const debuggee of ending) debuggee.kill('stopped');
    this.session?.client.close();
    await Promise.all(ending.map((d) => d.exited));
    return this.status();
  }

  /** Kills every debuggee's process group now (synchronously) and refuses later starts: hosts call it on shutdown. */
  dispose(): void {
    this.disposed = true;
    for (const debuggee of this.debuggees) debuggee.kill('disposed');
    this.session?.client.close();
  }

  private async resumeAndWait(resume: () => Promise<unknown>, token?: CancellationToken): Promise<DebugStatus> {
    const stopped = this.stops.next(this.stopWaitMs, token);
    await resume();
    await stopped;
    return this.status();
  }

  private async waitAndReport(token?: CancellationToken): Promise<DebugStatus> {
    await this.stops.next(this.stopWaitMs, token);
    return this.status();
  }

  private async status(): Promise<DebugStatus> {
    const { output, outputOmitted } = this.output.take();
    const common = { output, ...(outputOmitted ? { outputOmitted } : {}) };
    if (!this.current) {
      const stderrTail = this.lastCrashed ? lastLines(this.output.stderrTail, STDERR_TAIL_LINES) : '';
      return { state: 'inactive', exitCode: this.lastExitCode, ...(stderrTail ? { stderrTail } : {}), ...common };
    }
    const session = this.session;
    if (this._state === 'stopped' && session?.callFrames?.length) {
      const [top] = this.stoppedFrames();
      return {
        state: 'stopped',
        reason: session.pauseReason,
        frame: await this.toFrameWithText(top, 0),
        ...(session.exception ? { exception: session.exception } : {}),
        ...common,
      };
    }
    return { state: this._state, ...common };
  }

  private async applyBreakpoint(record: BreakpointRecord): Promise<void> {
    const session = this.session!;
    const result = await session.client.send<{ breakpointId: string; locations: { lineNumber: number }[] }>(
      'Debugger.setBreakpointByUrl',
      {
        urlRegex: urlRegexFor(record.absolutePath),
        lineNumber: record.line - 1,
        condition: record.condition ?? '',
      },
    );
    record.cdpId = result.breakpointId;
    record.verified = result.locations.length > 0;
    if (result.locations.length) landAt(record, result.locations[0].lineNumber + 1);
  }

  /** The process has exited (its group killed): only now does the state say 'inactive'. */
  private onExit(debuggee: Debuggee): void {
    this.debuggees.delete(debuggee);
    if (this.current !== debuggee) return;
    this.session?.client.close();
    this.current = undefined;
    this.session = undefined;
    this.lastExitCode = debuggee.exitCode;
    this.lastCrashed = !debuggee.killReason && debuggee.exitCode !== null && debuggee.exitCode !== 0;
    // `verified` stays as the session left it: unbound now means it was never hit.
    for (const bp of this.breakpoints.values()) bp.cdpId = undefined;
    this.setState('inactive');
    this.stops.notify();
  }

  private setState(state: DebugState): void {
    if (this._state === state) return;
    this._state = state;
    this.stateEmitter.fire(state);
  }

  private requireSession(): Session {
    if (!this.session) throw this.current ? DebugErrors.stillStarting() : DebugErrors.notDebugging();
    return this.session;
  }

  /** The stopped program's frames, without Node's own (node:internal/…) below the user's code. */
  private stoppedFrames(): CdpCallFrame[] {
    const session = this.requireSession();
    if (this._state !== 'stopped' || !session.callFrames) throw DebugErrors.notStopped();
    const own = session.callFrames.filter(
      (frame) => !(frame.url || session.scriptUrls.get(frame.location.scriptId) || '').startsWith('node:'),
    );
    return own.length ? own : session.callFrames;
  }

  private frameAt(index: number): CdpCallFrame {
    return frameAt(this.stoppedFrames(), index);
  }

  /** A script's URL or path as the model reads it: workspace-relative inside the workspace. */
  private displayPath(url: string): string | undefined {
    return displayPath(this.workspace.root, (absolute) => this.workspace.relative(absolute), url);
  }

  /** The frame with the text of its line (read from the script the inspector runs). */
  private toFrameWithText(frame: CdpCallFrame, index: number): Promise<StackFrameInfo> {
    const session = this.session;
    const info = this.toFrame(frame, index);
    return session ? withLineText(session.client, session.sources, frame, info) : Promise.resolve(info);
  }

  private toFrame(frame: CdpCallFrame, index: number): StackFrameInfo {
    const url = frame.url || this.session?.scriptUrls.get(frame.location.scriptId) || '';
    return toFrameInfo(frame, index, this.displayPath(url));
  }
}
