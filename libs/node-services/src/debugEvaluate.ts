// An expression evaluated in a frame of the stopped Node program: its value as the model reads it,
// what it threw, or — when the program ended under it (process.exit) — what happened.
import { WorkspaceError, type DebugStatus } from '@toolpacks/services';
import type { CdpCallFrame } from './debugPause';
import type { Debuggee } from './debuggee';
import type { InspectorClient } from './inspectorClient';
import { formatRemoteObject, type CdpRemoteObject } from './remoteObjectFormat';

/** How long an evaluation that lost its connection waits for the program's exit before it says it failed. */
const EXIT_WAIT_MS = 10_000;

/** What an evaluation needs of the session: its inspector, its process, and the status once it ended. */
export interface EvaluationSession {
  readonly client: InspectorClient;
  readonly debuggee: Debuggee;
  /** The debug service's status (its output too), read when the program ended during the evaluation. */
  readonly status: () => Promise<DebugStatus>;
}

/** Refuses an empty expression (before anything else is checked). */
export function checkExpression(expression: string): void {
  if (typeof expression !== 'string' || expression.trim() === '')
    throw new WorkspaceError('An expression is required.');
}

/** The value of `expression` in `frame`, as text. */
export async function evaluateInFrame(
  session: EvaluationSession,
  frame: CdpCallFrame,
  expression: string,
): Promise<string> {
  checkExpression(expression);
  let response: { result: CdpRemoteObject; exceptionDetails?: { exception?: CdpRemoteObject; text: string } };
  try {
    response = await session.client.send('Debugger.evaluateOnCallFrame', {
      callFrameId: frame.callFrameId,
      expression,
      generatePreview: true,
      timeout: 5_000,
    });
  } catch (error) {
    return endedDuring(session, expression, error);
  }
  if (response.exceptionDetails) {
    const thrown = response.exceptionDetails.exception
      ? formatRemoteObject(response.exceptionDetails.exception)
      : response.exceptionDetails.text;
    throw new WorkspaceError(`Evaluating \`${expression}\` threw: ${thrown}`);
  }
  return formatRemoteObject(response.result);
}

/** The connection closed under the evaluation: the program ended (process.exit) or was stopped. */
async function endedDuring(session: EvaluationSession, expression: string, error: unknown): Promise<string> {
  const { debuggee } = session;
  const ended = await Promise.race([
    debuggee.exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), EXIT_WAIT_MS).unref()),
  ]);
  if (!ended) throw new WorkspaceError(`Evaluating \`${expression}\` failed: ${(error as Error).message}`);
  const status = await session.status();
  const how = debuggee.killReason ? 'was stopped' : `exited (code ${debuggee.exitCode ?? 'none: a signal ended it'})`;
  return endedWhileEvaluating(how, expression, status.output);
}

/**
 * The answer to an evaluation the program did not survive: how it ended (`was stopped`, or its exit
 * code: `exited (code 3)`, `exited` without one) and its output.
 */
export function endedWhileEvaluating(
  how: string | { readonly exitCode?: number | null },
  expression: string,
  output: string,
): string {
  const ended = typeof how === 'string' ? how : `exited${how.exitCode == null ? '' : ` (code ${how.exitCode})`}`;
  const shown = output.trimEnd();
  return (
    `The program ${ended} while evaluating \`${expression}\`; the debug session has ended.` +
    (shown ? `\nProgram output:\n${shown}` : '')
  );
}
