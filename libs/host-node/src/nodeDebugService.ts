// Debugging a real Node program through the inspector protocol: the debuggee runs under
// `node --inspect-brk=127.0.0.1:0`, breakpoints are set by file URL before it starts, and every
// call that needs a stopped program says so when it is not.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Emitter } from '@toolpacks/registry';
import {
  WorkspaceError,
  type BreakpointInfo,
  type DebugService,
  type DebugState,
  type DebugStatus,
  type ScopeInfo,
  type StackFrameInfo,
  type VariableInfo,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { DebugErrors, frameAt, StopWaiters } from './debugSupport';
import { InspectorClient } from './inspectorClient';

export interface NodeDebugOptions {
  /** How long start/continue/step wait for the program to stop before answering "running" (default 10 s). */
  readonly stopWaitMs?: number;
  /** The node binary for debuggees (default: the one running this process). */
  readonly node?: string;
}

interface CdpCallFrame {
  callFrameId: string;
  functionName: string;
  url: string;
  location: { scriptId: string; lineNumber: number; columnNumber: number };
  scopeChain: { type: string; name?: string; object: { objectId: string } }[];
}

interface CdpRemoteObject {
  type: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  preview?: { properties: { name: string; value?: string; type: string }[]; overflow: boolean; subtype?: string };
}

interface Session {
  readonly child: ChildProcess;
  readonly client: InspectorClient;
  readonly scriptUrls: Map<string, string>;
  callFrames?: CdpCallFrame[];
  pauseReason?: string;
  /** The pause on the first line is internal unless the caller asked to stop on entry. */
  readonly reportEntry: boolean;
  exited: Promise<void>;
}

interface BreakpointRecord {
  id: string;
  path: string;
  absolutePath: string;
  line: number;
  condition?: string;
  cdpId?: string;
  verified: boolean;
}

const SCOPES_SHOWN = new Set(['local', 'closure', 'block', 'catch', 'script']);
const MAX_OUTPUT_CHARS = 20_000;

export class NodeDebugService implements DebugService {
  private session?: Session;
  private readonly breakpoints = new Map<string, BreakpointRecord>();
  private nextBreakpoint = 1;
  private _state: DebugState = 'inactive';
  private output = '';
  private lastExitCode?: number | null;
  private readonly stops = new StopWaiters();
  private readonly stopWaitMs: number;
  private readonly node: string;
  private readonly stateEmitter = new Emitter<DebugState>();
  readonly onDidChangeState = this.stateEmitter.event;

  constructor(
    private readonly workspace: WorkspaceFileSystem,
    options: NodeDebugOptions = {},
  ) {
    this.stopWaitMs = options.stopWaitMs ?? 10_000;
    this.node = options.node ?? process.execPath;
  }

  get state(): DebugState {
    return this._state;
  }

  async start(options: { program: string; args?: readonly string[]; stopOnEntry?: boolean }): Promise<DebugStatus> {
    const program = await this.workspace.resolve(options.program);
    const stat = await this.workspace.stat(program);
    if (stat?.type !== 'file') throw DebugErrors.noProgram(options.program);
    if (this.session) await this.stop();
    this.output = '';
    this.lastExitCode = undefined;

    const child = spawn(this.node, ['--inspect-brk=127.0.0.1:0', program, ...(options.args ?? [])], {
      cwd: this.workspace.root,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await this.inspectorUrl(child);
    const client = await InspectorClient.connect(url);
    const session: Session = {
      child,
      client,
      scriptUrls: new Map(),
      reportEntry: options.stopOnEntry === true,
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
    };
    this.session = session;
    child.stdout!.on('data', (chunk) => this.appendOutput(String(chunk)));
    child.once('exit', (code) => this.onExit(session, code));

    client.on('Debugger.scriptParsed', (p: { scriptId: string; url: string }) => session.scriptUrls.set(p.scriptId, p.url));
    client.on('Debugger.paused', (p: { callFrames: CdpCallFrame[]; reason: string; hitBreakpoints?: string[] }) => {
      session.callFrames = p.callFrames;
      const hit = p.hitBreakpoints?.map((cdpId) => [...this.breakpoints.values()].find((b) => b.cdpId === cdpId)?.id).filter(Boolean);
      session.pauseReason = hit?.length ? `breakpoint ${hit.join(', ')}` : p.reason === 'Break on start' ? 'entry' : p.reason;
      if (session.pauseReason !== 'entry' || session.reportEntry) this.setState('stopped');
      this.stops.notify();
    });
    client.on('Debugger.resumed', () => {
      session.callFrames = undefined;
      if (this.session === session) this.setState('running');
    });
    client.on('Debugger.breakpointResolved', (p: { breakpointId: string }) => {
      for (const bp of this.breakpoints.values()) if (bp.cdpId === p.breakpointId) bp.verified = true;
    });
    // With an inspector attached, node waits for it to disconnect after the program ends.
    client.on('Runtime.executionContextDestroyed', () => client.close());

    await client.send('Runtime.enable');
    await client.send('Debugger.enable');
    for (const bp of this.breakpoints.values()) await this.applyBreakpoint(bp);
    const entry = this.stops.next(this.stopWaitMs);
    await client.send('Runtime.runIfWaitingForDebugger');
    await entry;
    if (session.pauseReason === 'entry' && !session.reportEntry) return this.resumeAndWait(() => client.send('Debugger.resume'));
    return this.status();
  }

  async setBreakpoint(options: { path: string; line: number; condition?: string }): Promise<BreakpointInfo> {
    if (!Number.isInteger(options.line) || options.line < 1) throw new WorkspaceError('line must be a whole number, 1 or more.');
    const absolutePath = await this.workspace.resolve(options.path);
    if ((await this.workspace.stat(absolutePath))?.type !== 'file') throw new WorkspaceError(`File '${options.path}' does not exist.`);
    const existing = [...this.breakpoints.values()].find((b) => b.absolutePath === absolutePath && b.line === options.line);
    if (existing) await this.removeBreakpoint(existing.id);
    const record: BreakpointRecord = {
      id: `bp-${this.nextBreakpoint++}`,
      path: this.workspace.relative(absolutePath),
      absolutePath,
      line: options.line,
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
    if (this.session && record.cdpId) await this.session.client.send('Debugger.removeBreakpoint', { breakpointId: record.cdpId }).catch(() => undefined);
  }

  listBreakpoints(): readonly BreakpointInfo[] {
    return [...this.breakpoints.values()].map(toInfo);
  }

  async callStack(): Promise<readonly StackFrameInfo[]> {
    return this.stoppedFrames().map((frame, index) => this.toFrame(frame, index));
  }

  async variables(frameIndex: number): Promise<readonly ScopeInfo[]> {
    const frame = this.frameAt(frameIndex);
    const scopes: ScopeInfo[] = [];
    for (const scope of frame.scopeChain.filter((s) => SCOPES_SHOWN.has(s.type))) {
      const { result } = await this.session!.client.send<{ result: { name: string; value?: CdpRemoteObject }[] }>('Runtime.getProperties', {
        objectId: scope.object.objectId,
        ownProperties: true,
        generatePreview: true,
      });
      const variables: VariableInfo[] = result
        .filter((p) => p.value)
        .map((p) => ({ name: p.name, value: formatRemoteObject(p.value!), type: p.value!.subtype ?? p.value!.type }));
      scopes.push({ name: scope.name ? `${scope.type} (${scope.name})` : scope.type, variables });
    }
    return scopes;
  }

  async evaluate(expression: string, frameIndex: number): Promise<string> {
    if (typeof expression !== 'string' || expression.trim() === '') throw new WorkspaceError('An expression is required.');
    const frame = this.frameAt(frameIndex);
    const response = await this.session!.client.send<{ result: CdpRemoteObject; exceptionDetails?: { exception?: CdpRemoteObject; text: string } }>('Debugger.evaluateOnCallFrame', {
      callFrameId: frame.callFrameId,
      expression,
      generatePreview: true,
      timeout: 5_000,
    });
    if (response.exceptionDetails) {
      const thrown = response.exceptionDetails.exception ? formatRemoteObject(response.exceptionDetails.exception) : response.exceptionDetails.text;
      throw new WorkspaceError(`Evaluating \`${expression}\` threw: ${thrown}`);
    }
    return formatRemoteObject(response.result);
  }

  async continue(): Promise<DebugStatus> {
    const session = this.requireSession();
    if (this._state === 'running') return this.waitAndReport();
    return this.resumeAndWait(() => session.client.send('Debugger.resume'));
  }

  async step(kind: 'over' | 'into' | 'out'): Promise<DebugStatus> {
    const session = this.requireSession();
    this.stoppedFrames();
    const method = { over: 'Debugger.stepOver', into: 'Debugger.stepInto', out: 'Debugger.stepOut' }[kind];
    if (!method) throw new WorkspaceError(`Unknown step '${kind}'; use over, into or out.`);
    return this.resumeAndWait(() => session.client.send(method));
  }

  async stop(): Promise<DebugStatus> {
    const session = this.session;
    if (!session) return this.status();
    session.client.close();
    session.child.kill('SIGKILL');
    await session.exited;
    this.onExit(session, session.child.exitCode);
    return this.status();
  }

  /** Ends the debuggee, if any: hosts call it on shutdown. */
  dispose(): void {
    this.session?.child.kill('SIGKILL');
  }

  private async resumeAndWait(resume: () => Promise<unknown>): Promise<DebugStatus> {
    const stopped = this.stops.next(this.stopWaitMs);
    await resume();
    await stopped;
    return this.status();
  }

  private async waitAndReport(): Promise<DebugStatus> {
    await this.stops.next(this.stopWaitMs);
    return this.status();
  }

  private status(): DebugStatus {
    const output = this.output;
    this.output = '';
    const session = this.session;
    if (!session) return { state: 'inactive', exitCode: this.lastExitCode, output };
    if (this._state === 'stopped' && session.callFrames?.length) return { state: 'stopped', reason: session.pauseReason, frame: this.toFrame(session.callFrames[0], 0), output };
    return { state: this._state, output };
  }

  private async applyBreakpoint(record: BreakpointRecord): Promise<void> {
    const session = this.session!;
    const escaped = record.absolutePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const result = await session.client.send<{ breakpointId: string; locations: unknown[] }>('Debugger.setBreakpointByUrl', {
      urlRegex: `^(file://)?${escaped}$`,
      lineNumber: record.line - 1,
      condition: record.condition ?? '',
    });
    record.cdpId = result.breakpointId;
    record.verified = result.locations.length > 0;
  }

  /** Reads the inspector's address from the debuggee's stderr; what follows is the program's own output. */
  private inspectorUrl(child: ChildProcess): Promise<string> {
    const notices = /^(Debugger listening on|For help, see|Debugger attached|Waiting for the debugger).*\n?/gm;
    return new Promise((resolve, reject) => {
      let early = '';
      let url: string | undefined;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`The debuggee did not open an inspector within 10 s. Its output: ${early.slice(0, 500)}`));
      }, 10_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        if (url) {
          const own = String(chunk).replace(notices, '');
          if (own) this.appendOutput(own);
          return;
        }
        early += String(chunk);
        const match = /Debugger listening on (ws:\/\/\S+)/.exec(early);
        if (!match) return;
        url = match[1];
        clearTimeout(timer);
        resolve(url);
      });
      child.once('exit', (code) => {
        if (url) return;
        clearTimeout(timer);
        reject(new Error(`The debuggee exited (code ${code}) before the debugger attached: ${early.slice(0, 500)}`));
      });
    });
  }

  private appendOutput(text: string): void {
    this.output = (this.output + text).slice(-MAX_OUTPUT_CHARS);
  }

  private onExit(session: Session, code: number | null): void {
    if (this.session !== session) return;
    this.session = undefined;
    this.lastExitCode = code;
    for (const bp of this.breakpoints.values()) [bp.cdpId, bp.verified] = [undefined, false];
    this.setState('inactive');
    this.stops.notify();
  }

  private setState(state: DebugState): void {
    if (this._state === state) return;
    this._state = state;
    this.stateEmitter.fire(state);
  }

  private requireSession(): Session {
    if (!this.session) throw DebugErrors.notDebugging();
    return this.session;
  }

  /** The stopped program's frames, without Node's own (node:internal/…) below the user's code. */
  private stoppedFrames(): CdpCallFrame[] {
    const session = this.requireSession();
    if (this._state !== 'stopped' || !session.callFrames) throw DebugErrors.notStopped();
    const own = session.callFrames.filter((frame) => !(frame.url || session.scriptUrls.get(frame.location.scriptId) || '').startsWith('node:'));
    return own.length ? own : session.callFrames;
  }

  private frameAt(index: number): CdpCallFrame {
    return frameAt(this.stoppedFrames(), index);
  }

  private toFrame(frame: CdpCallFrame, index: number): StackFrameInfo {
    const url = frame.url || this.session?.scriptUrls.get(frame.location.scriptId) || '';
    let file: string | undefined;
    if (url) {
      const absolute = url.startsWith('file://') ? fileURLToPath(url) : url;
      file = path.isAbsolute(absolute) && !path.relative(this.workspace.root, absolute).startsWith('..') ? this.workspace.relative(absolute) : absolute;
    }
    return { index, name: frame.functionName || '(anonymous)', path: file, line: frame.location.lineNumber + 1, column: frame.location.columnNumber + 1 };
  }
}

