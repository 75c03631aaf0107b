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
import { checkEnv, checkRuntimeArgs, DebugErrors, frameAt, StopWaiters, throwIfCancelled } from './debugSupport';
import { BreakpointBook } from './debugBreakpoints';
import { checkExpression, evaluateInFrame } from './debugEvaluate';
import { displayPath, lastLines, type CdpCallFrame } from './debugPause';
import { followSession, type Session } from './debugSession';
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
  private readonly breakpoints: BreakpointBook;
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
    this.breakpoints = new BreakpointBook(workspace);
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

    followSession(session, {
      breakpoints: this.breakpoints,
      displayPath: (url) => this.displayPath(url),
      onPause: () => {
        if (this.session === session && (session.pauseReason !== 'entry' || session.reportEntry))
          this.setState('stopped');
        this.stops.notify();
      },
      onResume: () => this.session === session && this.setState('running'),
    });

    await client.send('Runtime.enable');
    await client.send('Debugger.enable');
    await client.send('Debugger.setPauseOnExceptions', { state: pauseOnExceptions });
    await this.breakpoints.applyAll(client);
    const entry = this.stops.next(this.stopWaitMs, token);
    await client.send('Runtime.runIfWaitingForDebugger');
    await entry;
    if (session.pauseReason === 'entry' && !session.reportEntry && this.session === session)
      return this.resumeAndWait(() => client.send('Debugger.resume'), token);
    return this.status();
  }

  setBreakpoint(options: { path: string; line: number; condition?: string }): Promise<BreakpointInfo> {
    return this.breakpoints.add(options, this.session?.client);
  }

  removeBreakpoint(id: string): Promise<void> {
    return this.breakpoints.remove(id, this.session?.client);
  }

  listBreakpoints(): readonly BreakpointInfo[] {
    return this.breakpoints.list();
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
    checkExpression(expression);
    const frame = this.frameAt(frameIndex);
    return evaluateInFrame({ ...this.session!, status: () => this.status() }, frame, expression);
  }

  /**
   * Cancelled (or timed out), continue and step stop waiting and leave the program as it is: it
   * keeps running, the state says so, and stopping the session ends it.
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

  /** The process has exited (its group killed): only now does the state say 'inactive'. */
  private onExit(debuggee: Debuggee): void {
    this.debuggees.delete(debuggee);
    if (this.current !== debuggee) return;
    this.session?.client.close();
    this.current = undefined;
    this.session = undefined;
    this.lastExitCode = debuggee.exitCode;
    this.lastCrashed = !debuggee.killReason && debuggee.exitCode !== null && debuggee.exitCode !== 0;
    this.breakpoints.unbindAll();
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
