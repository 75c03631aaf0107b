import { Container } from 'inversify';
import { contentToText, createToolRegistry } from '@toolpacks/registry/host';
import type { ModelInfo, ToolRegistry } from '@toolpacks/registry/host';
import { Clock, examplePack } from './index';

export const fixedNow = new Date('2026-03-01T12:34:56Z');

export const models = {
  gpt41: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  gpt5: { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '1' },
  gemini: { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' },
  claude: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
} satisfies Record<string, ModelInfo>;

/**
 * A registry with the example pack loaded and a fixed clock bound by the host. A structured result
 * that is missing or off its outputSchema fails the call, so every spec that calls a tool checks it.
 */
export async function loadExample(): Promise<ToolRegistry> {
  const container = new Container();
  container.bind(Clock).toConstantValue({ now: () => fixedNow });
  const registry = createToolRegistry({
    container,
    onStructuredContentProblem: (tool, problems) => {
      throw new Error(`the structured result of ${tool} does not match its outputSchema: ${problems.join('; ')}`);
    },
  });
  const loaded = await registry.loadPack(examplePack);
  if (!loaded.loaded) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
  return registry;
}

export async function call(
  registry: ToolRegistry,
  model: ModelInfo,
  name: string,
  input: unknown,
  context?: Record<string, unknown>,
) {
  const result = await registry.invoke(registry.resolve({ model, context }), { callId: 'test', name, input });
  return { ...result, text: await contentToText(result.content) };
}
