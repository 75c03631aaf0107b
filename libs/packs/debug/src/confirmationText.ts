// Confirmation prompts show code the model wrote; what is shown must be exactly what runs, so the
// model's text can never pose as the prompt's own words ("(read-only, safe)" after a newline) nor
// act on the screen (a `\r` and ESC[2K hiding what came before): code blocks are the registry's
// (inert text, a fence longer than any backtick run inside).
import { inertLine } from '@toolpacks/registry';

export { codeBlock } from '@toolpacks/registry';

/** A command line with every argument quoted, so `["a b"]` and `["a", "b"]` read differently; one line, inert. */
export function commandLine(command: string, args: readonly string[]): string {
  return inertLine([command, ...args.map((arg) => JSON.stringify(arg))].join(' '));
}
