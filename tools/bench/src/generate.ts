// Seeded synthetic installations: N tools over P packs with model-specific variants, overrides,
// nested toolsets and when clauses, a selection with some toolsets off, and request mixes over
// several models. The same seed gives the same installation.
import {
  definePack,
  textResult,
  type ModelInfo,
  type ResolveRequest,
  type Tool,
  type ToolDefinition,
  type ToolPack,
  type ToolSelection,
} from '@toolpacks/registry/host';

export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MODELS: readonly ModelInfo[] = [
  { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '2025-04-14' },
  { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '2025-08-07' },
  { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '001' },
  { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
];

const WHEN_CLAUSES = [
  "debugState == 'stopped'",
  'gitOpenRepositoryCount > 0',
  'editorLangId == typescript || editorLangId == javascript',
  '!isWeb && workspaceFolderCount >= 1',
];
export const CONTEXTS: readonly Record<string, unknown>[] = [
  {
    debugState: 'inactive',
    gitOpenRepositoryCount: 1,
    editorLangId: 'typescript',
    isWeb: false,
    workspaceFolderCount: 1,
  },
  { debugState: 'stopped', gitOpenRepositoryCount: 1, editorLangId: 'python', isWeb: false, workspaceFolderCount: 1 },
  {
    debugState: 'running',
    gitOpenRepositoryCount: 0,
    editorLangId: 'javascript',
    isWeb: true,
    workspaceFolderCount: 0,
  },
];

/** A no-op tool: what is measured is the registry around it. */
export const NOOP_TOOL: Tool = { invoke: () => textResult('ok') };

/** A JSON Schema with five described properties; `variant` makes distinct schemas. */
export function fivePropertySchema(variant: number): ToolDefinition['inputSchema'] {
  return {
    type: 'object',
    properties: {
      [`path${variant}`]: { type: 'string', description: 'A workspace path.' },
      query: { type: 'string', description: 'What to look for.' },
      maxResults: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many.' },
      caseSensitive: { type: 'boolean', description: 'Match case.' },
      mode: { type: 'string', enum: ['fast', 'full'], description: 'How thorough.' },
    },
    required: [`path${variant}`, 'query'],
    additionalProperties: false,
  };
}

export interface Installation {
  readonly packs: readonly ToolPack[];
  readonly toolSetNames: readonly string[];
  /** Some toolsets off, as a user would leave the picker. */
  readonly selection: ToolSelection;
  /** A mix over models, contexts and selections. */
  readonly requests: readonly ResolveRequest[];
  readonly counts: {
    readonly general: number;
    readonly modelSpecific: number;
    readonly overrides: number;
    readonly withWhen: number;
  };
}

export interface GenerateOptions {
  readonly tools: number;
  readonly packs: number;
  readonly seed?: number;
  readonly modelSpecificShare?: number;
  readonly overrideShare?: number;
  readonly whenShare?: number;
  /** Share schemas between tools (memory scenario: "schemas excluded"). */
  readonly sharedSchema?: boolean;
  /** Prefix of pack, tool and toolset names, so two installations can share a registry. */
  readonly prefix?: string;
}

export function generateInstallation(options: GenerateOptions): Installation {
  const rnd = random(options.seed ?? 42);
  const prefix = options.prefix ?? 'p';
  const perPack = Math.ceil(options.tools / options.packs);
  const shared = fivePropertySchema(0);
  const counts = { general: 0, modelSpecific: 0, overrides: 0, withWhen: 0 };
  const packs: ToolPack[] = [];
  const toolSetNames: string[] = [];
  let made = 0;
  for (let p = 0; p < options.packs && made < options.tools; p++) {
    const tools: { definition: ToolDefinition; implementation: Tool }[] = [];
    const general: string[] = [];
    for (let i = 0; i < perPack && made < options.tools; i++, made++) {
      const name = `${prefix}${p}_tool_${i}`;
      const schema = options.sharedSchema ? shared : fivePropertySchema(made);
      const roll = rnd();
      let definition: ToolDefinition;
      if (general.length > 0 && roll < (options.modelSpecificShare ?? 0.1)) {
        // A variant of an earlier tool of the pack, for GPT-5 models, under the same picker entry.
        definition = {
          name,
          toolReferenceName: general[Math.floor(rnd() * general.length)],
          modelDescription: `GPT-5 variant ${name}.`,
          inputSchema: schema,
          models: [{ family: 'gpt-5*' }],
        };
        counts.modelSpecific++;
      } else if (general.length > 0 && roll < (options.modelSpecificShare ?? 0.1) + (options.overrideShare ?? 0.05)) {
        definition = {
          name,
          overridesTool: general[Math.floor(rnd() * general.length)],
          modelDescription: `Gemini override ${name}.`,
          inputSchema: schema,
          models: [{ family: 'gemini*' }],
        };
        counts.overrides++;
      } else {
        const when =
          rnd() < (options.whenShare ?? 0.2) ? WHEN_CLAUSES[Math.floor(rnd() * WHEN_CLAUSES.length)] : undefined;
        if (when) counts.withWhen++;
        definition = {
          name,
          modelDescription: `Tool ${name}: does one synthetic thing and returns a short text.`,
          inputSchema: schema,
          tags: ['bench'],
          ...(when ? { when } : {}),
        };
        general.push(name);
        counts.general++;
      }
      tools.push({ definition, implementation: NOOP_TOOL });
    }
    // Three toolsets over the pack's general tools, nested under one pack-wide set.
    const thirds = [0, 1, 2].map((k) => general.filter((_, i) => i % 3 === k)).filter((members) => members.length > 0);
    const sets = thirds.map((members, k) => ({
      name: `${prefix}${p}_set_${k}`,
      description: `Pack ${p}, part ${k}.`,
      tools: members,
    }));
    const all = { name: `${prefix}${p}_all`, description: `Everything of pack ${p}.`, tools: sets.map((s) => s.name) };
    toolSetNames.push(...sets.map((s) => s.name), all.name);
    packs.push(
      definePack({
        id: `bench-${prefix}${p}`,
        displayName: `Bench pack ${p}`,
        version: '1.0.0',
        tools,
        toolSets: [...sets, all],
      }),
    );
  }
  const selection: ToolSelection = {
    toolSets: Object.fromEntries(toolSetNames.filter((_, i) => i % 7 === 3).map((name) => [name, false])),
  };
  const requests: ResolveRequest[] = [];
  // Flat requests (no virtual grouping): ours and the baseline produce the same list, so the
  // comparison is about cost only. Grouping is measured by the token-cost scenario.
  for (const model of MODELS)
    for (const context of CONTEXTS)
      for (const sel of [undefined, selection])
        requests.push({
          model: { ...model, maxTools: 1_000_000 },
          context,
          selection: sel,
          virtualTools: { threshold: 1_000_000 },
        });
  return { packs, toolSetNames, selection, requests, counts };
}
