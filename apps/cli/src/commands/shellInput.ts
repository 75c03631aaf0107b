// Where the shell reads: the terminal (a prompt, history, completion, Ctrl-C) or a pipe. Lines are
// queued, so a question asked in the middle of a call reads the next line, and the end of input
// (Ctrl-D) ends the wait with undefined.
import { createInterface, type Interface } from 'node:readline';

export interface ShellInputHooks {
  /** Completion on the terminal: the candidates and the word they complete. */
  complete(line: string): [string[], string];
  /** Ctrl-C: stops the running call; false when none runs. */
  interrupt(): boolean;
}

export class ShellInput {
  /** Input is a terminal: prompts are shown and Ctrl-C is ours. */
  readonly tty: boolean;
  private readonly rl: Interface;
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private closed = false;

  constructor(
    input: NodeJS.ReadableStream,
    private readonly prompts: NodeJS.WritableStream,
    hooks: ShellInputHooks,
  ) {
    this.tty = (input as { isTTY?: boolean }).isTTY === true;
    this.rl = createInterface({
      input,
      output: this.tty ? prompts : undefined,
      terminal: this.tty,
      historySize: 1000,
      removeHistoryDuplicates: true,
      completer: (line: string) => hooks.complete(line),
    });
    this.rl.on('line', (line) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) waiting(line);
      else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.closed = true;
      this.waiting?.(undefined);
      this.waiting = undefined;
    });
    // Ctrl-C on the terminal: stops a running call, else clears the line (Ctrl-D or `exit` leaves).
    this.rl.on('SIGINT', () => {
      if (hooks.interrupt()) this.prompts.write('^C (stopping the call)\n');
      else {
        this.rl.write(null, { ctrl: true, name: 'u' });
        this.prompts.write('\n(type exit or press Ctrl-D to leave)\n');
        this.rl.prompt();
      }
    });
  }

  /**
   * The next line, undefined at the end of input; a prompt on the terminal (a question is shown even when input is
   * piped).
   */
  next(prompt: string, question = false): Promise<string | undefined> {
    if (this.tty) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    } else if (question) this.prompts.write(prompt.endsWith('\n') ? prompt : `${prompt}\n`);
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  close(): void {
    this.rl.close();
  }
}
