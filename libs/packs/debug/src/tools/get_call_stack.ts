import { inject, injectable } from 'inversify';
import {
  defineTool,
  fitSections,
  resultCharBudget,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { formatException, formatLocation, WHEN_STOPPED } from '../format';

const definition = {
  name: 'get_call_stack',
  toolReferenceName: 'get_call_stack',
  displayName: 'Get Call Stack',
  modelDescription:
    'Returns the call stack of the stopped program, top frame first: frame index, function, file:line:column and the line text; paused on an exception, also where it was thrown. Use the frame index with get_variables and evaluate_expression.',
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

  async invoke({ tokenizationOptions }: ToolInvocationOptions<Input>) {
    const frames = await this.debug.callStack();
    // Deep recursion gives thousands of frames: the top ones that fit, and how many are below.
    const fitted = fitSections(
      frames.map((f) => `#${f.index} ${formatLocation(f, true)}`),
      resultCharBudget(tokenizationOptions) - 2_000,
    );
    const stack = fitted.omitted
      ? `${fitted.text}\n(${fitted.omitted} deeper frame${fitted.omitted === 1 ? '' : 's'} left out to fit the result.)`
      : fitted.text;
    const exception = this.debug.pausedException();
    if (!exception) return textResult(stack);
    // The stack trace of the exception: where it was thrown, even when those frames have returned
    // (an ES module's top-level throw pauses in Node's own code).
    const thrown = exception.thrownAt.map((l) => `  at ${formatLocation(l, true)}`).join('\n');
    return textResult(
      `Paused on ${formatException(exception)}.${thrown ? `\nThrown at (its stack trace):\n${thrown}` : ''}\nFrames (the index is for get_variables and evaluate_expression):\n${stack}`,
    );
  }
}

export const getCallStack = defineTool({ definition, implementation: GetCallStackTool });
