// Tool results. The part classes have the same shape as VS Code's LanguageModel*Part classes, so a
// result built here is accepted by vscode.lm as is; long results are rendered with prompt-tsx
// inside the token budget the invocation carries.
import {
  BasePromptElementProps,
  OutputMode,
  PromptElement,
  PromptRenderer,
  Raw,
  renderElementJSON,
  ToolResult as PromptToolResult,
  UserMessage,
  type ITokenizer,
  type PromptElementCtor,
} from '@vscode/prompt-tsx';
import type { CancellationToken, ToolCallContent, ToolResultLike, ToolTokenizationOptions } from './types';

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

/** Turns whatever a tool returned into the registry's content list (duck-typed like prompt-tsx does). */
export function toCallContent(result: ToolResultLike | undefined | null): ToolCallContent[] {
  if (!result || !Array.isArray(result.content)) return [];
  const content: ToolCallContent[] = [];
  for (const part of result.content as unknown[]) {
    if (!part || typeof part !== 'object') continue;
    const p = part as { value?: unknown; mimeType?: unknown; data?: unknown };
    if (typeof p.value === 'string') content.push({ kind: 'text', value: p.value });
    else if (typeof p.mimeType === 'string' && p.data instanceof Uint8Array) content.push({ kind: 'data', mimeType: p.mimeType, data: p.data });
    else if (p.value !== undefined) content.push({ kind: 'promptTsx', value: p.value });
  }
  return content;
}

class CharTokenizer implements ITokenizer<OutputMode.Raw> {
  readonly mode = OutputMode.Raw;
  tokenLength(part: Raw.ChatCompletionContentPart): number {
    return part.type === Raw.ChatCompletionContentPartKind.Text ? estimateTokens(part.text) : 0;
  }
  countMessageTokens(message: Raw.ChatMessage): number {
    return 3 + message.content.reduce((sum, part) => sum + this.tokenLength(part), 0);
  }
}

interface ContentAsMessageProps extends BasePromptElementProps {
  readonly content: ToolCallContent[];
}

class ContentAsMessage extends PromptElement<ContentAsMessageProps> {
  render() {
    const last = this.props.content.length - 1;
    const parts = this.props.content.map((part, i) => {
      if (part.kind === 'promptTsx') return { value: part.value };
      const text = part.kind === 'data' ? `[${part.mimeType}, ${part.data.byteLength} bytes]` : part.value;
      return { value: i < last ? `${text}\n` : text };
    });
    return (
      <UserMessage>
        <PromptToolResult data={{ content: parts } as never} />
      </UserMessage>
    );
  }
}

/**
 * Renders a result's content to plain text the way a chat host would send it to a model
 * (prompt-tsx parts rendered and pruned to `tokenBudget`). Used by headless hosts: CLI, MCP, tests.
 */
export async function contentToText(content: readonly ToolCallContent[], tokenBudget = 1_000_000): Promise<string> {
  if (content.every((part) => part.kind === 'text')) return content.map((part) => (part as { value: string }).value).join('\n');
  const renderer = new PromptRenderer({ modelMaxPromptTokens: tokenBudget }, ContentAsMessage, { content: [...content] }, new CharTokenizer());
  const { messages } = await renderer.render();
  return messages
    .flatMap((message) => message.content)
    .map((part) => (part.type === Raw.ChatCompletionContentPartKind.Text ? part.text : ''))
    .join('');
}
