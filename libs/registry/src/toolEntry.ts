// One registered tool as the registry keeps it: the definition, parsed once (when clause, the
// information sent to models, its token cost), and the implementation instance.
import { estimateTokens } from './toolResult';
import type { LanguageModelToolInformation, Tool, ToolDefinition } from './types';
import { parseWhenClause, type WhenClause } from './whenClause';
import { referenceNameOf } from './toolDefinition';

export type ToolKind = 'general' | 'model-specific' | 'override';

export class ToolEntry {
  readonly referenceName: string;
  readonly kind: ToolKind;
  readonly when?: WhenClause;
  readonly whenError?: string;
  readonly core: boolean;
  disposed = false;
  private infoCache?: LanguageModelToolInformation;
  private costCache?: number;

  constructor(
    readonly seq: number,
    readonly definition: ToolDefinition,
    readonly instance: Tool,
    readonly enabledByDefault: boolean,
    readonly packId: string | undefined,
  ) {
    this.referenceName = referenceNameOf(definition);
    this.kind = definition.overridesTool ? 'override' : definition.models?.length ? 'model-specific' : 'general';
    this.core = definition.tags?.includes('core') ?? false;
    if (definition.when !== undefined) {
      try {
        this.when = parseWhenClause(definition.when);
      } catch (error) {
        this.whenError = (error as Error).message;
      }
    }
  }

  /** What the model sees: for an override, the base's name with this tool's description and schema. */
  info(base?: ToolEntry): LanguageModelToolInformation {
    if (!this.infoCache) {
      const name = base?.definition.name ?? this.definition.name;
      const inputSchema = this.definition.inputSchema ?? base?.definition.inputSchema;
      this.infoCache = Object.freeze({ name, description: this.definition.modelDescription, ...(inputSchema ? { inputSchema } : {}) });
    }
    return this.infoCache;
  }

  /** Tokens the definition costs in a request (name, description, schema, framing). */
  tokenCost(base?: ToolEntry): number {
    if (this.costCache === undefined) {
      const info = this.info(base);
      this.costCache = 8 + estimateTokens(info.name) + estimateTokens(info.description) + (info.inputSchema ? estimateTokens(JSON.stringify(info.inputSchema)) : 0);
    }
    return this.costCache;
  }

  isAvailable(context: Readonly<Record<string, unknown>>): boolean {
    if (this.whenError) return false;
    return this.when ? this.when.evaluate(context) : true;
  }
}
