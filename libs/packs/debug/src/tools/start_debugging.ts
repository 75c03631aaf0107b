import * as path from 'node:path';
import { codeBlock, commandLine } from '../confirmationText';
import { inject, injectable, optional } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, inertLine } from '@toolpacks/registry';
import type {
  InputOf,
  PreparedToolInvocation,
  Tool,
  ToolDefinition,
  ToolInvocationOptions,
  ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { DebugService, WorkspaceFileSystem } from '@toolpacks/services';
import { endingResult } from '../format';
import { STATUS_SCHEMA } from '../schemas';
import { reportWhileWaiting } from '../waiting';

const definition = {
  name: 'start_debugging',
  toolReferenceName: 'start_debugging',
  displayName: 'Start Debugging',
  modelDescription:
    'Runs a Node.js program of the workspace under the debugger and waits until it stops at a breakpoint ' +
    '(set them first with set_breakpoint), an uncaught exception, ends, or keeps running. Returns ' +
    'where it stopped (or the exception and the throwing frame, or the exit code of a crash) and ' +
    'its output so far. Ends a previous debug session. Breakpoints are on the lines of the JavaScript ' +
    'node runs (source maps are not used): to debug TypeScript, run its compiled JavaScript; a ' +
    'breakpoint no code was loaded for is reported when the program ends. For a test runner give ' +
    'its script (e.g. node_modules/jest/bin/jest.js) as the program. The user confirms before the ' +
    'program runs.',
  userDescription: 'Runs a Node program under the debugger (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      program: {
        type: 'string',
        description:
          'The file node runs (.js, .mjs, .cjs, or a script from node_modules), workspace-relative or absolute.',
      },
      args: { type: 'array', items: { type: 'string' }, description: 'Command-line arguments for the program.' },
      env: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Environment variables for the program, over the inherited ones, e.g. {"DEBUG": "1"}.',
      },
      cwd: { type: 'string', description: 'The working folder, inside the workspace. Default: the workspace root.' },
      runtimeArgs: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Arguments for node before the program, e.g. ["--enable-source-maps"] or ["--max-old-space-size=4096"].',
      },
      stopOnEntry: { type: 'boolean', description: 'Stop on the first line. Default: false.' },
      pauseOnExceptions: {
        type: 'string',
        enum: ['none', 'uncaught', 'all'],
        description:
          "Pause when the program throws: 'uncaught' (nothing catches it; the default), 'all' (caught " +
          "ones too) or 'none'.",
      },
    },
    required: ['program'],
    additionalProperties: false,
  },
  outputSchema: STATUS_SCHEMA,
  tags: ['debug'],
  // It runs a program the model chose, with the user's powers: it can delete or overwrite files and
  // reach the network. Every call asks anyway (prepareInvocation shows what runs, runsCode).
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class StartDebuggingTool implements Tool<Input> {
  constructor(
    @inject(DebugService) private readonly debug: DebugService,
    // Optional: a host may debug without a file system; then the program is keyed as written.
    @inject(WorkspaceFileSystem) @optional() private readonly workspace?: WorkspaceFileSystem,
  ) {}

  // Runs a program the model may have written: global auto-approve does not cover it, and a
  // remembered approval covers exactly what runs (this program, these arguments), never another.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation> {
    const lines = [
      ...(input.cwd ? [commandLine('cd', [input.cwd])] : []),
      ...Object.entries(input.env ?? {}).map(([name, value]) => inertLine(`${name}=${JSON.stringify(value)}`)),
      commandLine('node', [...(input.runtimeArgs ?? []), input.program, ...(input.args ?? [])]),
    ];
    const warnings = await this.warnings(input);
    return {
      confirmationMessages: {
        title: 'Run a program under the debugger?',
        message: `${warnings.map((w) => `**Warning:** ${w}\n\n`).join('')}${codeBlock(lines.join('\n'))}`,
      },
      approvalKey: `program\u0000${await this.runKey(input)}`,
      runsCode: true,
    };
  }

  /**
   * Everything that decides what runs, as JSON of an object with a fixed field order (fields added
   * later — environment, cwd, runtime arguments — join it and so the key). The program is its real
   * path in the workspace, as the debug service resolves it: `app.js` and `./app.js` are one
   * program, a link is the file it names. A path that does not resolve (outside the workspace)
   * is keyed as written, marked so it can never equal a resolved one; its start fails anyway.
   */
  private async runKey(input: Input): Promise<string> {
    const program = this.workspace
      ? await this.workspace.resolve(input.program).then(
          (p) => ({ program: p }),
          () => ({ unresolved: input.program }),
        )
      : { unresolved: input.program };
    const cwd = !input.cwd
      ? {}
      : this.workspace
        ? await this.workspace.resolve(input.cwd).then(
            (p) => ({ cwd: p }),
            () => ({ unresolvedCwd: input.cwd }),
          )
        : { unresolvedCwd: input.cwd };
    const env = Object.entries(input.env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return JSON.stringify({ ...program, args: input.args ?? [], ...cwd, env, runtimeArgs: input.runtimeArgs ?? [] });
  }

  /**
   * What makes other code run than the program shown, said in words above the command: variables
   * that load code (NODE_OPTIONS, LD_PRELOAD, …), and files loaded from outside the workspace.
   */
  private async warnings(input: Input): Promise<string[]> {
    const warnings: string[] = [];
    const env = input.env ?? {};
    for (const name of Object.keys(env))
      if (CODE_LOADING_ENV.test(name))
        warnings.push(
          `${inertLine(name)} is set: it makes node or the system load other code before the program ` +
            `(${inertLine(JSON.stringify(env[name]))}).`,
        );
    for (const file of envFiles([...(input.runtimeArgs ?? []), ...(env.NODE_OPTIONS?.split(/\s+/) ?? [])]))
      warnings.push(
        `it reads environment variables from ${inertLine(file)}, which can set NODE_OPTIONS and so ` +
          'load other code before the program.',
      );
    const loaded = [
      ...loadedFiles(input.runtimeArgs ?? []),
      ...(env.NODE_OPTIONS ? loadedFiles(env.NODE_OPTIONS.split(/\s+/)) : []),
    ];
    for (const file of loaded) {
      const inside = await this.isInside(file, input.cwd);
      if (!inside) warnings.push(`it loads ${inertLine(file)}, which is outside the workspace, before the program.`);
    }
    if (input.cwd && !(await this.isInside(input.cwd)))
      warnings.push(`the working folder ${inertLine(input.cwd)} is outside the workspace (it will be refused).`);
    return warnings;
  }

  /** A path (a package name is inside: it resolves from node_modules) within the workspace, as far as the file system says. */
  private async isInside(file: string, cwd?: string): Promise<boolean> {
    if (!/^(\.|\/|[A-Za-z]:[\\/]|~)/.test(file) && !file.startsWith('file:')) return true;
    if (!this.workspace) return !path.isAbsolute(file) && !file.startsWith('..');
    const base = cwd ? path.join(this.workspace.root, cwd) : this.workspace.root;
    const target = file.startsWith('file:') ? file.replace(/^file:\/\//, '') : path.resolve(base, file);
    return this.workspace.resolve(target).then(
      () => true,
      () => false,
    );
  }

  async invoke({ input, tokenizationOptions, progress }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const status = await reportWhileWaiting(
      progress,
      `Waiting for ${input.program} to stop at a breakpoint or end`,
      this.debug.start(input, token),
    );
    return endingResult(status, this.debug, tokenizationOptions);
  }
}

/** Variables that make node, the loader or the shell run code the command line does not show. */
const CODE_LOADING_ENV =
  /^(NODE_OPTIONS|NODE_PATH|NODE_REPL_EXTERNAL_MODULE|OPENSSL_CONF|LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_.*|BASH_ENV|ENV|PATH)$/;

/** The files `--env-file x` and `--env-file-if-exists x` (and `=x` forms) read variables from. */
function envFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const match = /^--env-file(?:-if-exists)?(?:=(.*))?$/.exec(args[i]);
    if (!match) continue;
    const value = match[1] ?? args[++i];
    if (value) files.push(value.replace(/^["']|["']$/g, ''));
  }
  return files;
}

/** The files `--require x`, `-r x`, `--import x`, `--loader x` (and `=x` forms) load. */
function loadedFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const match = /^(--require|-r|--import|--loader|--experimental-loader)(?:=(.*))?$/.exec(args[i]);
    if (!match) continue;
    const value = match[2] ?? args[++i];
    if (value) files.push(value.replace(/^["']|["']$/g, ''));
  }
  return files;
}

export const startDebugging = defineTool({ definition, implementation: StartDebuggingTool });
