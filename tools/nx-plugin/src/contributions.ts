// package.json contributions generated from a pack's definitions, so the static (package.json) and
// runtime (registry) registrations can never disagree; plus the checks VS Code would otherwise
// only report in its log.
import { isDeepStrictEqual } from 'node:util';
import type { ToolPack } from '@toolpacks/registry';

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
  const languageModelToolSets = (pack.toolSets ?? []).map((s) => compact({ name: s.name, description: s.description, icon: s.icon ? `$(${s.icon})` : undefined, tools: [...s.tools] }));
  return { languageModelTools, languageModelToolSets };
}

export interface ExtensionManifest {
  name?: string;
  enabledApiProposals?: string[];
  contributes?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Problems of a manifest: drift from the definitions, names VS Code refuses, undeclared proposals. */
export function checkManifest(manifest: ExtensionManifest, expected: Contributions | undefined, bundleText: string | undefined): string[] {
  const problems: string[] = [];
  const tools = (manifest.contributes?.languageModelTools ?? []) as { name?: string; toolReferenceName?: string; canBeReferencedInPrompt?: boolean }[];
  for (const tool of tools) {
    if (typeof tool.name !== 'string' || !VSCODE_TOOL_NAME.test(tool.name)) problems.push(`Tool name ${JSON.stringify(tool.name)} breaks VS Code's rule ${VSCODE_TOOL_NAME.source}.`);
    if (tool.canBeReferencedInPrompt && !tool.toolReferenceName) problems.push(`Tool '${tool.name}' sets canBeReferencedInPrompt without a toolReferenceName.`);
  }
  if (expected) {
    if (!isDeepStrictEqual(manifest.contributes?.languageModelTools ?? [], expected.languageModelTools))
      problems.push('contributes.languageModelTools differs from the pack definitions; run the contributions target to regenerate it.');
    if (!isDeepStrictEqual(manifest.contributes?.languageModelToolSets ?? [], expected.languageModelToolSets))
      problems.push('contributes.languageModelToolSets differs from the pack definitions; run the contributions target to regenerate it.');
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
