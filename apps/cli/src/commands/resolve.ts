import {
  describeGroup,
  describeReason,
  describeSearch,
  type ResolvedToolSet,
  type ResolveRequest,
  type ToolRegistry,
} from '@toolpacks/registry/host';
import {
  clientProfile,
  describeComplement,
  knownClient,
  leftOutFor,
  resolveForClient,
} from '@toolpacks/mcp-server/clients';
import type { CliOptions } from '../cliOptions';
import { compareFamilies, comparisonJson, comparisonText } from '../compare';
import type { Io } from '../io';
import { runOneShot, withDiagnostics } from '../oneShot';
import { renderTable } from '../table';

export function resolveCommand(
  registry: ToolRegistry,
  request: ResolveRequest,
  json: boolean,
  client?: string,
): string {
  if (client === undefined) {
    const resolved = registry.resolve(request);
    return json ? JSON.stringify(toJson(resolved), null, 2) : toText(resolved);
  }
  // What `toolpacks mcp` sends this client: less what the client's own tools do, and why.
  const profile = clientProfile(client);
  const resolved = resolveForClient(registry, request, profile);
  const leftOut = [...leftOutFor(profile)].map(([tool, job]) => ({ tool, job: job.job, builtIn: job.builtIn }));
  const why =
    describeComplement(profile) ??
    `The client ${client} is not one toolpacks knows: every tool is sent (known: Claude Code, Codex, Gemini CLI, ` +
      `VS Code, Cursor).`;
  return json
    ? JSON.stringify(
        { ...toJson(resolved), client: { name: client, known: profile !== undefined, leftOut, why } },
        null,
        2,
      )
    : `${toText(resolved)}\n\nClient ${client}: ${why}\n(toolpacks mcp --serve-all sends them all.)`;
}

function toText(resolved: ResolvedToolSet): string {
  const { model } = resolved;
  const out: string[] = [];
  const sentCount = resolved.tools.length;
  const who = model ? `Model ${model.vendor}/${model.family} (id ${model.id}, version ${model.version})` : 'Any model';
  out.push(
    `${who}: ${sentCount} tool${sentCount === 1 ? '' : 's'} sent, about ${resolved.estimatedTokens} tokens of ` +
      `definitions.`,
  );
  out.push('');
  const description = new Map(resolved.tools.map((t) => [t.name, t.description]));
  const rows = resolved.entries
    .filter((e) => e.sent)
    .map((e) => [
      e.sentName ?? e.name,
      e.packId ?? '-',
      describeReason(e),
      description.get(e.sentName ?? e.name) ?? '',
    ]);
  for (const group of resolved.groups.filter((g) => !g.expanded))
    rows.push([group.name, '-', describeGroup(group), group.tools.join(', ')]);
  const search = describeSearch(resolved);
  if (search) rows.push([search.name, '-', search.why, search.tools.join(', ')]);
  out.push(
    rows.length ? renderTable(['TOOL', 'PACK', 'WHY', 'DESCRIPTION'], rows) : 'No tools are sent to this model.',
  );
  const adapted = resolved.entries.filter((e) => e.schemaChanges?.length);
  if (adapted.length)
    out.push(
      '',
      `Sent in the dialect this model's API accepts: ${adapted.map((e) => e.name).join(', ')} (input is still ` +
        `checked against the schema each pack wrote; \`toolpacks lint\` lists every change).`,
    );
  if (resolved.notSent.length) {
    out.push('', 'Not sent:');
    out.push(
      renderTable(
        ['TOOL', 'PACK', 'WHY NOT', 'DETAIL'],
        resolved.notSent.map((t) => [t.name, t.packId ?? '-', t.reason, t.detail]),
      ),
    );
  }
  if (resolved.diagnostics.length) {
    out.push('', 'Diagnostics:');
    for (const d of resolved.diagnostics) out.push(`  ${d.severity} ${d.code}: ${d.message}`);
  }
  return out.join('\n');
}

function toJson(resolved: ResolvedToolSet) {
  return {
    model: resolved.model,
    tools: resolved.tools,
    entries: resolved.entries.map(({ definition: _definition, ...entry }) => entry),
    groups: resolved.groups,
    notSent: resolved.notSent,
    diagnostics: resolved.diagnostics,
    estimatedTokens: resolved.estimatedTokens,
  };
}

/** `resolve --compare a,b,c`: the request resolved for each family, side by side. */
export function compareCommand(
  registry: ToolRegistry,
  request: ResolveRequest,
  families: readonly string[],
  json: boolean,
): string {
  const comparison = compareFamilies(registry, request, families);
  return json ? JSON.stringify(comparisonJson(comparison), null, 2) : comparisonText(comparison);
}

/** With `--client` and no model named: the model toolpacks mcp resolves for that client, as it would. */
function clientRequest(request: ResolveRequest, options: CliOptions): ResolveRequest {
  if (options.client === undefined || options.modelChosenBy !== undefined) return request;
  const model = knownClient(options.client)?.model;
  return model
    ? {
        ...request,
        model: { ...model, ...(request.model.maxTools !== undefined ? { maxTools: request.model.maxTools } : {}) },
      }
    : request;
}

/** `toolpacks resolve` (the default command). */
export function run(options: CliOptions, io: Io): Promise<number> {
  return runOneShot(options, io, ({ registry, request, extra }) => {
    const output = options.compare
      ? compareCommand(registry, request, options.compare, options.json)
      : resolveCommand(registry, clientRequest(request, options), options.json, options.client);
    io.out(withDiagnostics(output, extra));
    return 0;
  });
}
