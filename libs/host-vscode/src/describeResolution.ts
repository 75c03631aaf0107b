import { explainNotSent, type ContextKeys, type ResolvedToolSet, type ToolRegistry } from '@toolpacks/registry';

/** "Tool Packs: Show Resolved Tools": what the model gets and why, as Markdown. */
export function describeResolution(registry: ToolRegistry, resolved: ResolvedToolSet, context: ContextKeys): string {
  const { model } = resolved;
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const why = (e: ResolvedToolSet['entries'][number]) => (e.reason === 'override' ? `override (${e.implementationName})` : e.reason === 'group' ? `in group ${e.group}` : e.reason);
  const lines = [
    `# Tools for ${model.vendor}/${model.family} (${model.id})`,
    '',
    `${resolved.tools.length} tools sent, about ${resolved.estimatedTokens} tokens of definitions.`,
    '',
    '| Tool | Pack | Why | Description |',
    '| --- | --- | --- | --- |',
    ...resolved.entries.map((e) => `| ${e.name} | ${e.packId ?? '-'} | ${why(e)} | ${cell(resolved.tools.find((t) => t.name === e.name)?.description ?? '')} |`),
    ...resolved.groups.filter((g) => !g.expanded).map((g) => `| ${g.name} | - | group of ${g.tools.length} | ${cell(g.tools.join(', '))} |`),
  ];
  const notSent = explainNotSent(registry, resolved, context);
  if (notSent.length) lines.push('', '## Not sent', '', '| Tool | Pack | Why not |', '| --- | --- | --- |', ...notSent.map((t) => `| ${t.name} | ${t.packId ?? '-'} | ${cell(t.reason)} |`));
  if (resolved.diagnostics.length) lines.push('', '## Diagnostics', '', ...resolved.diagnostics.map((d) => `- **${d.severity}** \`${d.code}\`: ${d.message}`));
  return lines.join('\n');
}
