// One budget for every tool result: a model's context is shared by everything in the chat, and some
// clients refuse a large result outright (Claude Code: 25,000 tokens). Tools that can return much
// cut at a boundary the model can name (a file, a hunk, a match) and say how to get the rest.
import type { ToolTokenizationOptions } from '../definitions';

/** The token budget of one result when the host sets none: about 60,000 characters. */
export const DEFAULT_RESULT_TOKEN_BUDGET = 15_000;

/** Characters per token of the registry's estimate (as `estimateTokens`). */
export const CHARS_PER_TOKEN = 4;

/** How many characters this call's result may hold: the host's token budget, or the default. */
export function resultCharBudget(tokenization: ToolTokenizationOptions | undefined): number {
  const tokens = tokenization?.tokenBudget;
  return (tokens !== undefined && tokens > 0 ? tokens : DEFAULT_RESULT_TOKEN_BUDGET) * CHARS_PER_TOKEN;
}
