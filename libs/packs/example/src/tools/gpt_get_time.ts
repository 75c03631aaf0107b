import { inject, injectable } from 'inversify';
import {
  defineTool,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { Clock } from '../clock';
import { describeTime, getTime, TIME_PROPERTIES, timeLine } from './get_time';

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
  outputSchema: {
    type: 'object',
    properties: TIME_PROPERTIES,
    required: ['iso', 'local', 'timeZone', 'unix'],
    additionalProperties: false,
  },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GptGetTimeTool implements Tool<Input> {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  invoke({ input }: ToolInvocationOptions<Input>) {
    const now = this.clock.now();
    const time = { ...describeTime(now, input.timeZone ?? 'UTC'), unix: Math.floor(now.getTime() / 1000) };
    return structuredResult(time, `${timeLine(time)}; unix=${time.unix}`);
  }
}

export const gptGetTime = defineTool({ definition, implementation: GptGetTimeTool });
