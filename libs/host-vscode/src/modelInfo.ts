import type { ModelInfo, ModelSelector, ToolDefinition } from '@toolpacks/registry';

/** The registry's view of a VS Code chat model. */
export function toModelInfo(model: { id: string; vendor: string; family: string; version: string }): ModelInfo {
  return { id: model.id, vendor: model.vendor, family: model.family, version: model.version };
}

/**
 * A model that a tool's first selector matches. VS Code calls a registered tool without saying
 * for which model; the tool was offered to a matching one, so resolving for this model finds it.
 */
export function modelMatchingTool(definition: ToolDefinition): ModelInfo {
  const selector: ModelSelector = definition.models?.[0] ?? {};
  const value = (v: string | undefined) => (v ?? '').replace(/\*$/, '');
  return { id: value(selector.id), vendor: value(selector.vendor), family: value(selector.family), version: value(selector.version) };
}
