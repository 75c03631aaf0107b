// Helpers for the registry's own specs: recording tools and common models.
import { textResult } from '../toolResult';
import type { ModelInfo, Tool, ToolDefinition } from '../definitions';

export const models = {
  gpt41: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '2025-04-14' },
  gpt4o: { id: 'gpt-4o', vendor: 'copilot', family: 'gpt-4o', version: '2024-11-20' },
  gpt5: { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '2025-08-07' },
  gemini: { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '001' },
  claude: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
} satisfies Record<string, ModelInfo>;

export function def<const E extends Partial<ToolDefinition>>(name: string, extra: E = {} as E): ToolDefinition & E {
  return { name, modelDescription: `Does ${name}.`, inputSchema: { type: 'object', properties: {} }, ...extra };
}

/** A tool that records its calls and answers with its label. */
export function recordingTool(
  label: string,
  calls: { label: string; input: unknown }[] = [],
): Tool & { calls: typeof calls } {
  return {
    calls,
    invoke(options) {
      calls.push({ label, input: options.input });
      return textResult(`${label} ran`);
    },
  };
}

export const names = (resolved: { tools: readonly { name: string }[] }) => resolved.tools.map((t) => t.name);
