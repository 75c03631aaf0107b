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

/**
 * The result {@link renderPromptResult} gives for an element named `elementName` whose render() is one
 * `<TextChunk>{text}</TextChunk>` (no props, no priority), built without rendering: prompt-tsx's
 * element JSON is not pruned, so it is this tree whatever the budget, and a read no longer allocates
 * a renderer's pieces, token counts and metadata on every call.
 */
export function textChunkResult(elementName: string, text: string): LanguageModelToolResult {
  const piece = (ctorName: string, children: unknown[]) => ({
    type: 1, // PromptNodeType.Piece
    ctor: 2, // PieceCtorKind.Other
    ctorName,
    children,
    props: {},
    references: [],
  });
  const chunk = { type: 2, priority: Number.MAX_SAFE_INTEGER, text, references: [], lineBreakBefore: true }; // Text
  return new LanguageModelToolResult([
    new LanguageModelPromptTsxPart({ node: piece(elementName, [piece('TextChunk', [chunk])]) }),
  ]);
}

/**
 * The text of a prompt-tsx part that is {@link textChunkResult}'s tree (one element holding one
 * `TextChunk` of one text at the highest priority, no references); undefined for any other tree.
 */
export function singleTextChunk(json: unknown): string | undefined {
  const node = (json as { node?: unknown } | null)?.node as Piece | undefined;
  const chunk = onlyChild(node)?.ctorName === 'TextChunk' ? onlyChild(onlyChild(node)) : undefined;
  if (!chunk || chunk.type !== 2 || typeof chunk.text !== 'string') return undefined;
  if (chunk.priority !== Number.MAX_SAFE_INTEGER || chunk.references?.length) return undefined;
  return chunk.text;
}

interface Piece {
  type?: number;
  ctor?: number;
  ctorName?: string;
  text?: unknown;
  priority?: number;
  references?: unknown[];
  props?: Record<string, unknown>;
  children?: Piece[];
}

/** A plain piece's one child (no props, no references, not kept with another); undefined otherwise. */
function onlyChild(node: Piece | undefined): Piece | undefined {
  if (!node || node.type !== 1 || node.ctor !== 2 || node.children?.length !== 1) return undefined;
  if (node.references?.length || (node.props && Object.keys(node.props).length)) return undefined;
  if ('keepWithId' in node || 'flags' in node) return undefined;
  return node.children[0];
}
