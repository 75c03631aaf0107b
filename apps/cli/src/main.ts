import type { Diagnostic } from '@toolpacks/registry';
import { configLocation, HELP, parseCliArgs, UsageError, type CliOptions } from './args';
import { ConfigError, loadConfig, type LoadedConfig } from './config';

/** The CLI's version (its package.json; inlined when bundled). */
export const VERSION: string = (require('../package.json') as { version: string }).version;

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Present when a person can answer questions (a terminal). */
  readonly interactive?: { readonly input: NodeJS.ReadableStream; readonly output: NodeJS.WritableStream };
  /** Where `toolpacks shell` reads its commands and `toolpacks mcp` its protocol (default: process.stdin). */
  readonly stdin?: NodeJS.ReadableStream;
  /** Where `toolpacks mcp` writes its protocol (default: process.stdout). */
  readonly stdout?: NodeJS.WritableStream;
}

const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  interactive: process.stdin.isTTY ? { input: process.stdin, output: process.stderr } : undefined,
};

/** Runs one CLI command; returns the exit code (0 ok, 1 the tool failed or was declined, 2 usage or config error). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
    if (options.command === 'help') {
      io.out(HELP);
      return 0;
    }
    if (options.command === 'version') {
      io.out(options.json ? JSON.stringify({ name: 'toolpacks', version: VERSION }) : `toolpacks ${VERSION}`);
      return 0;
    }
    const location = configLocation(argv);
    const config: LoadedConfig | undefined = await loadConfig(location.path, location.explicit);
    if (config) options = parseCliArgs(argv, config);
    // invoke's input from stdin (`-`) or a file (`@file`): read before any pack loads, so a bad
    // input is a usage error at once.
    const from = options.invoke?.inputFrom;
    if (from) {
      const { readJsonInput } = require('./jsonInput') as typeof import('./jsonInput');
      if (from.kind === 'stdin' && (io.stdin ?? process.stdin) === process.stdin && process.stdin.isTTY)
        io.err(`toolpacks: reading the input of ${options.invoke!.tool} from the terminal; end it with Ctrl-D.`);
      options = { ...options, invoke: { ...options.invoke!, input: await readJsonInput(options.invoke!.tool, from, io.stdin ?? process.stdin) } };
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`toolpacks: ${error.message}\nRun 'toolpacks --help' for the options.`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`toolpacks: ${error.message}`);
      return 2;
    }
    throw error;
  }
  for (const notice of options.notices) io.err(`toolpacks: ${notice}`);

  // The host, the packs and the commands load only now: --help and usage errors stay fast.
  if (options.command === 'mcp') return (require('./commands/mcp') as typeof import('./commands/mcp')).mcpCommand(options, io);
  if (options.command === 'shell') return (require('./commands/shell') as typeof import('./commands/shell')).shellCommand(options, io);

  const { openWorkspaceSession, describeRefusedPacks } = require('./session') as typeof import('./session');
  let session;
  try {
    session = await openWorkspaceSession(options);
  } catch (error) {
    io.err(`toolpacks: ${(error as Error).message}`);
    return 2;
  }
  try {
    const { registry } = session;
    for (const text of describeRefusedPacks(session.loaded)) io.err(`toolpacks: ${text}`);
    const request = session.request();
    // Tool and toolset choices that name nothing: warnings (the rest of the request is right; an
    // unknown --reference is one too), in the JSON with --json, else on stderr. The exit code stays 0.
    const warnings = (require('./suggest') as typeof import('./suggest')).selectionDiagnostics(registry, request.selection, options.choiceSources);
    if (!options.json) for (const d of warnings) io.err(`toolpacks: ${d.severity}: ${d.message}`);
    const extra = options.json ? warnings : [];
    if (options.command === 'list') io.out((require('./commands/list') as typeof import('./commands/list')).listCommand(registry, options.json, extra));
    else if (options.command === 'resolve') io.out(withDiagnostics((require('./commands/resolve') as typeof import('./commands/resolve')).resolveCommand(registry, request, options.json), extra));
    else if (options.command === 'lint') io.out(withDiagnostics((require('./commands/lint') as typeof import('./commands/lint')).lintCommand(registry, request, options.json).output, extra));
    else if (options.command === 'describe') {
      const { describeTool, describeText, UnknownToolError } = require('./commands/describe') as typeof import('./commands/describe');
      try {
        const description = describeTool(registry, request, options.describe!.tool);
        io.out(options.json ? JSON.stringify(extra.length ? { ...description, diagnostics: extra } : description, null, 2) : describeText(description));
      } catch (error) {
        if (!(error instanceof UnknownToolError)) throw error;
        io.err(`toolpacks: ${error.message}`);
        return 1;
      }
    } else {
      const { invokeCommand, terminalConfirm } = require('./commands/invoke') as typeof import('./commands/invoke');
      // Input read from stdin leaves no stdin to ask on.
      const ask = io.interactive && options.invoke!.inputFrom?.kind !== 'stdin' ? terminalConfirm(io.interactive.input, io.interactive.output) : undefined;
      const { output, result } = await invokeCommand(registry, request, { ...options.invoke!, json: options.json, ask });
      io.out(withDiagnostics(output, extra));
      if (result.isError) {
        const hint = result.status === 'declined' && !ask && !options.invoke!.yes ? ' (no terminal to ask on: pass --yes to approve)' : '';
        let suggestion = '';
        if (result.status === 'unknown-tool') {
          const { didYouMean } = require('./suggest') as typeof import('./suggest');
          suggestion = didYouMean(
            options.invoke!.tool,
            registry.tools.map((t) => t.definition.name),
          );
        }
        io.err(`toolpacks: ${options.invoke!.tool}: ${result.status}${hint}${suggestion}`);
        return 1;
      }
    }
    return 0;
  } finally {
    await session.dispose();
  }
}

/** A command's JSON output with the CLI's own warnings first in its `diagnostics`; text output as it is. */
function withDiagnostics(output: string, extra: readonly Diagnostic[]): string {
  if (!extra.length) return output;
  const value = JSON.parse(output) as Record<string, unknown>;
  const own = Array.isArray(value.diagnostics) ? value.diagnostics : [];
  return JSON.stringify({ ...value, diagnostics: [...extra, ...own] }, null, 2);
}
