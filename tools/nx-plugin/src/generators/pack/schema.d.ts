export interface PackGeneratorSchema {
  /** The pack name ([a-z][a-z0-9-]*): id, folder and package @toolpacks/pack-<name>. */
  name: string;
  /** The pack's folder (default libs/packs/<name>). */
  directory?: string;
  /** The sample tool's name (default echo_<name>). */
  tool?: string;
  /** One sentence for package.json and the pack's doc comment. */
  description?: string;
  /** Also depend on @toolpacks/services. */
  services?: boolean;
}
