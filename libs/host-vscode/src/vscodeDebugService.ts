// Debugging through VS Code: sessions started with vscode.debug (the built-in JavaScript
// debugger), breakpoints as VS Code breakpoints the user sees, and stack, scopes, evaluation and
// stepping as Debug Adapter Protocol requests on the session.
import * as vscode from 'vscode';
import {
  breakpointLine,
  checkEnv,
  checkRuntimeArgs,
  DebugErrors,
  endedWhileEvaluating,
  frameAt,
  parseStackTrace,
  StopWaiters,
} from '@toolpacks/node-services';
import { Emitter, type CancellationToken } from '@toolpacks/base';
import {
  WorkspaceError,
  type BreakpointInfo,
  type DebugService,
  type DebugStartOptions,
  type DebugState,
  type ExceptionInfo,
  type DebugStatus,
  type ScopeInfo,
  type StackFrameInfo,
  type WorkspaceFileSystem,
} from '@toolpacks/services';

/** The fields read from the Debug Adapter Protocol events this service follows. */
interface DapEventBody {
  threadId?: number;
  reason?: string;
  category?: string;
  output?: string;
  exitCode?: number | null;
}

interface DapFrame {
  id: number;
  name: string;
  line: number;
  column: number;
  source?: { path?: string };
}

export class VsCodeDebugService implements DebugService, vscode.Disposable {
  private _state: DebugState = 'inactive';
  private session?: vscode.DebugSession;
  private stoppedThread?: number;
  private stopReason?: string;
  private exitCode?: number | null;
  private exception?: ExceptionInfo;
  private exceptionRead?: Promise<void>;
  private lastAction?: string;
  private output = '';
  private outputOmitted = 0;
  private stderrTail = '';
  private readonly stops = new StopWaiters();
  private readonly emitter = new Emitter<DebugState>();
  private readonly subscriptions: vscode.Disposable[] = [];
  readonly onDidChangeState = this.emitter.event;

  constructor(
    private readonly workspace: WorkspaceFileSystem,
    private readonly folder: vscode.WorkspaceFolder,
    private readonly stopWaitMs = 10_000,
  ) {
    this.subscriptions.push(
      vscode.debug.registerDebugAdapterTrackerFactory('*', {
        createDebugAdapterTracker: (session) => ({
          onDidSendMessage: (message: { type: string; event?: string; body?: DapEventBody }) => {
            if (session !== this.session || message.type !== 'event') return;
            if (message.event === 'stopped') {
              this.stoppedThread = message.body?.threadId;
              const reason = message.body?.reason;
              this.stopReason = reason === 'step' && this.lastAction ? this.lastAction : reason;
              this.exception = undefined;
              this.exceptionRead =
                reason === 'exception' ? this.readException(session, message.body?.threadId) : undefined;
              this.setState('stopped');
            } else if (message.event === 'continued') this.setState('running');
            else if (message.event === 'output' && message.body?.category !== 'telemetry') {
              this.appendOutput(message.body?.output ?? '');
              if (message.body?.category === 'stderr')
                this.stderrTail = (this.stderrTail + (message.body?.output ?? '')).slice(-4_000);
            } else if (message.event === 'exited') this.exitCode = message.body?.exitCode;
          },
        }),
      }),
      vscode.debug.onDidTerminateDebugSession((session) => {
        if (session !== this.session && session.parentSession !== this.session) return;
        this.session = undefined;
        this.setState('inactive');
      }),
    );
  }

  get state(): DebugState {
    return this._state;
  }

  // The token only cuts the waits short: VS Code owns the session's processes (the user sees it and
  // can stop it), and ends them when the window closes.
  async start(options: DebugStartOptions, token?: CancellationToken): Promise<DebugStatus> {
    const program = await this.workspace.resolve(options.program);
    if ((await this.workspace.stat(program))?.type !== 'file') throw DebugErrors.noProgram(options.program);
    let cwd = this.workspace.root;
    if (options.cwd) {
      cwd = await this.workspace.resolve(options.cwd);
      if ((await this.workspace.stat(cwd))?.type !== 'directory') throw DebugErrors.cwdNotFolder(options.cwd);
    }
    checkEnv(options.env ?? {});
    checkRuntimeArgs(options.runtimeArgs ?? []);
    const pauseOnExceptions = options.pauseOnExceptions ?? 'uncaught';
    if (this.session) await this.stop();
    this.output = '';
    this.outputOmitted = 0;
    this.stderrTail = '';
    this.exitCode = undefined;
    const started = new Promise<vscode.DebugSession>((resolve) => {
      const subscription = vscode.debug.onDidStartDebugSession((session) => {
        subscription.dispose();
        // js-debug's exception filters ('all', 'uncaught'); set as early as the API allows.
        const filters = { none: [], uncaught: ['uncaught'], all: ['all', 'uncaught'] }[pauseOnExceptions];
        void Promise.resolve(session.customRequest('setExceptionBreakpoints', { filters })).catch(() => undefined);
        resolve(session);
      });
    });
    const stopped = this.stops.next(this.stopWaitMs, token);
    const ok = await vscode.debug.startDebugging(this.folder, {
      type: 'node',
      request: 'launch',
      name: 'Tool Packs',
      program,
      args: [...(options.args ?? [])],
      runtimeArgs: [...(options.runtimeArgs ?? [])],
      env: { ...(options.env ?? {}) },
      cwd,
      stopOnEntry: options.stopOnEntry ?? false,
      console: 'internalConsole',
    });
    if (!ok) throw new WorkspaceError('VS Code could not start the debugger for this program.');
    this.session = await started;
    this.setState('running');
    await stopped;
    return this.status();
  }

