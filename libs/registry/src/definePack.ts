import type { ToolPack, ToolPackInput } from './definitions';

/**
 * Declares a pack: its tools (definition + implementation class), toolsets and the inversify
 * ContainerModule with the services its tools inject. Checking happens at load, where a fault
 * refuses the whole pack with diagnostics instead of throwing into the host.
 */
export function definePack(pack: ToolPackInput): ToolPack {
  return Object.freeze({
    ...pack,
    tools: Object.freeze([...pack.tools]),
    toolSets: Object.freeze([...(pack.toolSets ?? [])]),
    kind: 'toolpacks.pack' as const,
  });
}
