// `toolpacks mcp`: the registry over the Model Context Protocol, through @toolpacks/mcp-server, in
// both protocol eras. Every 2025-era MCP session gets a workspace session of its own (a NodeHost, a
// registry, the packs) that ends with it, debuggees and child processes included; the stateless
// 2026-07-28 era has one for the server (stdio: the connection's; HTTP: shared by its modern
// requests), ended when the server closes. Over stdio nothing but protocol goes to stdout (console
// output is sent to stderr); SIGTERM, SIGINT or the end of stdin close the server and exit 0. The
// tools are listed for the model --model/--family or the config file name; without one, for the
// model of the client when the server knows it (Claude Code, Codex, Gemini CLI: the library's
// clientFamilies.ts), else for the default model. Each client is told which (instructions) and so is stderr.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import type { CliOptions } from '../cliOptions';
import type { Io } from '../io';
import { answerFirstListEarly } from '../mcpEarlyList';
import { describeCliSession, OPENING_WAIT_MS, openingServerOptions, takeHandedOpening } from '../mcpOpeningOptions';
import { takeServerV8Flags } from '../serverV8Flags';
import { describeRefusedPacks, openCliSession, type WorkspaceSession } from '../session';
import { endChildProcesses, overrideSignals } from '../signals';
// Type-only: `toolpacks --help` and the other commands never load the library or the MCP SDK.
import type { McpServerOptions, StdioOpening } from '@toolpacks/mcp-server';

export { BUILT_IN_PACK_NAMES, describeCliSession } from '../mcpOpeningOptions';

export type { McpServerOptions, McpSession } from '@toolpacks/mcp-server';
type McpServerModule = typeof import('@toolpacks/mcp-server');
type OpeningModule = typeof import('@toolpacks/mcp-server/opening');

/** The server library, or why not (required here: only `toolpacks mcp` loads the MCP SDK). */
export function loadMcpServer(): McpServerModule | string {
  try {
    return require('@toolpacks/mcp-server') as McpServerModule;
  } catch (error) {
    const reason = ((error as Error).message ?? String(error)).split('\nRequire stack:')[0];
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && reason.includes('@toolpacks/mcp-server'))
      return `@toolpacks/mcp-server is not installed (${reason}); toolpacks mcp needs it: run npm install in the repository.`;
    return `@toolpacks/mcp-server failed to load: ${reason}`;
  }
}

