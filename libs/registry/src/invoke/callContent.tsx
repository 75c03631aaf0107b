// What a tool returned, as the registry's call content, and that content as the text a chat host
// would send a model (prompt-tsx parts rendered within a token budget): for headless hosts (CLI,
// MCP, tests), which have no chat host to render for them.
import {
  BasePromptElementProps,
  OutputMode,
  PromptElement,
  PromptRenderer,
  Raw,
  ToolResult as PromptToolResult,
  UserMessage,
  type ITokenizer,
} from '@vscode/prompt-tsx';
import type { ToolResultLike } from '../definitions';
import { estimateTokens, singleTextChunk } from '../toolResult';
import type { ToolCallContent } from '../definitions';

/** Turns whatever a tool returned into the registry's content list (duck-typed like prompt-tsx does). */
export function toCallContent(result: ToolResultLike | undefined | null): ToolCallContent[] {
  if (!result || !Array.isArray(result.content)) return [];
  const content: ToolCallContent[] = [];
  for (const part of result.content as unknown[]) {
    if (!part || typeof part !== 'object') continue;
    const p = part as { value?: unknown; mimeType?: unknown; data?: unknown };
    if (typeof p.value === 'string') content.push({ kind: 'text', value: p.value });
    else if (typeof p.mimeType === 'string' && p.data instanceof Uint8Array)
      content.push({ kind: 'data', mimeType: p.mimeType, data: p.data });
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
  if (content.every((part) => part.kind === 'text'))
    return content.map((part) => (part as { value: string }).value).join('\n');
  // A lone text chunk (a file's lines) renders to its own text when it fits: no renderer per call.
  const lone = content.length === 1 && content[0].kind === 'promptTsx' ? singleTextChunk(content[0].value) : undefined;
  if (lone && estimateTokens(lone) + LONE_CHUNK_OVERHEAD < tokenBudget) return lone;
  return renderContent(content, tokenBudget);
}

/** Room for the message and tool-result wrapping the renderer counts beside a lone chunk's text. */
const LONE_CHUNK_OVERHEAD = 64;

/** {@link contentToText} through prompt-tsx's renderer, whatever the content. */
export async function renderContent(content: readonly ToolCallContent[], tokenBudget = 1_000_000): Promise<string> {
  const renderer = new PromptRenderer(
    { modelMaxPromptTokens: tokenBudget },
    ContentAsMessage,
    { content: [...content] },
    new CharTokenizer(),
  );
  const { messages } = await renderer.render();
  return messages
    .flatMap((message) => message.content)
    .map((part) => (part.type === Raw.ChatCompletionContentPartKind.Text ? part.text : ''))
    .join('');
}
