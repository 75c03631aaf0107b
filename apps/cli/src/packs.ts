// The packs that ship in this repository, loaded by every CLI command.
import { examplePack } from '@toolpacks/pack-example';
import { createToolRegistry, type LoadedPack, type ToolRegistry } from '@toolpacks/registry';

export const builtInPacks = [examplePack];

export async function createRegistryWithPacks(): Promise<{ registry: ToolRegistry; loaded: LoadedPack[] }> {
  const registry = createToolRegistry();
  const loaded = [];
  for (const pack of builtInPacks) loaded.push(await registry.loadPack(pack));
  return { registry, loaded };
}
