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

const definition = {
  name: 'get_time',
  displayName: 'Get Time',
  modelDescription:
    'Returns the current date and time as an ISO-8601 string and a readable local time. Use it when the user asks what time or date it is, or when a task depends on the current time. Do not use it to convert between arbitrary dates.',
  userDescription: 'Tells the model the current time.',
  inputSchema: {
    type: 'object',
    properties: {
      timeZone: { type: 'string', description: "IANA time zone such as 'Europe/Berlin'; defaults to UTC." },
    },
  },
  tags: ['example', 'time'],
  annotations: { readOnly: true, idempotent: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GetTimeTool implements Tool<Input> {
  constructor(@inject(Clock) private readonly clock: Clock) {}

  invoke({ input }: ToolInvocationOptions<Input>) {
    return textResult(describeTime(this.clock.now(), input.timeZone ?? 'UTC'));
  }
}

/** Shared by the general tool and its GPT variant so both answer the same way. */
export function describeTime(now: Date, timeZone: string): string {
  let local: string;
  try {
    local = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'long' }).format(now);
  } catch {
    throw new Error(
      `Unknown time zone '${timeZone}'. Use an IANA name such as 'Europe/Berlin' or 'America/New_York', or omit timeZone for UTC.`,
    );
  }
  return `${now.toISOString()} (${local}, ${timeZone})`;
}

export const getTime = defineTool({ definition, implementation: GetTimeTool });
