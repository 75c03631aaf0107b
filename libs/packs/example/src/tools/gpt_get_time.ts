import { inject, injectable } from 'inversify';
import { Clock } from '../clock';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, LanguageModelToolResult, ToolDefinition } from '@toolpacks/registry';
import { getTime, TIME_PROPERTIES, timeLine, TimeJob } from './get_time';
import type { DescribedTime } from './get_time';

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
type UnixTime = DescribedTime & { unix: number };

/** get_time's own body, rendered with the Unix time beside. */
@injectable()
class GptGetTimeTool extends TimeJob<Input, LanguageModelToolResult<UnixTime>> {
  constructor(@inject(Clock) clock: Clock) {
    super(clock);
  }

  protected render(now: Date, described: DescribedTime) {
    const time = { ...described, unix: Math.floor(now.getTime() / 1000) };
    return structuredResult(time, `${timeLine(time)}; unix=${time.unix}`);
  }
}

export const gptGetTime = defineTool({ definition, implementation: GptGetTimeTool });
