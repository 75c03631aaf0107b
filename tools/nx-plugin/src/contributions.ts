// package.json contributions generated from a pack's definitions, so the static (package.json) and
// runtime (registry) registrations can never disagree; plus the checks VS Code would otherwise
// only report in its log.
import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_SCHEMA_DIALECTS,
  schemaReport,
  type ModelInfo,
  type SchemaRuleName,
  type ToolPack,
} from '@toolpacks/registry/host';

/** VS Code's rule for contributed tool names. */
export const VSCODE_TOOL_NAME = /^(?!copilot_|vscode_)[\w-]+$/;

/** Proposed API → the proposal an extension must declare in enabledApiProposals to call it. */
export const PROPOSED_APIS: Readonly<Record<string, string>> = {
  registerToolDefinition: 'languageModelToolSupportsModel',
};

export interface Contributions {
  readonly languageModelTools: readonly Record<string, unknown>[];
  readonly languageModelToolSets: readonly Record<string, unknown>[];
}

/**
 * General tools are contributed; model-specific tools and overrides are not (VS Code has no field
 * for them): the runtime registers those at run time where the host allows.
 */
export function generateContributions(pack: ToolPack): Contributions {
  const languageModelTools = pack.tools
    .map((t) => t.definition)
    .filter((d) => !d.models?.length && !d.overridesTool)
    .map((d) =>
      compact({
        name: d.name,
        displayName: d.displayName ?? d.name,
        toolReferenceName: d.toolReferenceName,
        canBeReferencedInPrompt: d.canBeReferencedInPrompt,
        userDescription: d.userDescription,
        modelDescription: d.modelDescription,
        icon: d.icon,
        when: d.when,
        tags: d.tags?.length ? [...d.tags, `toolpacks:${pack.id}`] : [`toolpacks:${pack.id}`],
        inputSchema: d.inputSchema,
      }),
    );
  const languageModelToolSets = (pack.toolSets ?? []).map((s) =>
    compact({
      name: s.name,
      description: s.description,
      icon: s.icon ? `$(${s.icon})` : undefined,
      tools: [...s.tools],
    }),
  );
  return { languageModelTools, languageModelToolSets };
}

export interface ExtensionManifest {
  name?: string;
  enabledApiProposals?: string[];
  contributes?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Problems of a manifest: drift from the definitions, names VS Code refuses, undeclared proposals. */
export function checkManifest(
  manifest: ExtensionManifest,
  expected: Contributions | undefined,
  bundleText: string | undefined,
): string[] {
  const problems: string[] = [];
  const tools = (manifest.contributes?.languageModelTools ?? []) as {
    name?: string;
    toolReferenceName?: string;
    canBeReferencedInPrompt?: boolean;
  }[];
  for (const tool of tools) {
    if (typeof tool.name !== 'string' || !VSCODE_TOOL_NAME.test(tool.name))
      problems.push(`Tool name ${JSON.stringify(tool.name)} breaks VS Code's rule ${VSCODE_TOOL_NAME.source}.`);
    if (tool.canBeReferencedInPrompt && !tool.toolReferenceName)
      problems.push(`Tool '${tool.name}' sets canBeReferencedInPrompt without a toolReferenceName.`);
  }
  if (expected) {
    if (!isDeepStrictEqual(manifest.contributes?.languageModelTools ?? [], expected.languageModelTools))
      problems.push(
        'contributes.languageModelTools differs from the pack definitions; run the contributions target to regenerate it.',
      );
    if (!isDeepStrictEqual(manifest.contributes?.languageModelToolSets ?? [], expected.languageModelToolSets))
      problems.push(
        'contributes.languageModelToolSets differs from the pack definitions; run the contributions target to regenerate it.',
      );
  }
  if (bundleText !== undefined) {
    for (const [api, proposal] of Object.entries(PROPOSED_APIS)) {
      if (new RegExp(`\\b${api}\\b`).test(bundleText) && !(manifest.enabledApiProposals ?? []).includes(proposal))
        problems.push(`The extension uses ${api}, which needs "${proposal}" in enabledApiProposals.`);
    }
  }
  return problems;
}

/** The manifest with its contributions replaced by generated ones. */
export function withContributions(manifest: ExtensionManifest, contributions: Contributions): ExtensionManifest {
  return { ...manifest, contributes: { ...(manifest.contributes ?? {}), ...contributions } };
}

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** One model per built-in schema dialect: what the contributions check adapts every tool for. */
export const DIALECT_MODELS: readonly ModelInfo[] = [
  { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: 'gpt-5' },
  { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: 'gpt-4.1' },
  { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: 'claude-sonnet-4' },
  { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: 'gemini-2.5-pro' },
];

/**
 * Changes every model's API needs (Copilot Chat refuses such a tool: an array without items, a
 * schema that is not an object) or that lose what the pack meant: the pack should say it right.
 */
const PACK_PROBLEMS: ReadonlySet<SchemaRuleName> = new Set([
  'object-root',
  'top-level-keyword',
  'array-items',
  'required-defined',
  'name',
]);

/**
 * The pack's tools adapted to each model of DIALECT_MODELS: problems (the pack should change) and
 * notes (what a model family is sent differently; `toolpacks lint --family` lists it).
 */
export function checkSchemas(pack: ToolPack): { problems: string[]; notes: string[] } {
  const tools = pack.tools.map((t) => ({ definition: t.definition, packId: pack.id }));
  const problems = new Set<string>();
  const notes: string[] = [];
  for (const model of DIALECT_MODELS) {
    const report = schemaReport(tools, model, DEFAULT_SCHEMA_DIALECTS);
    for (const tool of report.changed)
      for (const change of tool.changes)
        if (PACK_PROBLEMS.has(change.rule))
          problems.add(
            `Tool '${tool.name}'${change.path ? ` at ${change.path}` : ''}: ${change.detail}${change.lost ? ` (lost: ${change.lost})` : ''}.`,
          );
    if (report.changed.length)
      notes.push(
        `${model.family}: ${report.changed.length} of ${report.checked} tools are sent changed (\`toolpacks lint --family ${model.family}\` lists how).`,
      );
  }
  return { problems: [...problems], notes };
}