  async setBreakpoint(options: { path: string; line: number; condition?: string }): Promise<BreakpointInfo> {
    const absolute = await this.workspace.resolve(options.path);
    if ((await this.workspace.stat(absolute))?.type !== 'file')
      throw new WorkspaceError(`File '${options.path}' does not exist.`);
    const line = breakpointLine(
      await this.workspace.readText(absolute),
      options.line,
      this.workspace.relative(absolute),
    );
    const location = new vscode.Location(vscode.Uri.file(absolute), new vscode.Position(line - 1, 0));
    const breakpoint = new vscode.SourceBreakpoint(location, true, options.condition || undefined);
    vscode.debug.addBreakpoints([breakpoint]);
    const info = toInfo(breakpoint, this.workspace);
    return line !== options.line ? { ...info, requestedLine: options.line } : info;
  }

  async removeBreakpoint(id: string): Promise<void> {
    const breakpoint = vscode.debug.breakpoints.find((b) => b.id === id);
    if (!breakpoint) throw DebugErrors.noBreakpoint(id);
    vscode.debug.removeBreakpoints([breakpoint]);
  }

  listBreakpoints(): readonly BreakpointInfo[] {
    return vscode.debug.breakpoints
      .filter((b): b is vscode.SourceBreakpoint => b instanceof vscode.SourceBreakpoint)
      .map((b) => toInfo(b, this.workspace));
  }

  async callStack(): Promise<readonly StackFrameInfo[]> {
    const lines = new Map<string, Promise<string[]>>();
    return Promise.all(
      (await this.frames()).map(async (frame, index) => {
        const file = frame.source?.path;
        let text: string | undefined;
        if (file) {
          if (!lines.has(file))
            lines.set(
              file,
              this.workspace.readText(file).then(
                (t) => t.split(/\r?\n/),
                () => [],
              ),
            );
          text = (await lines.get(file)!)[frame.line - 1]?.trim();
        }
        return {
          index,
          name: frame.name,
          path: file ? this.displayPath(file) : undefined,
          line: frame.line,
          column: frame.column,
          ...(text ? { text } : {}),
        };
      }),
    );
  }

  pausedException(): ExceptionInfo | undefined {
    return this._state === 'stopped' ? this.exception : undefined;
  }

  async variables(frameIndex: number): Promise<readonly ScopeInfo[]> {
    const frame = await this.frameAt(frameIndex);
    const { scopes } = await this.request<{
      scopes: { name: string; variablesReference: number; expensive: boolean }[];
    }>('scopes', { frameId: frame.id });
    const result: ScopeInfo[] = [];
    for (const scope of scopes.filter((s) => !s.expensive)) {
      const { variables } = await this.request<{ variables: { name: string; value: string; type?: string }[] }>(
        'variables',
        { variablesReference: scope.variablesReference },
      );
      result.push({
        name: scope.name,
        variables: variables.map((v) => ({ name: v.name, value: v.value, type: v.type ?? '' })),
      });
    }
    return result;
  }

  async evaluate(expression: string, frameIndex: number): Promise<string> {
    const frame = await this.frameAt(frameIndex);
    const session = this.session;
    try {
      return (await this.request<{ result: string }>('evaluate', { expression, frameId: frame.id, context: 'repl' }))
        .result;
    } catch (error) {
      // The program may have ended during the evaluation (process.exit): the session goes with it.
      if (this.session === session) await this.stops.next(2_000);
      if (this.session !== session || this._state === 'inactive') {
        return endedWhileEvaluating({ exitCode: this.exitCode }, expression, this.takeOutput().output);
      }
      throw new WorkspaceError(`Evaluating \`${expression}\` threw: ${(error as Error).message}`);
    }
  }

  async continue(token?: CancellationToken): Promise<DebugStatus> {
    this.requireSession();
    if (this._state === 'running') {
      await this.stops.next(this.stopWaitMs, token);
      return this.status();
    }
    this.lastAction = undefined;
    return this.resume('continue', token);
  }

  step(kind: 'over' | 'into' | 'out', token?: CancellationToken): Promise<DebugStatus> {
    this.lastAction = `step ${kind}`;
    return this.resume({ over: 'next', into: 'stepIn', out: 'stepOut' }[kind], token);
  }

