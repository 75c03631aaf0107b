// Two flavours of every extension from one source. The package.json in each app folder is the
// proposal flavour (VS Code Insiders, `--enable-proposed-api`, code-server): toolsets, per-model
// tools in VS Code's agent mode, the picker's choices per request. The Marketplace flavour is
// derived from it at package time: no enabledApiProposals and no contribution that needs one, so
// `vsce publish` takes it and stable VS Code runs it; the runtime finds out at run time which
// proposals it was given and serves the rest through the @toolpacks participant.
import type { ToolPack } from '@toolpacks/registry/host';
import { checkManifest, PACK_PROPOSALS, generateContributions } from './contributions';
import type { Contributions, ExtensionManifest } from './contributions';

export type Flavour = 'marketplace' | 'proposed';

/** Where `npx nx run-many -t package` puts each flavour's .vsix files (relative to the workspace root). */
export const FLAVOUR_VSIX_DIRS: Readonly<Record<Flavour, string>> = {
  marketplace: 'dist/vsix',
  proposed: 'dist/vsix-proposed',
};

/**
 * Contributions that need a proposal in VS Code 1.139 (the extension's contributes.<key> is ignored,
 * with an error in the log, without it): none of them may be in the Marketplace flavour.
 */
export const PROPOSAL_CONTRIBUTIONS: Readonly<Record<string, string>> = {
  languageModelToolSets: PACK_PROPOSALS.toolSets,
};

/**
 * A pack's contributions for the Marketplace flavour: every general tool (no models, no override),
 * since nothing registers the per-model variants in VS Code there; each `#`-referenceable on its own
 * unless its pack says not (there are no toolsets to reference it through); no toolsets, no proposals.
 */
export function marketplaceContributions(pack: ToolPack): Contributions {
  const proposed = generateContributions(pack);
  const byName = new Map(proposed.languageModelTools.map((t) => [t.name, t]));
  const languageModelTools = pack.tools
    .map((t) => t.definition)
    .filter((d) => !d.models?.length && !d.overridesTool)
    .map((d) => {
      const generated = byName.get(d.name) ?? generateContributions(soloPack(pack, d)).languageModelTools[0];
      const { canBeReferencedInPrompt: _inSet, ...rest } = generated;
      return {
        ...rest,
        toolReferenceName: rest.toolReferenceName ?? d.name,
        canBeReferencedInPrompt: d.canBeReferencedInPrompt ?? true,
      };
    });
  return { languageModelTools, languageModelToolSets: [], enabledApiProposals: [] };
}

/** The pack with this one tool and no toolsets: how generateContributions writes a tool on its own. */
function soloPack(pack: ToolPack, definition: ToolPack['tools'][number]['definition']): ToolPack {
  const tool = pack.tools.find((t) => t.definition === definition)!;
  return { ...pack, tools: [tool], toolSets: [] };
}

/**
 * The Marketplace flavour of an extension's manifest (the proposal flavour as written in the app
 * folder): no enabledApiProposals, no contribution that needs one; a pack's tools as
 * {@link marketplaceContributions} says.
 */
export function marketplaceManifest(manifest: ExtensionManifest, contributions?: Contributions): ExtensionManifest {
  const { enabledApiProposals: _proposals, enableProposedApi: _all, ...rest } = manifest;
  const contributes: Record<string, unknown> = { ...(manifest.contributes ?? {}) };
  for (const key of Object.keys(PROPOSAL_CONTRIBUTIONS)) delete contributes[key];
  if (contributions) contributes.languageModelTools = contributions.languageModelTools;
  return { ...rest, contributes };
}

/**
 * What keeps a Marketplace manifest from `vsce publish` or from working in stable VS Code: a
 * proposal declared, or a contribution that needs one; plus the checks every manifest gets (names,
 * one picker entry per job, drift from the definitions). The bundle may still name proposed APIs:
 * the runtime calls them only where VS Code grants them (libs/host-vscode/src/proposedApi.ts).
 */
export function checkMarketplaceManifest(manifest: ExtensionManifest, expected?: Contributions): string[] {
  const problems: string[] = [];
  if (manifest.enabledApiProposals?.length)
    problems.push(
      `The Marketplace flavour declares enabledApiProposals (${manifest.enabledApiProposals.join(', ')}): vsce publish refuses it and stable VS Code grants none; leave them to the proposal flavour.`,
    );
  if (manifest.enableProposedApi)
    problems.push('The Marketplace flavour sets enableProposedApi: vsce publish refuses it; remove it.');
  for (const [key, proposal] of Object.entries(PROPOSAL_CONTRIBUTIONS))
    if (manifest.contributes && key in manifest.contributes)
      problems.push(
        `The Marketplace flavour contributes ${key}, which needs the "${proposal}" proposal: stable VS Code ignores it; leave it to the proposal flavour.`,
      );
  // The shared checks, minus the proposals they would ask for: this flavour declares none on purpose.
  const shared = checkManifest(
    manifest,
    expected ? { ...expected, enabledApiProposals: [] } : undefined,
    undefined,
  ).filter((p) => !/enabledApiProposals/.test(p));
  return [...problems, ...shared];
}
