// Why registered tools are not in a resolved set, in the order a person would look: an override,
// another model, another variant, a when clause, or the selection.
import { describeSelectors, modelMatches } from './modelSelector';
import type { ContextKeys, ResolvedToolSet, ToolRegistry } from './types';
import { parseWhenClause } from './whenClause';

export interface NotSentTool {
  readonly name: string;
  readonly packId?: string;
  readonly reason: string;
}

export function explainNotSent(registry: ToolRegistry, resolved: ResolvedToolSet, context: ContextKeys = {}): NotSentTool[] {
  const present = new Set(resolved.entries.flatMap((e) => [e.name, e.implementationName]));
  const referenceNames = new Set(resolved.entries.map((e) => e.toolReferenceName));
  return registry.tools
    .filter(({ definition }) => !present.has(definition.name))
    .map(({ definition, packId }) => {
      let reason: string;
      if (definition.overridesTool) reason = `overrides ${definition.overridesTool} for ${describeSelectors(definition.models)}`;
      else if (!modelMatches(definition.models, resolved.model)) reason = `only for ${describeSelectors(definition.models)}`;
      else if (referenceNames.has(definition.toolReferenceName ?? definition.name)) reason = 'another variant matches this model';
      else if (definition.when && !whenHolds(definition.when, context)) reason = `when ${definition.when}`;
      else reason = 'deselected';
      return { name: definition.name, packId, reason };
    });
}

function whenHolds(when: string, context: ContextKeys): boolean {
  try {
    return parseWhenClause(when).evaluate(context);
  } catch {
    return false; // malformed: reported in the diagnostics
  }
}
