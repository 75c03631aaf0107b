import { inject, injectable } from 'inversify';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { Clock } from '../clock';
import { describeTime, getTime } from './get_time';

/**
 * A model-specific variant of get_time: same picker entry (toolReferenceName), a terser
 * description that GPT models follow well, and a result with the Unix time they often need.
 */
const definition = {
  ...getTime.definition,
  name: 'gpt_get_time',
  toolReferenceName: 'get_time',
  modelDescription: 'Current time. Returns ISO-8601, readable local time and Unix seconds. Optional timeZone (IANA).',
  models: [{ family: 'gpt-4.1' }, { family: 'gpt-5*' }],
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GptGetTimeTool implements Tool<Input> {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  invoke({ input }: ToolInvocationOptions<Input>) {
    const now = this.clock.now();
    return textResult(`${describeTime(now, input.timeZone ?? 'UTC')}; unix=${Math.floor(now.getTime() / 1000)}`);
  }
}

export const gptGetTime = defineTool({ definition, implementation: GptGetTimeTool });
