import {
  describeGroup,
  describeReason,
  describeSearch,
  SEARCH_TOOLS_NAME,
  type ResolvedToolSet,
} from '@toolpacks/registry/host';

/** "Tool Packs: Show Resolved Tools": what the model gets and why, and why the rest is not sent, as Markdown. */
export function describeResolution(resolved: ResolvedToolSet): string {
  const { model } = resolved;
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const description = new Map(resolved.tools.map((t) => [t.name, t.description]));
  const lines = [
    model ? `# Tools for ${model.vendor}/${model.family} (${model.id})` : '# Tools for any model',
    '',
    `${resolved.tools.length} tools sent, about ${resolved.estimatedTokens} tokens of definitions.`,
    '',
    '| Tool | Pack | Why | Description |',
    '| --- | --- | --- | --- |',
    ...resolved.entries.map(
      (e) => `| ${e.name} | ${e.packId ?? '-'} | ${cell(describeReason(e))} | ${cell(description.get(e.name) ?? '')} |`,
    ),
    ...resolved.groups
      .filter((g) => !g.expanded)
      .map((g) => `| ${g.name} | - | ${describeGroup(g)} | ${cell(g.tools.join(', '))} |`),
    ...[describeSearch(resolved)]
      .filter((s) => s !== undefined)
      .map((s) => `| ${SEARCH_TOOLS_NAME} | - | ${s.why} | ${cell(s.tools.join(', '))} |`),
  ];
  if (resolved.notSent.length)
    lines.push(
      '',
      '## Not sent',
      '',
      '| Tool | Pack | Why not | Detail |',
      '| --- | --- | --- | --- |',
      ...resolved.notSent.map((t) => `| ${t.name} | ${t.packId ?? '-'} | ${t.reason} | ${cell(t.detail)} |`),
    );
  if (resolved.diagnostics.length)
    lines.push(
      '',
      '## Diagnostics',
      '',
      ...resolved.diagnostics.map((d) => `- **${d.severity}** \`${d.code}\`: ${d.message}`),
    );
  return lines.join('\n');
}
