import { inject, injectable } from 'inversify';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type {
  InputOf,
  LanguageModelToolResult,
  Tool,
  ToolDefinition,
  ToolInvocationOptions,
  ToolResultLike,
} from '@toolpacks/registry';
import { Clock } from '../clock';

/** What get_time and its GPT variant return (their output schemas' properties). */
export const TIME_PROPERTIES = {
  iso: { type: 'string', description: 'The time in UTC, ISO 8601 (2026-03-01T12:34:56.000Z).' },
  local: { type: 'string', description: 'The date and time in `timeZone`, readable (en-GB).' },
  timeZone: { type: 'string', description: 'The IANA time zone of `local`.' },
  unix: { type: 'integer', description: 'Seconds since 1970-01-01T00:00:00Z.' },
} as const;

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
  outputSchema: {
    type: 'object',
    properties: TIME_PROPERTIES,
    required: ['iso', 'local', 'timeZone'],
    additionalProperties: false,
  },
  tags: ['example', 'time'],
  // Reads the host's clock: the answer changes from call to call, nothing else does.
  annotations: { readOnly: true, destructive: false, idempotent: false, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** get_time's job for every family: the clock read once, in the time zone asked for; a variant renders it. */
@injectable()
export abstract class TimeJob<I extends { readonly timeZone?: string }, R extends ToolResultLike> implements Tool<I> {
  constructor(private readonly clock: Clock) {}

  invoke({ input }: ToolInvocationOptions<I>) {
    const now = this.clock.now();
    return this.render(now, describeTime(now, input.timeZone ?? 'UTC'));
  }

  protected abstract render(now: Date, time: DescribedTime): R;
}

@injectable()
class GetTimeTool extends TimeJob<Input, LanguageModelToolResult<DescribedTime>> {
  constructor(@inject(Clock) clock: Clock) {
    super(clock);
  }

  protected render(_now: Date, time: DescribedTime) {
    return structuredResult(time, timeLine(time));
  }
}

/** A time as get_time describes it. */
export type DescribedTime = { iso: string; local: string; timeZone: string };

/** Shared by the general tool and its GPT variant so both answer the same way. */
export function describeTime(now: Date, timeZone: string): DescribedTime {
  let local: string;
  try {
    local = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'long' }).format(now);
  } catch {
    throw new Error(
      `Unknown time zone '${timeZone}'. Use an IANA name such as 'Europe/Berlin' or 'America/New_York', or omit timeZone for UTC.`,
    );
  }
  return { iso: now.toISOString(), local, timeZone };
}

/** `2026-03-01T12:34:56.000Z (Sunday 1 March 2026 at 12:34:56 UTC, UTC)`: the text of the same time. */
export function timeLine(time: DescribedTime): string {
  return `${time.iso} (${time.local}, ${time.timeZone})`;
}

export const getTime = defineTool({ definition, implementation: GetTimeTool });
