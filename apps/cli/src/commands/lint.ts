// `toolpacks lint`: what the request's model is sent of every tool it could get, when its API
// needs the definition changed (the registry's schema dialects): each change, and what it loses.
// Input is still validated against the canonical schema, so a lost keyword is guidance the model
// no longer sees, never a check that no longer runs.
import type { ResolveRequest, SchemaReport, ToolRegistry } from '@toolpacks/registry/host';
import type { CliOptions } from '../cliOptions';
import type { Io } from '../io';
import { runOneShot, withDiagnostics } from '../oneShot';

export function lintCommand(
  registry: ToolRegistry,
  request: ResolveRequest,
  json: boolean,
): { output: string; report: SchemaReport } {
  const report = registry.schemaReport(request.model);
  if (json) return { output: JSON.stringify(report, null, 2), report };
  const { model } = report;
  const lines = [
    `Tool definitions for ${model.vendor}/${model.family} (id ${model.id}), dialects: ${report.dialects.join(', ')}.`,
    report.changed.length
      ? `${report.changed.length} of ${report.checked} tools are sent changed; their input is still checked against ` +
        `the schema the pack wrote.`
      : `Nothing changes: all ${report.checked} tools are sent as their packs wrote them.`,
  ];
  for (const tool of report.changed) {
    lines.push(
      '',
      `${tool.name}${tool.packId ? ` (${tool.packId})` : ''}${tool.sentName ? ` — sent as ${tool.sentName}` : ''}`,
    );
    for (const change of tool.changes)
      lines.push(
        `  ${change.path === '' ? '(top)' : change.path}: ` +
          `${change.detail}${change.lost ? `; lost: ${change.lost}` : ''}`,
      );
  }
  return { output: lines.join('\n'), report };
}

/** `toolpacks lint`. */
export function run(options: CliOptions, io: Io): Promise<number> {
  return runOneShot(options, io, ({ registry, request, extra }) => {
    io.out(withDiagnostics(lintCommand(registry, request, options.json).output, extra));
    return 0;
  });
}
