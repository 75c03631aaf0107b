import { HELP, parseCliArgs, UsageError, type CliOptions } from './args';
import { invokeCommand, terminalConfirm } from './commands/invoke';
import { listCommand } from './commands/list';
import { resolveCommand } from './commands/resolve';
import { createHeadlessRuntime } from './packs';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Present when a person can answer questions (a terminal). */
  readonly interactive?: { readonly input: NodeJS.ReadableStream; readonly output: NodeJS.WritableStream };
}

const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  interactive: process.stdin.isTTY ? { input: process.stdin, output: process.stderr } : undefined,
};

/** Runs one CLI command; returns the exit code (0 ok, 1 the tool failed or was declined, 2 usage error). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`toolpacks: ${error.message}\nRun 'toolpacks --help' for the options.`);
    return 2;
  }
  if (options.command === 'help') {
    io.out(HELP);
    return 0;
  }
  let runtime;
  try {
    runtime = await createHeadlessRuntime(options.root, {
      git: { trustRepositoryConfig: options.trust.repositoryConfig, trustGitDirOutsideRoot: options.trust.gitDirOutsideRoot },
    });
  } catch (error) {
    io.err(`toolpacks: ${(error as Error).message}`);
    return 2;
  }
  try {
    const { registry, host, loaded } = runtime;
    for (const pack of loaded.filter((p) => !p.loaded)) io.err(`toolpacks: pack '${pack.id}' was not loaded:\n${pack.diagnostics.map((d) => `  ${d.message}`).join('\n')}`);
    const request = { ...options.request, context: { ...host.contextKeys.values, ...options.request.context } };
    if (options.command === 'list') io.out(listCommand(registry, options.json));
    else if (options.command === 'resolve') io.out(resolveCommand(registry, request, options.json));
    else {
      const ask = io.interactive ? terminalConfirm(io.interactive.input, io.interactive.output) : undefined;
      const { output, result } = await invokeCommand(registry, request, { ...options.invoke!, json: options.json, ask });
      io.out(output);
      if (result.isError) {
        const hint = result.status === 'declined' && !ask && !options.invoke!.yes ? ' (no terminal to ask on: pass --yes to approve)' : '';
        io.err(`toolpacks: ${options.invoke!.tool}: ${result.status}${hint}`);
        return 1;
      }
    }
    return 0;
  } finally {
    await runtime.host.debug.stop();
    runtime.dispose();
  }
}
