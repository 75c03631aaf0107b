export interface PackExtensionGeneratorSchema {
  /** The pack: the <name> of @toolpacks/pack-<name>. */
  name: string;
  /** The extension's folder (default apps/pack-<name>-extension). */
  directory?: string;
  /** Default: "Tool Packs: <pack display name>". */
  displayName?: string;
  /** Default: the runtime extension's publisher. */
  publisher?: string;
  /** Do not fill contributes from the pack after writing the files. */
  skipContributions?: boolean;
}