/** `toolpacks mcp`: serves until a signal or the end of stdin; the exit code. */
export async function run(options: CliOptions, io: Io): Promise<number> {
  // Sessions open when clients connect, where a bad root could only be logged: say it now.
  if (!statSync(options.root, { throwIfNoEntry: false })?.isDirectory()) {
    io.err(`toolpacks: Workspace root '${options.root}' is not a folder.`);
    return 2;
  }
  const http = options.mcp?.http;
  const stdio = !http;
  const consoleMethods = ['log', 'info', 'debug', 'warn', 'trace'] as const;
  const savedConsole = consoleMethods.map((method) => console[method]);
  if (stdio) {
    // A pack that logs must not corrupt the protocol: console output goes to stderr.
    for (const method of consoleMethods) console[method] = (...args: unknown[]) => console.error(...args);
  }
  const restoreConsole = () => consoleMethods.forEach((method, i) => (console[method] = savedConsole[i]));

  let reported = false;
  const open = async (): Promise<WorkspaceSession> => {
    const session = await openCliSession(options);
    if (!reported) {
      reported = true;
      for (const text of describeRefusedPacks(session.loaded)) io.err(`toolpacks: ${text}`);
    }
    return session;
  };
  const serverOptions: McpServerOptions = {
    ...openingServerOptions(options),
    // alwaysAsk (--always-ask, any config file's, even an untrusted one: it only asks more) keeps
    // those tools manual under --yes; the server declines them where the client cannot be asked.
    approvals: { yes: options.approvals.yes, allow: options.approvals.allow, alwaysAsk: options.approvals.alwaysAsk },
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    onError: (error) => io.err(`toolpacks mcp: ${(error as Error)?.message ?? error}`),
    onInfo: (message) => io.err(`toolpacks mcp: ${message}`),
    // A workspace session with its folder is an McpSession.
    createSession: async () => {
      const session = await (takeStarted() ?? open());
      return Object.assign(session, { root: session.host.workspace.root });
    },
    describeSession: () => described,
  };
  const described = describeCliSession(options);
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  // The opening answered before the SDK loads (its schemas alone take longer than a client should
  // wait): by the bin's first stage (mcpOpeningStage.ts) before this bundle loaded, else here; the
  // SDK is handed what was read.
  const handed = stdio && stdin === process.stdin ? takeHandedOpening() : undefined;
  const read: (StdioOpening & { readonly done?: boolean }) | undefined =
    handed ??
    (stdio && described
      ? await (require('@toolpacks/mcp-server/opening') as OpeningModule).answerOpening(
          serverOptions,
          described,
          { stdin, stdout },
          OPENING_WAIT_MS,
        )
      : undefined);
  // The client ended its input right after the opening answer (the SDK's stdio client probes with
  // server/discover on a process of its own, then ends it): nothing is left to answer or to start.
  if (read?.done) {
    restoreConsole();
    return 0;
  }
  // Over stdio the one workspace session starts now, before the SDK loads: its git and ripgrep
  // checks (child processes) run while the SDK's modules load.
  let started = stdio ? open() : undefined;
  started?.catch(() => undefined); // reported when the connection asks for it
  const takeStarted = () => {
    const session = started;
    started = undefined;
    return session;
  };
  // A 2026-07-28 client opens the real process with tools/list: answered once the session has
  // started, before the SDK loads (its modules and its handling of the first request take longer).
  const opening = read && started ? await answerFirstListEarly(serverOptions, read, started, stdout) : read;
  const server = loadMcpServer();
  if (typeof server === 'string') {
    io.err(`toolpacks: ${server}`);
    await takeStarted()?.then(
      (session) => session.dispose(),
      () => undefined,
    );
    restoreConsole();
    return 1;
  }

  let closing: Promise<void> | undefined;
  let handle: { close(): Promise<void> };
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const close = () =>
    (closing ??= (async () => {
      try {
        await handle?.close();
      } catch (error) {
        io.err(`toolpacks: closing the MCP server: ${(error as Error).message}`);
      } finally {
        endChildProcesses();
        ended();
      }
    })());
  let signals = 0;
  const restore = overrideSignals(() => {
    // The first signal closes the sessions (ending their debuggees); a second one does not wait.
    if (++signals > 1) {
      endChildProcesses();
      process.exit(0);
    }
    void close().then(() => process.exit(0));
  });
  try {
    if (http) {
      takeServerV8Flags();
      // No token given: any local user or process could reach a loopback port, so one is made for
      // this run (unless --no-token) and printed for the person to configure their client with.
      const generated =
        !options.mcp?.token && !options.mcp?.noToken ? randomBytes(24).toString('base64url') : undefined;
      const token = options.mcp?.token ?? generated;
      const served = await server.serveHttp({ ...serverOptions, host: http.host, port: http.port, token });
      handle = served;
      io.err(
        `toolpacks mcp: serving ${served.url}${token ? ' (bearer token required)' : ' with no token: any local user or process can call the tools'}; Ctrl-C stops.`,
      );
      if (generated)
        io.err(
          [
            `toolpacks mcp: no token was given, so this run made one. Configure your MCP client with:`,
            `  URL: ${served.url}`,
            `  Authorization: Bearer ${generated}`,
            `A fixed token: set TOOLPACKS_MCP_TOKEN=<token> in the server's environment (--token <token> works too, but other users can read it in ps).`,
          ].join('\n'),
        );
    } else {
      const served = await server.serveStdio(serverOptions, {
        stdin,
        stdout,
        ...(opening ? { opening } : {}),
        onFirstAnswer: () => takeServerV8Flags(),
      });
      handle = served;
      void served.closed.then(close, close);
    }
  } catch (error) {
    io.err(`toolpacks: the MCP server did not start: ${(error as Error).message}`);
    await close();
    restore();
    restoreConsole();
    return 1;
  }
  await done;
  restore();
  restoreConsole();
  return 0;
}
