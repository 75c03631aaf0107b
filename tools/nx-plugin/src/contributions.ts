// package.json contributions generated from a pack's definitions, so the static (package.json) and
// runtime (registry) registrations can never disagree; plus the checks VS Code would otherwise
// only report in its log.
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_SCHEMA_DIALECTS, schemaReport } from '@toolpacks/registry/host';
import type { ModelInfo, SchemaRuleName, ToolPack } from '@toolpacks/registry/host';

/** VS Code's rule for contributed tool names. */
export const VSCODE_TOOL_NAME = /^(?!copilot_|vscode_)[\w-]+$/;

/**
 * The toolsets VS Code itself offers (1.139: `read`, `edit`, `search`, `execute`, `agent`, `todo`,
 * `vscode`, `web` from core and Copilot Chat, `new` from Copilot Chat). A contributed set of the same
 * name shows up as a second `#read` beside VS Code's own.
 */
export const VSCODE_BUILTIN_TOOLSETS: readonly string[] = [
  'read',
  'edit',
  'search',
  'execute',
  'agent',
  'todo',
  'vscode',
  'web',
  'new',
];

/**
 * Every pack's toolset reaches VS Code as `toolpacks-<its name>` (`#toolpacks-git`, `tools:
 * ['toolpacks-git']`): VS Code's toolset names share one namespace with its built-in sets and every
 * other extension's, so ours carry a prefix no one else uses. Inside the registry (CLI, MCP) the set
 * keeps its own short name, which no other party's names meet there.
 */
export const VSCODE_TOOLSET_PREFIX = 'toolpacks-';

/** The name a pack's toolset has in VS Code. */
export function vscodeToolSetName(name: string): string {
  return `${VSCODE_TOOLSET_PREFIX}${name}`;
}

/** Proposed API → the proposal an extension must declare in enabledApiProposals to call it. */
export const PROPOSED_APIS: Readonly<Record<string, string>> = {
  registerToolDefinition: 'languageModelToolSupportsModel',
  onDidChangeChatRequestTools: 'chatParticipantAdditions',
};

/**
 * Proposals a pack extension needs for what it contributes (VS Code 1.139 refuses the contribution
 * or the call without them): `languageModelToolSets` needs contribLanguageModelToolSets; the tools
 * the runtime registers per model through the pack's own `vscode.lm` need
 * languageModelToolSupportsModel (registerToolDefinition) and chatParticipantAdditions (so VS Code
 * names the model an invocation was made for).
 */
export const PACK_PROPOSALS = {
  toolSets: 'contribLanguageModelToolSets',
  perModelTools: ['languageModelToolSupportsModel', 'chatParticipantAdditions'],
} as const;

export interface Contributions {
  readonly languageModelTools: readonly Record<string, unknown>[];
  readonly languageModelToolSets: readonly Record<string, unknown>[];
  /** The proposals the extension must declare for these contributions and the tools registered at run time. */
  readonly enabledApiProposals: readonly string[];
}

type Definition = ToolPack['tools'][number]['definition'];

const referenceOf = (d: Definition) => d.toolReferenceName ?? d.name;

/**
 * Whether VS Code learns the tool from package.json. Not contributed: model-specific tools and
 * overrides (package.json has no field for models), and a general tool whose job a model-specific
 * tool of the pack does too (same toolReferenceName, or in its `replaces`): the runtime registers
 * each of those for exactly the models it serves, so VS Code's picker shows one entry per job.
 */
export function isContributed(pack: ToolPack, definition: Definition): boolean {
  if (definition.models?.length || definition.overridesTool) return false;
  const job = referenceOf(definition);
  return !pack.tools.some(
    ({ definition: d }) =>
      !!d.models?.length && !d.overridesTool && (referenceOf(d) === job || !!d.replaces?.includes(job)),
  );
}

/** A toolset's members as the registry sees them: what it lists, and the tools that name it in `toolSet`. */
function members(pack: ToolPack, set: { name: string; tools: readonly string[] }): string[] {
  const declared = pack.tools.filter((t) => t.definition.toolSet === set.name).map((t) => referenceOf(t.definition));
  return [...new Set([...set.tools, ...declared])];
}

