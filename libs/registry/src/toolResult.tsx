// Tool results. The part classes have the same shape as VS Code's LanguageModel*Part classes, so a
// result built here is accepted by vscode.lm as is; long results are rendered with prompt-tsx
// inside the token budget the invocation carries.
import { BasePromptElementProps, renderElementJSON, type PromptElementCtor } from '@vscode/prompt-tsx';
import type { CancellationToken } from '@toolpacks/base';
import type { ToolTokenizationOptions } from './definitions';

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

export class LanguageModelToolResult {
  constructor(public content: Array<LanguageModelTextPart | LanguageModelPromptTsxPart | LanguageModelDataPart>) {}
}

export function textResult(...lines: string[]): LanguageModelToolResult {
  return new LanguageModelToolResult([new LanguageModelTextPart(lines.join('\n'))]);
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
