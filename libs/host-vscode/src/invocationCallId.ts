// The id of one call VS Code makes: the model's own tool-call id when VS Code passes it
// (chatStreamToolCallId, chatParticipantAdditions), else a fresh one, so two calls never share an id.
import { randomUUID } from 'node:crypto';

interface WithStreamCallId {
  readonly chatStreamToolCallId?: unknown;
}

export function invocationCallId(options: object): string {
  const id = (options as WithStreamCallId).chatStreamToolCallId;
  return typeof id === 'string' && id.length > 0 ? id : `vscode-${randomUUID()}`;
}
