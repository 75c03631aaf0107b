import { explainNotSent, type ResolvedToolSet, type ResolveRequest, type ToolRegistry } from '@toolpacks/registry';
import { renderTable } from '../table';

export function resolveCommand(registry: ToolRegistry, request: ResolveRequest, json: boolean): string {
  const resolved = registry.resolve(request);
  return json ? JSON.stringify(toJson(resolved, registry, request), null, 2) : toText(resolved, registry, request);
}

function why(entry: ResolvedToolSet['entries'][number]): string {
  switch (entry.reason) {
    case 'override':
      return `override (${entry.implementationName})`;
    case 'group':
      return `group (${entry.group})`;
    default:
      return entry.reason;
  }
}

function toText(resolved: ResolvedToolSet, registry: ToolRegistry, request: ResolveRequest): string {
  const { model } = resolved;
  const out: string[] = [];
  const sentCount = resolved.tools.length;
  out.push(`Model ${model.vendor}/${model.family} (id ${model.id}, version ${model.version}): ${sentCount} tool${sentCount === 1 ? '' : 's'} sent, about ${resolved.estimatedTokens} tokens of definitions.`);
  out.push('');
  const description = new Map(resolved.tools.map((t) => [t.name, t.description]));
  const rows = resolved.entries.filter((e) => e.sent).map((e) => [e.name, e.packId ?? '-', why(e), description.get(e.name) ?? '']);
  for (const group of resolved.groups.filter((g) => !g.expanded)) rows.push([group.name, '-', `group of ${group.tools.length}`, group.tools.join(', ')]);
  out.push(rows.length ? renderTable(['TOOL', 'PACK', 'WHY', 'DESCRIPTION'], rows) : 'No tools are sent to this model.');
  const hidden = explainNotSent(registry, resolved, request.context);
  if (hidden.length) {
    out.push('', 'Not sent:');
    out.push(renderTable(['TOOL', 'PACK', 'WHY NOT'], hidden.map((h) => [h.name, h.packId ?? '-', h.reason])));
  }
  if (resolved.diagnostics.length) {
    out.push('', 'Diagnostics:');
    for (const d of resolved.diagnostics) out.push(`  ${d.severity} ${d.code}: ${d.message}`);
  }
  return out.join('\n');
}

function toJson(resolved: ResolvedToolSet, registry: ToolRegistry, request: ResolveRequest) {
  return {
    model: resolved.model,
    tools: resolved.tools,
    entries: resolved.entries.map(({ definition: _definition, ...entry }) => entry),
    groups: resolved.groups,
    notSent: explainNotSent(registry, resolved, request.context),
    diagnostics: resolved.diagnostics,
    estimatedTokens: resolved.estimatedTokens,
  };
}
