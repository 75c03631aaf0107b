// What a pack extension's package.json tells the runtime: which of its tools VS Code already knows
// from the manifest (the rest are registered at run time), and the name each toolset has in VS Code.
// The contributions target writes both from the pack and check-contributions keeps them in step, so
// the runtime follows the manifest rather than a second copy of that rule.
import type { ToolPack } from '@toolpacks/registry/host';

/** The manifest's view of a pack, and what in it does not fit the pack. */
export interface PackManifestInfo {
  /** Tools contributed in package.json; undefined when the manifest has no languageModelTools. */
  readonly contributed?: ReadonlySet<string>;
  /** Registry toolset name → VS Code toolset name. */
  readonly toolSetNames: ReadonlyMap<string, string>;
  /** What in the manifest does not fit the pack, for the output channel. */
  readonly problems: readonly string[];
}

/**
 * Reads a pack extension's manifest. Its toolsets are the pack's, in the pack's order, each named
 * `<prefix><registry name>` (the contributions target writes them so); one that is not is reported
 * and left without a VS Code name.
 */
export function packManifestInfo(pack: ToolPack, manifest: unknown): PackManifestInfo {
  const contributes = (manifest as { contributes?: Record<string, unknown> } | undefined)?.contributes;
  const tools = contributes?.languageModelTools;
  const contributed = Array.isArray(tools)
    ? new Set(tools.map((t) => (t as { name?: unknown })?.name).filter((n): n is string => typeof n === 'string'))
    : undefined;
  // The Marketplace flavour contributes no toolsets (they need a proposal): nothing to match then.
  if (contributes && !('languageModelToolSets' in contributes))
    return { contributed, toolSetNames: new Map(), problems: [] };
  const sets = Array.isArray(contributes?.languageModelToolSets) ? contributes.languageModelToolSets : [];
  const toolSetNames = new Map<string, string>();
  const problems: string[] = [];
  (pack.toolSets ?? []).forEach((set, index) => {
    const name = (sets[index] as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string' && name.endsWith(set.name)) toolSetNames.set(set.name, name);
    else
      problems.push(
        `Toolset '${set.name}' is not where the contributions target puts it in package.json ` +
          `(contributes.languageModelToolSets[${index}] ` +
          `is ${JSON.stringify(name)}): its per-model tools are registered outside any VS Code toolset. ` +
          `Run the pack extension's contributions target.`,
      );
  });
  return { contributed, toolSetNames, problems };
}
