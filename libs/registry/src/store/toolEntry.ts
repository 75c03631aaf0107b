// One registered tool as the registry keeps it: the definition, parsed once (when clause, the
// information sent to models, its token cost), and the implementation instance.
import { estimateTokens } from '../toolResult';
import type { LanguageModelToolInformation, Tool, ToolDefinition } from '../definitions';
import { parseWhenClause, type WhenClause } from '../when/whenClause';
import { referenceNameOf } from './definitionChecks';
import { describeSelectors } from '../modelSelector';

/** Tokens one tool definition costs in a request (name, description, schema, framing). */
export function definitionTokens(info: LanguageModelToolInformation): number {
  return (
    8 +
    estimateTokens(info.name) +
    estimateTokens(info.description) +
    (info.inputSchema ? estimateTokens(JSON.stringify(info.inputSchema)) : 0)
  );
}

export type ToolKind = 'general' | 'model-specific' | 'override';

const PARSED_WHEN_LIMIT = 1024;
const parsedWhenClauses = new Map<string, WhenClause | string>();

/**
 * The clause parsed, or why it does not parse; one object per distinct clause text, shared by every
 * tool that has it (a parsed clause is immutable; tools repeat a few clauses). The oldest text goes first.
 */
function parsedWhen(source: string): WhenClause | string {
  let parsed = parsedWhenClauses.get(source);
  if (parsed === undefined) {
    try {
      parsed = parseWhenClause(source);
    } catch (error) {
      parsed = (error as Error).message;
    }
    if (parsedWhenClauses.size >= PARSED_WHEN_LIMIT) parsedWhenClauses.delete(parsedWhenClauses.keys().next().value!);
    parsedWhenClauses.set(source, parsed);
  }
  return parsed;
}

export class ToolEntry {
  readonly referenceName: string;
  readonly kind: ToolKind;
  readonly when?: WhenClause;
  readonly whenError?: string;
  readonly core: boolean;
  disposed = false;
  private infoCache?: LanguageModelToolInformation;
  private costCache?: number;
  private selectorsCache?: string;

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
      const parsed = parsedWhen(definition.when);
      if (typeof parsed === 'string') this.whenError = parsed;
      else this.when = parsed;
    }
  }

  /** The jobs (toolReferenceNames) this tool does: every one it `replaces`, else its own. */
  get jobs(): readonly string[] {
    return this.definition.replaces ?? [this.referenceName];
  }

  /** What the model sees: for an override, the base's name with this tool's description and schema. */
  info(base?: ToolEntry): LanguageModelToolInformation {
    if (!this.infoCache) {
      const name = base?.definition.name ?? this.definition.name;
      const inputSchema = this.definition.inputSchema ?? base?.definition.inputSchema;
      this.infoCache = Object.freeze({
        name,
        description: this.definition.modelDescription,
        ...(inputSchema ? { inputSchema } : {}),
      });
    }
    return this.infoCache;
  }

  /** Tokens the definition costs in a request (see definitionTokens). */
  tokenCost(base?: ToolEntry): number {
    return (this.costCache ??= definitionTokens(this.info(base)));
  }

  /** The models this tool is for, as a person reads them (`family=gpt-5*`); built on first use. */
  get selectors(): string {
    return (this.selectorsCache ??= describeSelectors(this.definition.models));
  }

  isAvailable(context: Readonly<Record<string, unknown>>): boolean {
    if (this.whenError) return false;
    return this.when ? this.when.evaluate(context) : true;
  }
}
