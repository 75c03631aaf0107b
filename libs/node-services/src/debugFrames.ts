// What the Node debug service reads from a stopped program and keeps of a running one: a frame as
// the model reads it (with the text of its line), the variables of a frame's scopes, and the
// program's latest output.
import type { ScopeInfo, StackFrameInfo, VariableInfo } from '@toolpacks/services';
import type { CdpCallFrame } from './debugPause';
import type { InspectorClient } from './inspectorClient';
import { formatRemoteObject, type CdpRemoteObject } from './remoteObjectFormat';

/** Every scope that holds the program's names (module, script, local, closure, block, …); never the global one's builtins. */
const SCOPES_HIDDEN = new Set(['global']);
const MAX_OUTPUT_CHARS = 200_000;
const MAX_STDERR_TAIL_CHARS = 4_000;

/** A frame as the model reads it: 1-based line and column, the script's path as `path`. */
export function toFrameInfo(frame: CdpCallFrame, index: number, path: string | undefined): StackFrameInfo {
  return {
    index,
    name: frame.functionName || '(anonymous)',
    path,
    line: frame.location.lineNumber + 1,
    column: frame.location.columnNumber + 1,
  };
}

/** `info` with the text of its line, read from the script the inspector runs (each script once, kept in `sources`). */
export async function withLineText(
  client: InspectorClient,
  sources: Map<string, Promise<string[]>>,
  frame: CdpCallFrame,
  info: StackFrameInfo,
): Promise<StackFrameInfo> {
  let lines = sources.get(frame.location.scriptId);
  if (!lines) {
    lines = client
      .send<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId: frame.location.scriptId })
      .then(
        (r) => r.scriptSource.split(/\r?\n/),
        () => [],
      );
    sources.set(frame.location.scriptId, lines);
  }
  const text = (await lines)[frame.location.lineNumber]?.trim();
  return text ? { ...info, text: text.length > 200 ? `${text.slice(0, 200)}…` : text } : info;
}

/** The variables of each scope of `frame` that holds the program's names. */
export async function readScopes(client: InspectorClient, frame: CdpCallFrame): Promise<ScopeInfo[]> {
  const scopes: ScopeInfo[] = [];
  for (const scope of frame.scopeChain.filter((s) => !SCOPES_HIDDEN.has(s.type))) {
    const { result } = await client.send<{ result: { name: string; value?: CdpRemoteObject }[] }>(
      'Runtime.getProperties',
      { objectId: scope.object.objectId, ownProperties: true, generatePreview: true },
    );
    const variables: VariableInfo[] = result
      .filter((p) => p.value)
      .map((p) => ({ name: p.name, value: formatRemoteObject(p.value!), type: p.value!.subtype ?? p.value!.type }));
    scopes.push({ name: scope.name ? `${scope.type} (${scope.name})` : scope.type, variables });
  }
  return scopes;
}

/** The program's latest output (what was let go is counted), and stderr's tail apart for a crash report. */
export class ProgramOutput {
  private text = '';
  private omitted = 0;
  private stderr = '';

  get stderrTail(): string {
    return this.stderr;
  }

  append(text: string, stream: 'stdout' | 'stderr'): void {
    this.text += text;
    if (this.text.length > MAX_OUTPUT_CHARS) {
      const cut = this.text.length - MAX_OUTPUT_CHARS;
      this.omitted += cut;
      this.text = this.text.slice(cut);
    }
    if (stream === 'stderr') this.stderr = (this.stderr + text).slice(-MAX_STDERR_TAIL_CHARS);
  }

  /** The output since the last take, and how many characters of it were let go. */
  take(): { output: string; outputOmitted: number } {
    const taken = { output: this.text, outputOmitted: this.omitted };
    this.text = '';
    this.omitted = 0;
    return taken;
  }

  /** Forgets everything, the stderr tail too (a new program starts). */
  clear(): void {
    this.take();
    this.stderr = '';
  }
}
