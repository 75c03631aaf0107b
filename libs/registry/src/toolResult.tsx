// Tool results. The part classes have the same shape as VS Code's LanguageModel*Part classes, so a
// result built here is accepted by vscode.lm as is; long results are rendered with prompt-tsx
// inside the token budget the invocation carries.
import { BasePromptElementProps, renderElementJSON, type PromptElementCtor } from '@vscode/prompt-tsx';
import type { CancellationToken } from '@toolpacks/base';
import type { StructuredContent, ToolTokenizationOptions } from './definitions';

export class LanguageModelTextPart {
  constructor(public value: string) {}
}

export class LanguageModelPromptTsxPart {
  constructor(public value: unknown) {}
}

export class LanguageModelDataPart {
  constructor(
    public data: Uint8Array,
    public mimeType: string,
  ) {}
}

/**
 * A tool's result. `structuredContent` is the same result as data, for a tool with an `outputSchema`
 * (MCP's structuredContent, the CLI's `--json`); VS Code reads `content` only.
 */
export class LanguageModelToolResult<S extends StructuredContent | undefined = StructuredContent | undefined> {
  /** The result as data, valid against the tool's `outputSchema`; undefined for a tool without one. */
  structuredContent: S;
  constructor(
    public content: Array<LanguageModelTextPart | LanguageModelPromptTsxPart | LanguageModelDataPart>,
    structuredContent?: S,
  ) {
    this.structuredContent = structuredContent as S;
  }
}

/** A result of text lines, without structured content (for tools without an `outputSchema`). */
export function textResult(...lines: string[]): LanguageModelToolResult<undefined> {
  return new LanguageModelToolResult<undefined>([new LanguageModelTextPart(lines.join('\n'))]);
}

/**
 * A result of text lines and the same result as data: `structured` must match the tool's
 * `outputSchema` (defineTool checks its type), and say what the text says, cut where the text is cut.
 */
export function structuredResult<S extends StructuredContent>(
  structured: S,
  ...lines: string[]
): LanguageModelToolResult<S> {
  return new LanguageModelToolResult<S>([new LanguageModelTextPart(lines.join('\n'))], structured);
}

/** `result` with `structured` as its structured content (for a rendered prompt-tsx result or data parts). */
export function withStructuredContent<S extends StructuredContent>(
  result: LanguageModelToolResult,
  structured: S,
): LanguageModelToolResult<S> {
  return new LanguageModelToolResult<S>(result.content, structured);
}

/** A rough token count (4 characters a token) used when the host gives no tokenizer. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export const defaultTokenization = (tokenBudget: number): ToolTokenizationOptions => ({
  tokenBudget,
  countTokens: async (text: string) => estimateTokens(text),
});

/**
 * Renders a prompt-tsx element into a tool result part within the invocation's token budget
 * (`options.tokenizationOptions`); without one, the element renders with an unlimited budget.
 */
export async function renderPromptResult<P extends BasePromptElementProps>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any element state, as prompt-tsx's own render() takes
  ctor: PromptElementCtor<P, any>,
  props: P,
  tokenization: ToolTokenizationOptions | undefined,
  token?: CancellationToken,
): Promise<LanguageModelToolResult> {
  const json = await renderElementJSON(ctor, props, tokenization, token as never);
  return new LanguageModelToolResult([new LanguageModelPromptTsxPart(json)]);
}
