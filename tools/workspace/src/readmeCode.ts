// The fenced code blocks of a Markdown file (a README), with the line each one's code starts on, and a
// type-check of its TypeScript blocks as they are written: every block is its own module (no preamble,
// nothing shared between blocks), compiled in one Program with the workspace's compiler options.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export interface CodeBlock {
  /** The Markdown file, relative to the workspace root. */
  readonly file: string;
  /** The fence's info string's first word: `ts`, `sh`, `jsonc`, … ('' when none). */
  readonly lang: string;
  /** The 1-based line of the block's first line of code (the line after the opening fence). */
  readonly line: number;
  readonly code: string;
  /** The nearest heading above the block. */
  readonly heading: string;
}

const TS_LANGS = new Set(['ts', 'typescript']);

export const isTypeScript = (block: CodeBlock) => TS_LANGS.has(block.lang);

/** The fenced (```) blocks of `text`, in order. */
export function codeBlocks(text: string, file: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*([^\s`]*)/.exec(lines[i]);
    if (!open) {
      if (/^#{1,6}\s/.test(lines[i])) heading = lines[i].replace(/^#+\s*/, '').trim();
      continue;
    }
    const fence = open[2];
    const start = i + 1;
    let end = start;
    while (end < lines.length && !new RegExp(`^\\s*${fence}\`*\\s*$`).test(lines[end])) end++;
    if (end >= lines.length) throw new Error(`${file}:${i + 1}: the code block opened here is never closed`);
    blocks.push({
      file,
      lang: open[3].toLowerCase(),
      line: start + 1,
      code: lines.slice(start, end).join('\n'),
      heading,
    });
    i = end;
  }
  return blocks;
}

/**
 * Type-checks `blocks` (TypeScript ones) as files in `dir`, which must be a folder from which this
 * workspace's packages resolve (inside the workspace, e.g. node_modules/.cache/…). Returns one
 * message per error, `README.md:LINE: message`, LINE being the README's own line.
 */
export function typeCheckBlocks(workspaceRoot: string, blocks: readonly CodeBlock[], dir: string): string[] {
  const base = ts.readConfigFile(path.join(workspaceRoot, 'tsconfig.base.json'), ts.sys.readFile);
  if (base.error) throw new Error(ts.flattenDiagnosticMessageText(base.error.messageText, '\n'));
  const converted = ts.convertCompilerOptionsFromJson(base.config.compilerOptions, workspaceRoot);
  if (converted.errors.length)
    throw new Error(converted.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  const options: ts.CompilerOptions = {
    ...converted.options,
    noEmit: true,
    experimentalDecorators: true,
    // Node's globals (require, process) for every block; 'vscode' for the extension's (`import … from 'vscode'`).
    types: ['node', 'vscode'],
    typeRoots: [path.join(workspaceRoot, 'node_modules/@types')],
    // Every block is a module of its own, with or without imports: no names shared between blocks.
    moduleDetection: ts.ModuleDetectionKind.Force,
  };
  const files = new Map<string, CodeBlock>();
  fs.mkdirSync(dir, { recursive: true });
  for (const block of blocks.filter(isTypeScript)) {
    const file = path.join(dir, `${block.file.replace(/[^A-Za-z0-9]+/g, '_')}-L${block.line}.ts`);
    fs.writeFileSync(file, `${block.code}\n`);
    files.set(path.resolve(file), block);
  }
  const program = ts.createProgram({ rootNames: [...files.keys()], options });
  const messages: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const block = diagnostic.file && files.get(path.resolve(diagnostic.file.fileName));
    if (diagnostic.file && block && diagnostic.start !== undefined) {
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      messages.push(
        `${block.file}:${block.line + line}:${character + 1} (\`\`\`${block.lang} block at line ${block.line - 1}, under "${block.heading}"): TS${diagnostic.code}: ${text}`,
      );
    } else if (diagnostic.file) {
      messages.push(`${path.relative(workspaceRoot, diagnostic.file.fileName)}: TS${diagnostic.code}: ${text}`);
    } else messages.push(`TS${diagnostic.code}: ${text}`);
  }
  return messages;
}
