import type { ModelInfo } from '@toolpacks/registry/host';

/** The registry's view of a VS Code chat model. */
export function toModelInfo(model: { id: string; vendor: string; family: string; version: string }): ModelInfo {
  return { id: model.id, vendor: model.vendor, family: model.family, version: model.version };
}
