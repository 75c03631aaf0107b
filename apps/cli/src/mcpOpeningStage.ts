// The first stage of `toolpacks mcp` over stdio, a bundle of its own (a few dozen KB) that the bin
// runs before the CLI bundle (~2 MB and its code cache) is even read: it parses the options as the
// CLI does (command line, then the config file), reads the client's first line and, when it is an
// opening (initialize, server/discover), writes the answer the server would send (openingAnswer.ts,
// the same composition). The SDK's stdio client probes server/discover on a process of its own and
// ends its input after the answer: that process exits here, never loading the server. Otherwise what
// was read and answered is handed to the server (mcpOpeningOptions.ts), which goes on from it.
// Anything this stage cannot answer exactly (a usage or config error, HTTP, packs from specs) is
// left to the server, untouched.
import { statSync } from 'node:fs';
import { answerOpening } from '@toolpacks/mcp-server/opening';
import { configLocation, parseCliArgs } from './args';
import type { CliOptions } from './cliOptions';
import { loadConfig } from './config';
import { describeCliSession, handOpening, OPENING_WAIT_MS, openingServerOptions } from './mcpOpeningOptions';

/** Where the stage reads and writes: the process's own streams unless a spec gives others. */
export interface OpeningStageIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly err: (line: string) => void;
}

const processIo: OpeningStageIo = {
  stdin: process.stdin,
  stdout: process.stdout,
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The options exactly as `main` reads them, or undefined when the server must say what is wrong. */
async function serverOptions(argv: readonly string[]): Promise<CliOptions | undefined> {
  try {
    let options = parseCliArgs(argv);
    if (options.command !== 'mcp') return undefined;
    const location = configLocation(argv);
    // loadConfig gives undefined for the root's file when it does not exist; asked only when it may
    // (its fs.promises alone costs a few milliseconds to load).
    const absent = !location.explicit && !statSync(location.path, { throwIfNoEntry: false });
    const config = absent ? undefined : await loadConfig(location.path, location.explicit);
    if (config) options = parseCliArgs(argv, config);
    return options;
  } catch {
    return undefined; // a usage or config error: main reports it
  }
}

/**
 * Answers the opening when it can. 'done': the client ended its input after the answer, nothing is
 * left to serve and the process may exit; 'serve': the server must load (and takes over what was read).
 */
export async function answerBeforeServer(
  argv: readonly string[],
  io: OpeningStageIo = processIo,
): Promise<'done' | 'serve'> {
  const options = await serverOptions(argv);
  if (!options || options.mcp?.http || !statSync(options.root, { throwIfNoEntry: false })?.isDirectory())
    return 'serve';
  const described = describeCliSession(options);
  if (!described) return 'serve';
  const opening = await answerOpening(openingServerOptions(options), described, io, OPENING_WAIT_MS);
  if (!opening.done) {
    handOpening(opening);
    return 'serve';
  }
  // What main would have said before serving, had the server loaded.
  for (const notice of options.notices) io.err(`toolpacks: ${notice}`);
  return 'done';
}