/**
 * package.json contributions of a pack's extension. Tools in a toolset are not marked
 * canBeReferencedInPrompt: VS Code's picker lists such a tool inside its set and again on its own
 * (and registerToolDefinition follows the same rule); they stay `#`-referenceable through the set.
 */
export function generateContributions(pack: ToolPack): Contributions {
  const sets = pack.toolSets ?? [];
  const setNames = new Set(sets.map((s) => s.name));
  const inSomeSet = new Set(sets.flatMap((s) => members(pack, s)));
  const contributed = pack.tools.map((t) => t.definition).filter((d) => isContributed(pack, d));
  const contributedJobs = new Set(contributed.map(referenceOf));
  const languageModelTools = contributed.map((d) =>
    compact({
      name: d.name,
      displayName: d.displayName ?? d.name,
      toolReferenceName: d.toolReferenceName,
      canBeReferencedInPrompt: inSomeSet.has(referenceOf(d)) ? undefined : d.canBeReferencedInPrompt,
      userDescription: d.userDescription,
      modelDescription: d.modelDescription,
      icon: codicon(d.icon),
      when: d.when,
      tags: d.tags?.length ? [...d.tags, `toolpacks:${pack.id}`] : [`toolpacks:${pack.id}`],
      inputSchema: d.inputSchema,
    }),
  );
  // A set lists only what VS Code finds at startup (VS Code matches members by toolReferenceName,
  // and a missing one it fills later with whichever tool of that name comes first); the runtime adds
  // the per-model tools to the set itself.
  const languageModelToolSets = sets.map((s) =>
    compact({
      name: vscodeToolSetName(s.name),
      description: s.description,
      icon: codicon(s.icon),
      tools: members(pack, s)
        .filter((m) => setNames.has(m) || contributedJobs.has(m))
        .map((m) => (setNames.has(m) ? vscodeToolSetName(m) : m)),
    }),
  );
  const perModel = pack.tools.some((t) => !t.definition.overridesTool && !isContributed(pack, t.definition));
  const enabledApiProposals = [
    ...(sets.length ? [PACK_PROPOSALS.toolSets] : []),
    ...(perModel ? PACK_PROPOSALS.perModelTools : []),
  ];
  return { languageModelTools, languageModelToolSets, enabledApiProposals };
}

/** A codicon name as VS Code's manifest wants it (`$(book)`); a value already in that form is kept. */
function codicon(icon: string | undefined): string | undefined {
  if (icon === undefined) return undefined;
  return icon.startsWith('$(') ? icon : `$(${icon})`;
}

