// invoke's input: JSON from the command line, stdin (`-`) or a file (`@input.json`), with errors
// that say where the JSON goes wrong (line, column) — Node's own message does not always.
import { promises as fs } from 'node:fs';
import type { InvokeInputSource } from './cliOptions';
import { UsageError } from './errors';

const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** Parses `text` as the input of `tool`; a UsageError names where (`from`) and at which line and column it fails. */
export function parseJsonInput(text: string, tool: string, from: string): unknown {
  const json = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(json);
  } catch (error) {
    if (!json.trim()) throw new UsageError(`The input of ${tool} (${from}) is empty; write a JSON object, e.g. {}.`);
    const offset = jsonErrorOffset(json);
    const { line, column } = lineAndColumn(json, offset);
    const near = json.slice(offset, offset + 20).split('\n')[0];
    throw new UsageError(
      `The input of ${tool} (${from}) is not valid JSON at line ${line}, column ` +
        `${column}${near ? ` (near '${near}')` : ' (at the end)'}: ${(error as Error).message}`,
    );
  }
}

/** Reads and parses invoke's input from stdin or a file. */
export async function readJsonInput(
  tool: string,
  source: InvokeInputSource,
  stdin: NodeJS.ReadableStream,
): Promise<unknown> {
  if (source.kind === 'file') {
    let text: string;
    try {
      const stat = await fs.stat(source.path);
      if (!stat.isFile()) throw new UsageError(`@${source.written}: ${source.path} is not a file.`);
      if (stat.size > MAX_INPUT_BYTES)
        throw new UsageError(`@${source.written}: ${source.path} is larger than 64 MiB.`);
      text = await fs.readFile(source.path, 'utf8');
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'ENOENT' || code === 'ENOTDIR'
          ? `@${source.written}: no such file (${source.path}); the path is relative to the folder you ran the ` +
              `command in.`
          : `@${source.written}: ${source.path} cannot be read: ${(error as Error).message}`,
      );
    }
    return parseJsonInput(text, tool, source.path);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw new UsageError('The input on stdin is larger than 64 MiB.');
    chunks.push(buffer);
  }
  return parseJsonInput(Buffer.concat(chunks).toString('utf8'), tool, 'stdin');
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The offset of the first character where `text` stops being JSON (text.length when it ends too soon). */
export function jsonErrorOffset(text: string): number {
  const scanner = new JsonScanner(text);
  try {
    scanner.value();
    scanner.ws();
    return Math.min(scanner.i, text.length);
  } catch (offset) {
    return Math.min(offset as number, text.length);
  }
}

/** Reads JSON as JSON.parse does, only to find where it stops being JSON: a failure throws the offset. */
class JsonScanner {
  i = 0;

  constructor(private readonly text: string) {}

  value(): void {
    this.ws();
    const ch = this.text[this.i];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === 't') return this.literal('true');
    if (ch === 'f') return this.literal('false');
    if (ch === 'n') return this.literal('null');
    if (ch === '-' || /[0-9]/.test(ch ?? '')) return this.number();
    this.fail();
  }

  ws(): void {
    while (this.i < this.text.length && ' \t\n\r'.includes(this.text[this.i])) this.i++;
  }

  private object(): void {
    this.i++;
    this.ws();
    if (this.text[this.i] === '}') return void this.i++;
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') this.fail();
      this.string();
      this.ws();
      if (this.text[this.i] !== ':') this.fail();
      this.i++;
      this.value();
      if (this.endOfList('}')) return;
    }
  }

  private array(): void {
    this.i++;
    this.ws();
    if (this.text[this.i] === ']') return void this.i++;
    for (;;) {
      this.value();
      if (this.endOfList(']')) return;
    }
  }

  /** After an item: a comma goes on (false), the closing bracket ends the list (true). */
  private endOfList(close: string): boolean {
    this.ws();
    if (this.text[this.i] === ',') {
      this.i++;
      return false;
    }
    if (this.text[this.i] !== close) this.fail();
    this.i++;
    return true;
  }

  private string(): void {
    const text = this.text;
    this.i++; // the opening quote
    while (this.i < text.length) {
      const ch = text[this.i];
      if (ch === '"') return void this.i++;
      if (ch < ' ') this.fail();
      if (ch === '\\') {
        this.i++;
        if (text[this.i] === 'u') {
          this.i++;
          for (let k = 0; k < 4; k++, this.i++) if (!/[0-9a-fA-F]/.test(text[this.i] ?? '')) this.fail();
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[this.i] ?? 'x')) this.fail();
      }
      this.i++;
    }
    this.fail();
  }

  private literal(word: string): void {
    for (const ch of word) {
      if (this.text[this.i] !== ch) this.fail();
      this.i++;
    }
  }

  private number(): void {
    const text = this.text;
    if (text[this.i] === '-') this.i++;
    if (text[this.i] === '0') this.i++;
    else this.digits();
    if (text[this.i] === '.') {
      this.i++;
      this.digits();
    }
    if (text[this.i] === 'e' || text[this.i] === 'E') {
      this.i++;
      if (text[this.i] === '+' || text[this.i] === '-') this.i++;
      this.digits();
    }
  }

  private digits(): void {
    const start = this.i;
    while (/[0-9]/.test(this.text[this.i] ?? '')) this.i++;
    if (this.i === start) this.fail();
  }

  private fail(): never {
    throw this.i;
  }
}
