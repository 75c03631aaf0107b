// The one place a call's answer of one text part is built: every refusal of invocation, the
// registry's own tools' answers, and a call after the registry shut down.
import type { ToolCall, ToolCallResult, ToolCallStatus } from '../definitions';

/** An answer with one text part; an error unless the status is `ok` or `activated`. */
export function textCallResult(call: ToolCall, status: ToolCallStatus, text: string): ToolCallResult {
  return {
    callId: call.callId,
    name: call.name,
    status,
    isError: status !== 'ok' && status !== 'activated',
    content: [{ kind: 'text', value: text }],
  };
}
