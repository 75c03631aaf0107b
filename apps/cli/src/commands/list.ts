import { describeSelectors, type Diagnostic, type ToolRegistry } from '@toolpacks/registry/host';
import type { CliOptions } from '../cliOptions';
import type { Io } from '../io';
import { runOneShot } from '../oneShot';
import { renderTable } from '../table';

/** Every pack, toolset and tool; `extra` (the CLI's own warnings) joins the registry's diagnostics in JSON. */
export function listCommand(registry: ToolRegistry, json: boolean, extra: readonly Diagnostic[] = []): string {
  const packs = registry.packs;
  const toolSets = registry.toolSets.map(({ definition, packId }) => ({
    name: definition.name,
    packId,
    description: definition.description,
    tools: definition.tools,
  }));
  const tools = registry.tools.map(({ definition, packId }) => ({
    name: definition.name,
    toolReferenceName: definition.toolReferenceName ?? definition.name,
    packId,
    displayName: definition.displayName,
    description: definition.modelDescription,
    userDescription: definition.userDescription,
    inputSchema: definition.inputSchema ?? { type: 'object', properties: {} },
    annotations: definition.annotations,
    models: describeSelectors(definition.models),
    overridesTool: definition.overridesTool,
    when: definition.when,
    tags: definition.tags ?? [],
  }));
  if (json)
    return JSON.stringify({ packs, toolSets, tools, diagnostics: [...extra, ...registry.diagnostics] }, null, 2);
  const out = [
    `Packs (${packs.length}):`,
    renderTable(
      ['ID', 'NAME', 'VERSION'],
      packs.map((p) => [p.id, p.displayName, p.version]),
    ),
    '',
    `Toolsets (${toolSets.length}):`,
    renderTable(
      ['TOOLSET', 'PACK', 'MEMBERS'],
      toolSets.map((s) => [s.name, s.packId ?? '-', s.tools.join(', ')]),
    ),
    '',
    `Tools (${tools.length}):`,
    renderTable(
      ['TOOL', 'REFERENCE', 'PACK', 'MODELS', 'WHEN'],
      tools.map((t) => [
        t.name,
        t.toolReferenceName,
        t.packId ?? '-',
        t.overridesTool ? `${t.models} (overrides ${t.overridesTool})` : t.models,
        t.when ?? '',
      ]),
    ),
  ];
  if (registry.diagnostics.length)
    out.push('', 'Diagnostics:', ...registry.diagnostics.map((d) => `  ${d.severity} ${d.code}: ${d.message}`));
  return out.join('\n');
}

/** `toolpacks list`. */
export function run(options: CliOptions, io: Io): Promise<number> {
  return runOneShot(options, io, ({ registry, extra }) => {
    io.out(listCommand(registry, options.json, extra));
    return 0;
  });
}
