// Every debug tool is the same class: the debug service injected, a call handed to what the tool
// does with it. A tool is written as its definition and that function (and, for a tool that asks
// first, what it shows), not as a copy of the class.
import { inject, injectable } from 'inversify';
import type { DefinedTool, InputOf, OutputOf, ToolDefinition, ToolImplementation } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';

type Implementation<D extends ToolDefinition> = ToolImplementation<InputOf<D>, OutputOf<D>>;
type Invoke<D extends ToolDefinition> = Implementation<D>['invoke'];
type Prepare<D extends ToolDefinition> = NonNullable<Implementation<D>['prepareInvocation']>;

/** A debug tool: its definition, what it does with the debug service, and what it shows before it runs. */
export interface DebugToolInput<D extends ToolDefinition> {
  readonly definition: D;
  readonly invoke: (debug: DebugService, ...call: Parameters<Invoke<D>>) => ReturnType<Invoke<D>>;
  readonly prepare?: (...call: Parameters<Prepare<D>>) => ReturnType<Prepare<D>>;
}

/** The tool value (as defineTool gives it) of a tool that only needs the debug service. */
export function defineDebugTool<const D extends ToolDefinition>(tool: DebugToolInput<D>): DefinedTool<D> {
  @injectable()
  class DebugTool {
    constructor(@inject(DebugService) private readonly debug: DebugService) {}

    invoke(...call: Parameters<Invoke<D>>): ReturnType<Invoke<D>> {
      return tool.invoke(this.debug, ...call);
    }
  }
  const { prepare } = tool;
  if (prepare) Object.defineProperty(DebugTool.prototype, 'prepareInvocation', { value: prepare });
  return Object.freeze({ definition: tool.definition, implementation: DebugTool });
}
