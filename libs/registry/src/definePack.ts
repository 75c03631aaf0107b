import type { ToolPack, ToolPackInput } from './definitions';

/**
 * Declares a pack: its tools (definition + implementation class), toolsets, the inversify
 * ContainerModule with the services its tools inject, and `errorHints`: by an error's `code`, the
 * sentence the model gets after the words of an error its services threw, which name no tool
 * (`errorHints: { 'not-found': 'Use file_search or list_dir to find the right path.' }`, or a
 * function of the code and the failing tool's name). Checking happens at load, where a fault
 * refuses the whole pack with diagnostics instead of throwing into the host (errorHints are read
 * there, once: a later change to the table changes nothing).
 */
export function definePack(pack: ToolPackInput): ToolPack {
  return Object.freeze({
    ...pack,
    tools: Object.freeze([...pack.tools]),
    toolSets: Object.freeze([...(pack.toolSets ?? [])]),
    kind: 'toolpacks.pack' as const,
  });
}
