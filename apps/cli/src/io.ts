// Where a command reads and writes: the process's streams, or a spec's. A leaf that main and every
// command share.

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

/** The process's own streams; questions are asked on stderr when stdin is a terminal. */
export const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  interactive: process.stdin.isTTY ? { input: process.stdin, output: process.stderr } : undefined,
};
