export interface ToolGeneratorSchema {
  /** The tool name, {verb}_{noun}. */
  name: string;
  /** The <name> of @toolpacks/pack-<name>. */
  pack: string;
  /** The toolset to list the tool in (default: the pack's first toolset). */
  toolset?: string;
  /** List the tool in no toolset. */
  skipToolset?: boolean;
}
