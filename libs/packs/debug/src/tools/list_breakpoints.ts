import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';

export const listBreakpointsDefinition: ToolDefinition = {
  name: 'list_breakpoints',
  toolReferenceName: 'list_breakpoints',
  displayName: 'List Breakpoints',
  modelDescription: "Lists the breakpoints: id, file:line, condition, and whether the debugger has bound it to code ('verified'). Takes no input.",
  userDescription: 'Lists breakpoints.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  tags: ['debug'],
  annotations: { readOnly: true, idempotent: true },
};

@injectable()
export class ListBreakpointsTool implements Tool<Record<string, never>> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  invoke() {
    const breakpoints = this.debug.listBreakpoints();
    if (breakpoints.length === 0) return textResult('No breakpoints are set.');
    return textResult(breakpoints.map((b) => `${b.id} ${b.path}:${b.line}${b.condition ? ` when ${b.condition}` : ''}${b.verified ? ' (verified)' : ''}`).join('\n'));
  }
}
