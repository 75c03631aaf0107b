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
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const ch = text[i];
      if (ch === '"') return void i++;
      if (ch < ' ') fail();
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          i++;
          for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail();
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    fail();
  };
  const digits = () => {
    const start = i;
    while (/[0-9]/.test(text[i] ?? '')) i++;
    if (i === start) fail();
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || /[0-9]/.test(ch ?? '')) return number();
    fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : text.length;
  } catch (offset) {
    return Math.min(offset as number, text.length);
  }
}
