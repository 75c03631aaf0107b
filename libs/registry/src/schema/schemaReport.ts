// What `toolpacks lint --model` and the contributions check report: every registered tool a model
// could be sent, adapted to that model's dialect, and each change with what it loses.
import { modelMatches } from '../modelSelector';
import { adaptTool, dialectFor } from './adaptTool';
import type { SchemaChange, SchemaDialect } from './schemaTypes';
import type { LanguageModelToolInformation, ModelInfo, ToolDefinition } from '../definitions';

/** One tool a model is sent changed. */
export interface ToolSchemaReport {
  /** The tool's registered name. */
  readonly name: string;
  /** The pack that registered it. */
  readonly packId?: string;
  /** The name sent when the model's API needs another one. */
  readonly sentName?: string;
  /** Every change, in the order the rules made them. */
  readonly changes: readonly SchemaChange[];
}

/** What one model is sent differently from what the packs wrote. */
export interface SchemaReport {
  /** The model the report is for. */
  readonly model: ModelInfo;
  /** The dialects that apply to the model, in order. */
  readonly dialects: readonly string[];
  /** How many tools the model could be sent (its model selectors match). */
  readonly checked: number;
  /** The tools whose name, description or schema had to change, in registration order. */
  readonly changed: readonly ToolSchemaReport[];
}

/** Every tool of `tools` the model could be sent, adapted by the dialects that select it; the changed ones listed. */
export function schemaReport(
  tools: readonly { readonly definition: ToolDefinition; readonly packId?: string }[],
  model: ModelInfo,
  dialects: readonly SchemaDialect[],
): SchemaReport {
  const dialect = dialectFor(model, dialects);
  const byName = new Map(tools.map((t) => [t.definition.name, t.definition]));
  const changed: ToolSchemaReport[] = [];
  let checked = 0;
  for (const { definition, packId } of tools) {
    if (!modelMatches(definition.models, model)) continue;
    checked++;
    // An override is sent under its base's name, with its own description and schema.
    const base = definition.overridesTool ? byName.get(definition.overridesTool) : undefined;
    const inputSchema = definition.inputSchema ?? base?.inputSchema;
    const info: LanguageModelToolInformation = {
      name: base?.name ?? definition.name,
      description: definition.modelDescription,
      ...(inputSchema ? { inputSchema } : {}),
    };
    const { info: sent, changes } = adaptTool(info, dialect);
    if (changes.length)
      changed.push({
        name: definition.name,
        packId,
        ...(sent.name !== info.name ? { sentName: sent.name } : {}),
        changes,
      });
  }
  return { model, dialects: dialect.names, checked, changed };
}
