import { codeBlock, commandLine } from '../confirmationText';
import { inject, injectable, optional } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  textResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { DebugService, WorkspaceFileSystem } from '@toolpacks/services';
import { formatStatus } from '../format';

const definition = {
  name: 'start_debugging',
  toolReferenceName: 'start_debugging',
  displayName: 'Start Debugging',
  modelDescription:
    'Runs a Node.js program of the workspace under the debugger and waits until it stops at a breakpoint (set them first with set_breakpoint), ends, or keeps running. Returns where it stopped and its output so far. Ends a previous debug session. The user confirms before the program runs.',
  userDescription: 'Runs a Node program under the debugger (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      program: { type: 'string', description: 'The .js file to run, workspace-relative or absolute.' },
      args: { type: 'array', items: { type: 'string' }, description: 'Command-line arguments for the program.' },
      stopOnEntry: { type: 'boolean', description: 'Stop on the first line. Default: false.' },
    },
    required: ['program'],
    additionalProperties: false,
  },
  tags: ['debug'],
  annotations: { readOnly: false, destructive: false, openWorld: true },
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
    return {
      confirmationMessages: {
        title: 'Run a program under the debugger?',
        message: codeBlock(commandLine('node', [input.program, ...(input.args ?? [])])),
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
    return JSON.stringify({ ...program, args: input.args ?? [] });
  }

  async invoke({ input }: ToolInvocationOptions<Input>, token: CancellationToken) {
    return textResult(formatStatus(await this.debug.start(input, token)));
  }
}

export const startDebugging = defineTool({ definition, implementation: StartDebuggingTool });
