// The tools VS Code cannot learn from package.json: model-specific variants, and the general tools
// whose job a variant does for some models. VS Code's picker lists the tools of the chosen model,
// matching a tool's `models` exactly (no `claude-*` patterns), so each such tool is registered for
// exactly the models (of those VS Code offers now) that the registry gives it: one picker entry per
// job for every model, re-registered when the models or the packs change.
import type { ModelInfo, ModelSelector, ToolRegistry } from '@toolpacks/registry/host';

/** Why a registered tool is not this model's: the registry's reasons a candidate loses to another. */
const NOT_THIS_MODELS = new Set(['model', 'variant', 'override']);

/**
 * For each named tool, the models it serves: those for which the registry would send it (or keep it
 * back only for a when clause, the picker or the limit — reasons of the moment, not of the model).
 */
export function modelsServed(
  registry: ToolRegistry,
  names: readonly string[],
  models: readonly ModelInfo[],
): Map<string, ModelInfo[]> {
  const served = new Map(names.map((n) => [n, [] as ModelInfo[]]));
  for (const model of models) {
    const resolved = registry.resolve({ model });
    const lost = new Set(resolved.notSent.filter((e) => NOT_THIS_MODELS.has(e.reason)).map((e) => e.name));
    for (const [name, list] of served) if (!lost.has(name)) list.push(model);
  }
  return served;
}

/** VS Code's selectors for exactly these models (it compares every field it is given for equality). */
export function exactSelectors(models: readonly ModelInfo[]): ModelSelector[] {
  const seen = new Set<string>();
  const selectors: ModelSelector[] = [];
  for (const { vendor, id } of models) {
    const key = `${vendor}\u0000${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    selectors.push({ vendor, id });
  }
  return selectors.sort((a, b) => `${a.vendor}/${a.id}`.localeCompare(`${b.vendor}/${b.id}`));
}

/** What to register for one tool: its selectors, or undefined when it serves none of the models. */
export interface PerModelPlan {
  /** The models to register the tool for; `undefined` selectors: every model (no model is known). */
  readonly selectors?: readonly ModelSelector[];
}

/**
 * The plan for each tool: the exact models it serves. With no model known (no chat model installed
 * yet), the general tools serve alone, for every model; the variants wait for a model to match.
 */
export function planPerModelTools(
  registry: ToolRegistry,
  tools: readonly { readonly name: string; readonly modelSpecific: boolean }[],
  models: readonly ModelInfo[],
): Map<string, PerModelPlan> {
  const plans = new Map<string, PerModelPlan>();
  if (models.length === 0) {
    for (const tool of tools) if (!tool.modelSpecific) plans.set(tool.name, {});
    return plans;
  }
  const served = modelsServed(
    registry,
    tools.map((t) => t.name),
    models,
  );
  for (const [name, list] of served) if (list.length) plans.set(name, { selectors: exactSelectors(list) });
  return plans;
}
