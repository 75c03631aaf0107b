// The model VS Code invoked a tool for, when it says. Stable VS Code does not; with the
// chatParticipantAdditions proposal (declared by the runtime extension) it passes `model` for calls
// a chat model made. Without it the tool runs as the registered variant itself.
import type { ModelInfo } from '@toolpacks/registry/host';
import { toModelInfo } from './modelInfo';

interface WithModel {
  readonly model?: { id?: unknown; vendor?: unknown; family?: unknown; version?: unknown };
}

export function invocationModel(options: object): ModelInfo | undefined {
  const model = (options as WithModel).model;
  if (!model || typeof model.id !== 'string' || typeof model.vendor !== 'string' || typeof model.family !== 'string')
    return undefined;
  return toModelInfo({
    id: model.id,
    vendor: model.vendor,
    family: model.family,
    version: typeof model.version === 'string' ? model.version : '',
  });
}
