// Confirmation prompts show code the model wrote; what is shown must be exactly what runs, so the
// model's text can never pose as the prompt's own words ("(read-only, safe)" after a newline).

/** A Markdown code block around `code`, fenced with more backticks than any run inside it. */
export function codeBlock(code: string): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}\n${code}\n${fence}`;
}

/** A command line with every argument quoted, so `["a b"]` and `["a", "b"]` read differently. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args.map((arg) => JSON.stringify(arg))].join(' ');
}
