import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { Clock } from '../clock';
import { describeTime, getTimeDefinition, type GetTimeInput } from './get_time';

/**
 * A model-specific variant of get_time: same picker entry (toolReferenceName), a terser
 * description that GPT models follow well, and a result with the Unix time they often need.
 */
export const gptGetTimeDefinition: ToolDefinition = {
  ...getTimeDefinition,
  name: 'gpt_get_time',
  toolReferenceName: 'get_time',
  modelDescription: 'Current time. Returns ISO-8601, readable local time and Unix seconds. Optional timeZone (IANA).',
  models: [{ family: 'gpt-4.1' }, { family: 'gpt-5*' }],
};

@injectable()
export class GptGetTimeTool implements Tool<GetTimeInput> {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  invoke({ input }: ToolInvocationOptions<GetTimeInput>) {
    const now = this.clock.now();
    return textResult(`${describeTime(now, input.timeZone ?? 'UTC')}; unix=${Math.floor(now.getTime() / 1000)}`);
  }
}
