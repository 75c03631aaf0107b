// The packs that ship in this repository, loaded over a real folder by every CLI command.
import { createNodeHost, type NodeHost, type NodeHostOptions } from '@toolpacks/host-node';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import type { LoadedPack, ToolRegistry } from '@toolpacks/registry';

export const builtInPacks = [editorPack, searchPack, gitPack, debugPack];

export interface HeadlessRuntime {
  readonly registry: ToolRegistry;
  readonly host: NodeHost;
  readonly loaded: readonly LoadedPack[];
  dispose(): void;
}

export async function createHeadlessRuntime(root: string, options: NodeHostOptions = {}): Promise<HeadlessRuntime> {
  const host = await createNodeHost(root, options);
  const { registry, loaded } = await host.createRegistry(builtInPacks);
  return { registry, host, loaded, dispose: () => host.dispose() };
}
