// Puts the registry's tools into vscode.lm so Copilot's agent mode and every other chat extension
// can use them: general tools with registerTool (their packs contribute them in package.json),
// model-specific ones with the registerToolDefinition proposal where the host has it. Overrides
// are not registered: they replace their base inside the registry's own resolution (the
// @toolpacks participant), and on a VS Code call when VS Code names the model.
import * as vscode from 'vscode';
import type { Disposable } from '@toolpacks/base';
import type {
  ConfirmationAnswer,
  ConfirmationRequest,
  ToolDefinition,
  ToolRegistry,
  ToolSelection,
} from '@toolpacks/registry/host';
import { confirmInWindow } from './confirmDialog';
import { vscodeToolAdapter } from './vscodeToolAdapter';

type RegisterToolDefinition = (
  definition: {
    name: string;
    displayName?: string;
    description: string;
    userDescription?: string;
    toolReferenceName?: string;
    inputSchema?: object;
    tags?: readonly string[];
    models?: readonly object[];
  },
  tool: vscode.LanguageModelTool<object>,
) => vscode.Disposable;

export interface VsCodeToolRegistrationOptions {
  /** Asks the person (default: a modal dialog); tests pass their own. */
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  readonly lm?: typeof vscode.lm;
  /** The person's current tool choices: a tool that does several jobs runs only those that are on. */
  readonly selection?: () => ToolSelection;
}

export type RegistrationKind = 'registerTool' | 'registerToolDefinition' | 'participant-only';

/** Registers one pack's tools; the result lists how each tool was registered. */
export function registerToolsWithVsCode(
  registry: ToolRegistry,
  definitions: readonly ToolDefinition[],
  options: VsCodeToolRegistrationOptions = {},
): Disposable & { readonly kinds: ReadonlyMap<string, RegistrationKind> } {
  const lm = options.lm ?? vscode.lm;
  const registerToolDefinition = (lm as unknown as { registerToolDefinition?: RegisterToolDefinition })
    .registerToolDefinition;
  const disposables: vscode.Disposable[] = [];
  const kinds = new Map<string, RegistrationKind>();
  for (const definition of definitions) {
    const tool = vscodeToolAdapter(registry, definition, options.confirm ?? confirmInWindow, options.selection);
    if (definition.overridesTool) kinds.set(definition.name, 'participant-only');
    else if (!definition.models?.length) {
      disposables.push(lm.registerTool(definition.name, tool));
      kinds.set(definition.name, 'registerTool');
    } else if (typeof registerToolDefinition === 'function') {
      disposables.push(
        registerToolDefinition.call(
          lm,
          {
            name: definition.name,
            displayName: definition.displayName,
            description: definition.modelDescription,
            userDescription: definition.userDescription,
            toolReferenceName: definition.toolReferenceName,
            inputSchema: definition.inputSchema,
            tags: definition.tags,
            models: definition.models,
          },
          tool,
        ),
      );
      kinds.set(definition.name, 'registerToolDefinition');
    } else kinds.set(definition.name, 'participant-only');
  }
  return { kinds, dispose: () => disposables.forEach((d) => d.dispose()) };
}