export interface ExtensionManifest {
  name?: string;
  enabledApiProposals?: string[];
  contributes?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Problems of a manifest: drift from the definitions, names VS Code refuses or that collide with
 * its built-in toolsets, one job listed twice in the picker, undeclared proposals.
 */
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
  const sets = (manifest.contributes?.languageModelToolSets ?? []) as { name?: string; tools?: string[] }[];
  const proposals = manifest.enabledApiProposals ?? [];
  for (const tool of tools) {
    if (typeof tool.name !== 'string' || !VSCODE_TOOL_NAME.test(tool.name))
      problems.push(`Tool name ${JSON.stringify(tool.name)} breaks VS Code's rule ${VSCODE_TOOL_NAME.source}.`);
    if (tool.canBeReferencedInPrompt && !tool.toolReferenceName)
      problems.push(`Tool '${tool.name}' sets canBeReferencedInPrompt without a toolReferenceName.`);
  }
  problems.push(...checkPickerEntries(tools, sets));
  for (const set of sets) {
    if (typeof set.name !== 'string') continue;
    if (VSCODE_BUILTIN_TOOLSETS.includes(set.name))
      problems.push(
        `Toolset '${set.name}' takes the name of VS Code's built-in toolset (${VSCODE_BUILTIN_TOOLSETS.join(', ')}): two #${set.name} would show; name it '${vscodeToolSetName(set.name)}'.`,
      );
    else if (!set.name.startsWith(VSCODE_TOOLSET_PREFIX))
      problems.push(
        `Toolset '${set.name}' is outside the '${VSCODE_TOOLSET_PREFIX}' namespace, where it could meet another extension's toolset; name it '${vscodeToolSetName(set.name)}'.`,
      );
    if (!set.tools?.length)
      problems.push(
        `Toolset '${set.name}' lists no tool of package.json: VS Code refuses a set none of whose tools it finds at startup.`,
      );
  }
  if (sets.length && !proposals.includes(PACK_PROPOSALS.toolSets))
    problems.push(
      `contributes.languageModelToolSets needs "${PACK_PROPOSALS.toolSets}" in enabledApiProposals (VS Code 1.139 ignores the sets without it).`,
    );
  if (expected) {
    if (!isDeepStrictEqual(manifest.contributes?.languageModelTools ?? [], expected.languageModelTools))
      problems.push(
        'contributes.languageModelTools differs from the pack definitions; run the contributions target to regenerate it.',
      );
    if (!isDeepStrictEqual(manifest.contributes?.languageModelToolSets ?? [], expected.languageModelToolSets))
      problems.push(
        'contributes.languageModelToolSets differs from the pack definitions; run the contributions target to regenerate it.',
      );
    const missing = expected.enabledApiProposals.filter((p) => !proposals.includes(p));
    if (missing.length)
      problems.push(
        `enabledApiProposals lacks ${missing.map((p) => `"${p}"`).join(', ')}, which the pack's tools need; run the contributions target to regenerate it.`,
      );
  }
  if (bundleText !== undefined) {
    for (const [api, proposal] of Object.entries(PROPOSED_APIS)) {
      if (new RegExp(`\\b${api}\\b`).test(bundleText) && !proposals.includes(proposal))
        problems.push(`The extension uses ${api}, which needs "${proposal}" in enabledApiProposals.`);
    }
  }
  return problems;
}

/** One picker entry per job: no two tools with one toolReferenceName, no set member also listed on its own. */
function checkPickerEntries(
  tools: readonly { name?: string; toolReferenceName?: string; canBeReferencedInPrompt?: boolean }[],
  sets: readonly { name?: string; tools?: string[] }[],
): string[] {
  const problems: string[] = [];
  const byJob = new Map<string, string[]>();
  for (const tool of tools) {
    const job = tool.toolReferenceName ?? tool.name ?? '';
    byJob.set(job, [...(byJob.get(job) ?? []), String(tool.name)]);
  }
  for (const [job, names] of byJob)
    if (names.length > 1)
      problems.push(
        `Tools ${names.map((n) => `'${n}'`).join(' and ')} share the picker entry '${job}': VS Code lists it ${names.length} times.`,
      );
  const listed = new Set(sets.flatMap((s) => s.tools ?? []));
  for (const tool of tools)
    if (tool.canBeReferencedInPrompt && listed.has(tool.toolReferenceName ?? String(tool.name)))
      problems.push(
        `Tool '${tool.name}' is in a toolset and canBeReferencedInPrompt: VS Code's picker lists it twice (in the set and on its own).`,
      );
  return problems;
}

/** The manifest with its contributions replaced by generated ones and the proposals they need declared. */
export function withContributions(manifest: ExtensionManifest, contributions: Contributions): ExtensionManifest {
  const { enabledApiProposals, ...contributes } = contributions;
  const proposals = [...new Set([...(manifest.enabledApiProposals ?? []), ...enabledApiProposals])];
  const updated: ExtensionManifest = {};
  // A new enabledApiProposals goes just before contributes, where a person writing it by hand would put it.
  const keys = Object.keys(manifest).filter((k) => k !== 'enabledApiProposals');
  for (const key of keys.includes('contributes') ? keys : [...keys, 'contributes']) {
    if (key === 'contributes') {
      if (proposals.length) updated.enabledApiProposals = proposals;
      updated.contributes = { ...(manifest.contributes ?? {}), ...contributes };
    } else updated[key] = manifest[key];
  }
  return updated;
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
