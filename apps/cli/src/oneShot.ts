// What the one-shot commands (resolve, list, describe, lint, invoke) share: a workspace session for
// the one command, the refused packs said on stderr, and the CLI's own warnings about tool and
// toolset choices that name nothing (an unknown --reference is one too): in the JSON with --json,
// else on stderr. The rest of the request is right, so they leave the exit code at 0.
import type { Diagnostic, ResolveRequest, ToolRegistry } from '@toolpacks/registry/host';
import type { CliOptions } from './cliOptions';
import type { Io } from './io';
import { describeRefusedPacks, openCliSession } from './session';
import { selectionDiagnostics } from './suggest';

/** What a one-shot command runs with. */
export interface OneShot {
  readonly registry: ToolRegistry;
  /** The options' request with the host's context keys. */
  readonly request: ResolveRequest;
  /** The CLI's own warnings, for the JSON output (none without --json: they went to stderr). */
  readonly extra: readonly Diagnostic[];
}

/** Opens the session, runs `command` in it and disposes it; the exit code (2 when the session cannot open). */
export async function runOneShot(
  options: CliOptions,
  io: Io,
  command: (shot: OneShot) => number | Promise<number>,
): Promise<number> {
  let session;
  try {
    session = await openCliSession(options);
  } catch (error) {
    io.err(`toolpacks: ${(error as Error).message}`);
    return 2;
  }
  try {
    const { registry } = session;
    for (const text of describeRefusedPacks(session.loaded)) io.err(`toolpacks: ${text}`);
    const request = session.request();
    const warnings = selectionDiagnostics(registry, request.selection, options.choiceSources);
    if (!options.json) for (const d of warnings) io.err(`toolpacks: ${d.severity}: ${d.message}`);
    return await command({ registry, request, extra: options.json ? warnings : [] });
  } finally {
    await session.dispose();
  }
}

/** A command's JSON output with the CLI's own warnings first in its `diagnostics`; text output as it is. */
export function withDiagnostics(output: string, extra: readonly Diagnostic[]): string {
  if (!extra.length) return output;
  const value = JSON.parse(output) as Record<string, unknown>;
  const own = Array.isArray(value.diagnostics) ? value.diagnostics : [];
  return JSON.stringify({ ...value, diagnostics: [...extra, ...own] }, null, 2);
}