  async stop(): Promise<DebugStatus> {
    if (this.session) {
      const ended = this.stops.next(5_000);
      await vscode.debug.stopDebugging(this.session);
      await ended;
    }
    return this.status();
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.emitter.dispose();
  }

  private async resume(command: string, token?: CancellationToken): Promise<DebugStatus> {
    this.requireStopped();
    const stopped = this.stops.next(this.stopWaitMs, token);
    await this.request(command, { threadId: this.stoppedThread });
    this.setState('running');
    await stopped;
    return this.status();
  }

  private async frames(): Promise<DapFrame[]> {
    this.requireStopped();
    const { stackFrames } = await this.request<{ stackFrames: DapFrame[] }>('stackTrace', {
      threadId: this.stoppedThread,
      startFrame: 0,
      levels: 50,
    });
    // Node's own frames below the user's code are noise for a model.
    const own = stackFrames.filter((f) => !f.source?.path?.startsWith('node:') && f.source?.path);
    return own.length ? own : stackFrames;
  }

  private async frameAt(index: number): Promise<DapFrame> {
    return frameAt(await this.frames(), index);
  }

  private request<T>(command: string, args: object): Promise<T> {
    return Promise.resolve(this.requireSession().customRequest(command, args)) as Promise<T>;
  }

  private requireSession(): vscode.DebugSession {
    if (!this.session) throw DebugErrors.notDebugging();
    return this.session;
  }

  private requireStopped(): void {
    this.requireSession();
    if (this._state !== 'stopped' || this.stoppedThread === undefined) throw DebugErrors.notStopped();
  }

  private async status(): Promise<DebugStatus> {
    if (this._state === 'stopped') {
      const [frame] = await this.callStack();
      await this.exceptionRead;
      return {
        state: 'stopped',
        reason: this.stopReason,
        frame,
        ...(this.exception ? { exception: this.exception } : {}),
        ...this.takeOutput(),
      };
    }
    if (this._state !== 'inactive') return { state: this._state, ...this.takeOutput() };
    const crashed = this.exitCode !== undefined && this.exitCode !== null && this.exitCode !== 0;
    const stderrTail = crashed ? this.stderrTail.trimEnd().split('\n').slice(-20).join('\n') : '';
    return { state: 'inactive', exitCode: this.exitCode, ...(stderrTail ? { stderrTail } : {}), ...this.takeOutput() };
  }

  private takeOutput(): { output: string; outputOmitted?: number } {
    const taken = { output: this.output, ...(this.outputOmitted ? { outputOmitted: this.outputOmitted } : {}) };
    this.output = '';
    this.outputOmitted = 0;
    return taken;
  }

  private appendOutput(text: string): void {
    this.output += text;
    if (this.output.length > 200_000) {
      this.outputOmitted += this.output.length - 200_000;
      this.output = this.output.slice(-200_000);
    }
  }

  /** DAP `exceptionInfo` for the thread that stopped on an exception: class, message and where it was thrown. */
  private async readException(session: vscode.DebugSession, threadId: number | undefined): Promise<void> {
    try {
      const info = (await session.customRequest('exceptionInfo', { threadId })) as {
        exceptionId?: string;
        description?: string;
        breakMode?: string;
        details?: { typeName?: string; message?: string; stackTrace?: string };
      };
      const stack = info.details?.stackTrace ?? '';
      this.exception = {
        ...(info.details?.typeName || info.exceptionId
          ? { className: info.details?.typeName ?? info.exceptionId }
          : {}),
        message: info.description?.split('\n')[0] ?? info.details?.message ?? 'exception',
        uncaught: info.breakMode !== 'always',
        thrownAt: parseStackTrace(stack)
          .filter((f) => !f.url.startsWith('node:'))
          .slice(0, 10)
          .map((f) => ({
            name: f.name,
            path: this.displayPath(f.url.startsWith('file://') ? vscode.Uri.parse(f.url).fsPath : f.url),
            line: f.line,
            column: f.column,
          })),
      };
    } catch {
      this.exception = { message: 'exception', uncaught: true, thrownAt: [] };
    }
  }

  private displayPath(file: string): string {
    return file.startsWith(this.workspace.root) ? this.workspace.relative(file) : file;
  }

  private setState(state: DebugState): void {
    if (state !== 'stopped') this.stoppedThread = state === 'inactive' ? undefined : this.stoppedThread;
    if (this._state !== state) {
      this._state = state;
      this.emitter.fire(state);
    }
    if (state !== 'running') this.stops.notify();
  }
}

function toInfo(breakpoint: vscode.SourceBreakpoint, workspace: WorkspaceFileSystem): BreakpointInfo {
  return {
    id: breakpoint.id,
    path: workspace.relative(breakpoint.location.uri.fsPath),
    line: breakpoint.location.range.start.line + 1,
    ...(breakpoint.condition ? { condition: breakpoint.condition } : {}),
    verified: breakpoint.enabled,
  };
}
