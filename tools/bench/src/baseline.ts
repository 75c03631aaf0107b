// The baseline: resolution and invocation written the straightforward way the anchor
// implementation works — on every request scan every registered tool and filter by selector, when
// clause (parsed once, at registration), selection map and overrides, deep-cloning each schema for
// the request and adapting it to the model's dialect; Ajv validators kept in an LRU of 16. It applies the same rules as the registry (the
// smoke test checks both resolve to the same tools), so the comparison is about cost, not semantics.
import Ajv, { type ValidateFunction } from 'ajv';
import {
  adaptTool,
  DEFAULT_SCHEMA_DIALECTS,
  dialectFor,
  matchSpecificity,
  parseWhenClause,
  type LanguageModelToolInformation,
  type ResolveRequest,
  type Tool,
  type ToolDefinition,
  type ToolPack,
  type ToolSetDefinition,
  type WhenClause,
} from '@toolpacks/registry/host';

interface BaselineTool {
  readonly definition: ToolDefinition;
  readonly referenceName: string;
  readonly when?: WhenClause;
  readonly implementation: Tool;
}

export class BaselineRegistry {
  private readonly tools: BaselineTool[] = [];
  private readonly toolSets: ToolSetDefinition[] = [];
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly validators = new Map<string, { validate: ValidateFunction; schema: object }>();
  static readonly LRU_SIZE = 16;

  loadPack(pack: ToolPack): void {
    for (const { definition, implementation } of pack.tools) {
      this.tools.push({
        definition,
        referenceName: definition.toolReferenceName ?? definition.name,
        when: definition.when ? parseWhenClause(definition.when) : undefined,
        implementation: implementation as Tool,
      });
    }
    this.toolSets.push(...(pack.toolSets ?? []));
  }

  resolve(request: ResolveRequest): LanguageModelToolInformation[] {
    const context = request.context ?? {};
    // Which toolsets hold each tool, and each toolset's parents, rebuilt for the request.
    const directSets = new Map<string, string[]>();
    const parents = new Map<string, string[]>();
    const setNames = new Set(this.toolSets.map((s) => s.name));
    for (const set of this.toolSets) {
      for (const member of set.tools) {
        const map = setNames.has(member) ? parents : directSets;
        map.set(member, [...(map.get(member) ?? []), set.name]);
      }
    }
    // Variants and overrides: one pass over every tool.
    const best = new Map<string, { tool: BaselineTool; score: number }>();
    const overrides = new Map<string, { tool: BaselineTool; score: number }>();
    for (const tool of this.tools) {
      const score = matchSpecificity(tool.definition.models, request.model);
      if (score < 0) continue;
      const target = tool.definition.overridesTool ? overrides : best;
      const key = tool.definition.overridesTool ?? tool.referenceName;
      const current = target.get(key);
      if (!current || score > current.score) target.set(key, { tool, score });
    }
    const result: LanguageModelToolInformation[] = [];
    const dialect = dialectFor(request.model, DEFAULT_SCHEMA_DIALECTS);
    for (const tool of this.tools) {
      if (best.get(tool.referenceName)?.tool !== tool) continue;
      if (tool.when && !tool.when.evaluate(context)) continue;
      if (!this.isSelected(tool.referenceName, request.selection, directSets, parents)) continue;
      const override = overrides.get(tool.definition.name)?.tool;
      const source = override ?? tool;
      if (override?.when && !override.when.evaluate(context)) continue;
      const schema = source.definition.inputSchema ?? tool.definition.inputSchema;
      // Each definition cloned and put in the model's dialect for every request.
      result.push(
        adaptTool(
          {
            name: tool.definition.name,
            description: source.definition.modelDescription,
            ...(schema ? { inputSchema: structuredClone(schema) } : {}),
          },
          dialect,
        ).info,
      );
    }
    return result;
  }

  /** Validates with an LRU(16) of compiled validators, then runs the tool. */
  async invoke(resolved: readonly LanguageModelToolInformation[], name: string, input: unknown): Promise<unknown> {
    const tool = resolved.find((t) => t.name === name);
    if (!tool) return { status: 'unknown-tool' };
    let entry = this.validators.get(name);
    if (entry) {
      this.validators.delete(name);
    } else {
      const schema = tool.inputSchema ?? {};
      entry = { validate: this.ajv.compile(schema), schema };
      if (this.validators.size >= BaselineRegistry.LRU_SIZE) {
        // An evicted validator is gone for real: Ajv would otherwise keep it in its own cache.
        const [evicted, old] = this.validators.entries().next().value!;
        this.validators.delete(evicted);
        this.ajv.removeSchema(old.schema);
      }
    }
    this.validators.set(name, entry);
    if (!entry.validate(input)) return { status: 'invalid-input' };
    const implementation = this.tools.find((t) => t.definition.name === name)!.implementation;
    return implementation.invoke(
      { input },
      { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) },
    );
  }

  private isSelected(
    reference: string,
    selection: ResolveRequest['selection'],
    directSets: Map<string, string[]>,
    parents: Map<string, string[]>,
  ): boolean {
    const own = selection?.tools?.[reference];
    if (own !== undefined) return own;
    let level = directSets.get(reference) ?? [];
    const seen = new Set<string>();
    while (level.length) {
      let decided: boolean | undefined;
      for (const set of level) {
        const choice = selection?.toolSets?.[set];
        if (choice === true) return true;
        if (choice === false) decided = false;
      }
      if (decided !== undefined) return decided;
      const next: string[] = [];
      for (const set of level)
        for (const parent of parents.get(set) ?? [])
          if (!seen.has(parent)) {
            seen.add(parent);
            next.push(parent);
          }
      level = next;
    }
    return true;
  }
}
