import { inject, injectable } from 'inversify';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { WHEN_STOPPED } from '../format';

const definition = {
  name: 'get_variables',
  toolReferenceName: 'get_variables',
  displayName: 'Get Variables',
  modelDescription:
    'Returns the variables visible in a frame of the stopped program, by scope (local, closure, block, script): name, type and value. Frame 0 is the top of the stack.',
  userDescription: 'Shows variables of a frame.',
  inputSchema: {
    type: 'object',
    properties: {
      frameIndex: { type: 'integer', minimum: 0, description: 'Frame index from get_call_stack. Default: 0.' },
    },
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GetVariablesTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<Input>) {
    const scopes = await this.debug.variables(input.frameIndex ?? 0);
    return textResult(
      scopes
        .map((s) =>
          [
            `${s.name}:`,
            ...(s.variables.length ? s.variables.map((v) => `  ${v.name} (${v.type}) = ${v.value}`) : ['  (none)']),
          ].join('\n'),
        )
        .join('\n'),
    );
  }
}

export const getVariables = defineTool({ definition, implementation: GetVariablesTool });
