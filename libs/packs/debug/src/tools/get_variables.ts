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
import { WHEN_STOPPED } from '../format';

const definition = {
  name: 'get_variables',
  toolReferenceName: 'get_variables',
  displayName: 'Get Variables',
  modelDescription:
    'Returns the variables visible in a frame of the stopped program, by scope (local, closure, block, module, script; never the global built-ins): name, type and value. Frame 0 is the top of the stack.',
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

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>) {
    const frameIndex = input.frameIndex ?? 0;
    const scopes = await this.debug.variables(frameIndex);
    const count = scopes.reduce((n, s) => n + s.variables.length, 0);
    if (count === 0)
      return textResult(
        `Frame ${frameIndex} has no variables of its own in scope${scopes.length ? ` (${scopes.map((s) => s.name).join(', ')}: all empty)` : ''}. The global scope's built-ins are not listed; evaluate_expression reads any name.`,
      );
    // One section per variable, scope headers kept with their first variable: cut between variables.
    const sections: string[] = [];
    const owner: string[] = [];
    for (const scope of scopes) {
      if (!scope.variables.length) {
        sections.push(`${scope.name}:\n  (none)`);
        owner.push(scope.name);
      }
      scope.variables.forEach((v, i) => {
        const line = `  ${v.name} (${v.type}) = ${v.value}`;
        sections.push(i === 0 ? `${scope.name}:\n${line}` : line);
        owner.push(scope.name);
      });
    }
    const budget = resultCharBudget(tokenizationOptions);
    const fitted = fitSections(sections, budget - 400);
    if (!fitted.omitted) return textResult(fitted.text);
    const left = owner.slice(fitted.kept);
    const inScopes = [...new Set(left)].join(', ');
    return textResult(
      `${fitted.text}\n(${left.length} more variable${left.length === 1 ? '' : 's'} in ${inScopes} left out to fit the result. Read one with evaluate_expression, e.g. its name.)`,
    );
  }
}

export const getVariables = defineTool({ definition, implementation: GetVariablesTool });
