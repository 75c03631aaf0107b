import { inject, injectable } from 'inversify';
import { defineTool, textResult, type InputOf, type Tool, type ToolDefinition } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { WHEN_STOPPED } from '../format';

const definition = {
  name: 'get_call_stack',
  toolReferenceName: 'get_call_stack',
  displayName: 'Get Call Stack',
  modelDescription:
    'Returns the call stack of the stopped program, top frame first: frame index, function, file:line:column. Use the frame index with get_variables and evaluate_expression.',
  userDescription: 'Shows the call stack.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  when: WHEN_STOPPED,
  tags: ['debug', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GetCallStackTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke() {
    const frames = await this.debug.callStack();
    return textResult(
      frames.map((f) => `#${f.index} ${f.name} at ${f.path ?? '<unknown>'}:${f.line}:${f.column}`).join('\n'),
    );
  }
}

export const getCallStack = defineTool({ definition, implementation: GetCallStackTool });