function toInfo(record: BreakpointRecord): BreakpointInfo {
  return { id: record.id, path: record.path, line: record.line, ...(record.condition ? { condition: record.condition } : {}), verified: record.verified };
}

/** A readable one-line value: primitives as in JS source, objects with a preview of their members. */
export function formatRemoteObject(object: CdpRemoteObject): string {
  switch (object.type) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return JSON.stringify(object.value);
    case 'number':
    case 'bigint':
      return object.unserializableValue ?? String(object.value);
    case 'boolean':
      return String(object.value);
    case 'symbol':
      return object.description ?? 'Symbol()';
    case 'function':
      return `ƒ ${object.description?.split('\n')[0] ?? ''}`.trim();
    default: {
      if (object.subtype === 'null') return 'null';
      const preview = object.preview;
      if (!preview) return object.description ?? object.type;
      const isArray = object.subtype === 'array';
      const members = preview.properties.map((p) => (isArray ? formatPreviewValue(p) : `${p.name}: ${formatPreviewValue(p)}`));
      if (preview.overflow) members.push('…');
      const body = members.join(', ');
      return isArray ? `${object.description} [${body}]` : `${object.description === 'Object' ? '' : `${object.description} `}{${body}}`;
    }
  }
}

function formatPreviewValue(p: { value?: string; type: string }): string {
  return p.type === 'string' ? JSON.stringify(p.value) : (p.value ?? p.type);
}
