import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { WHEN_STOPPED } from '../format';

export const getVariablesDefinition: ToolDefinition = {
  name: 'get_variables',
  toolReferenceName: 'get_variables',
  displayName: 'Get Variables',
  modelDescription: 'Returns the variables visible in a frame of the stopped program, by scope (local, closure, block, script): name, type and value. Frame 0 is the top of the stack.',
  userDescription: 'Shows variables of a frame.',
  inputSchema: {
    type: 'object',
    properties: { frameIndex: { type: 'integer', minimum: 0, description: 'Frame index from get_call_stack. Default: 0.' } },
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug', 'read'],
  annotations: { readOnly: true, idempotent: true },
};

@injectable()
export class GetVariablesTool implements Tool<{ frameIndex?: number }> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<{ frameIndex?: number }>) {
    const scopes = await this.debug.variables(input.frameIndex ?? 0);
    return textResult(scopes.map((s) => [`${s.name}:`, ...(s.variables.length ? s.variables.map((v) => `  ${v.name} (${v.type}) = ${v.value}`) : ['  (none)'])].join('\n')).join('\n'));
  }
}
