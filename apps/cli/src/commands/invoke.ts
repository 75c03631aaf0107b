import { createInterface } from 'node:readline/promises';
import {
  contentToText,
  inertConfirmation,
  type ConfirmationAnswer,
  type ConfirmationRequest,
  type ResolveRequest,
  type ToolCallResult,
  type ToolRegistry,
} from '@toolpacks/registry/host';
import type { CliOptions } from '../cliOptions';
import type { Io } from '../io';
import { runOneShot, withDiagnostics } from '../oneShot';
import { didYouMean } from '../suggest';

export interface InvokeCommandOptions {
  readonly tool: string;
  readonly input: unknown;
  readonly yes: boolean;
  /** Tools that ask even with --yes (not eligible for auto-approval). */
  readonly alwaysAsk?: readonly string[];
  /** Tools that run without asking (--allow, the config file's approvals.allow). */
  readonly allow?: readonly string[];
  readonly json: boolean;
  readonly timeoutMs?: number;
  /** Asks the person at the terminal; absent when there is none. */
  readonly ask?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
}

export async function invokeCommand(
  registry: ToolRegistry,
  request: ResolveRequest,
  options: InvokeCommandOptions,
): Promise<{ output: string; result: ToolCallResult }> {
  const resolved = registry.resolve(request);
  const result = await registry.invoke(
    resolved,
    { callId: 'cli', name: options.tool, input: options.input },
    {
      // --yes approves this one call, destructive tools included: the person typed the command.
      // It names the tool, so a call that runs code the model wrote (start_debugging, a breakpoint
      // condition) is covered too, which global auto-approve never does.
      // It never covers a call that can make code run (a write to .git/config, a hook): that one
      // still asks on the terminal, and is declined where there is none.
      autoApprove: {
        ...Object.fromEntries((options.allow ?? []).map((name) => [name, true])),
        ...(options.yes ? { [options.tool]: true } : {}),
      },
      eligibleForAutoApproval: Object.fromEntries((options.alwaysAsk ?? []).map((name) => [name, false])),
      confirm: options.ask,
      timeoutMs: options.timeoutMs,
      chatSessionId: 'cli',
    },
  );
  const text = await contentToText(result.content);
  const output = options.json ? JSON.stringify({ ...result, text }, null, 2) : text;
  return { output, result };
}

/**
 * The y/N question a confirmation asks. Its title and message quote the model's and the repository's
 * text, which a terminal would act on (`\r` and ESC[2K erase a line, ESC[2J the screen): they are
 * written inert, so what the terminal shows is what the call runs, and the title is one line.
 */
export function confirmQuestion(request: ConfirmationRequest): string {
  const { title, message } = inertConfirmation(request.title, request.message);
  const warning = request.alwaysConfirm ? '\n(This call can make programs run: --yes does not cover it.)' : '';
  return `${title}\n${message}${warning}\nRun ${request.toolName}? [y/N] (or type what to do instead) `;
}

/**
 * "y"/"yes" runs the call once; "n", "no" or nothing is a plain no; any other words decline with the user's
 * instruction to the model.
 */
export function readConfirmAnswer(raw: string): ConfirmationAnswer {
  const answer = raw.trim();
  if (/^y(es)?$/i.test(answer)) return 'once';
  const instead = answer.replace(/^no?\b[\s,:.-]*/i, '').trim();
  return instead ? { decline: instead } : 'decline';
}

/** A confirmation asked through a line-reading function (the shell's own readline). */
export function questionConfirm(question: (prompt: string) => Promise<string>) {
  return async (request: ConfirmationRequest): Promise<ConfirmationAnswer> =>
    readConfirmAnswer(await question(confirmQuestion(request)));
}

/** A y/N question on the terminal. */
export function terminalConfirm(input: NodeJS.ReadableStream, output: NodeJS.WritableStream) {
  return async (request: ConfirmationRequest): Promise<ConfirmationAnswer> => {
    const rl = createInterface({ input, output });
    try {
      return readConfirmAnswer(await rl.question(confirmQuestion(request)));
    } finally {
      rl.close();
    }
  };
}

/** `toolpacks invoke <tool> <input>`: exit code 1 when the tool failed, was declined or does not exist. */
export function run(options: CliOptions, io: Io): Promise<number> {
  const invoke = options.invoke!;
  return runOneShot(options, io, async ({ registry, request, extra }) => {
    // Input read from stdin leaves no stdin to ask on.
    const ask =
      io.interactive && invoke.inputFrom?.kind !== 'stdin'
        ? terminalConfirm(io.interactive.input, io.interactive.output)
        : undefined;
    const { output, result } = await invokeCommand(registry, request, { ...invoke, json: options.json, ask });
    io.out(withDiagnostics(output, extra));
    if (!result.isError) return 0;
    const hint =
      result.status === 'declined' && !ask && !invoke.yes ? ' (no terminal to ask on: pass --yes to approve)' : '';
    const suggestion =
      result.status === 'unknown-tool'
        ? didYouMean(
            invoke.tool,
            registry.tools.map((t) => t.definition.name),
          )
        : '';
    io.err(`toolpacks: ${invoke.tool}: ${result.status}${hint}${suggestion}`);
    return 1;
  });
}
