// Puts the registry's tools into vscode.lm so Copilot's agent mode and every other chat extension
// can use them: general tools with registerTool (their packs contribute them in package.json),
// model-specific ones with the registerToolDefinition proposal where the host has it. Overrides
// only take effect inside the registry's own resolution (the @toolpacks participant).
import * as vscode from 'vscode';
import { contentToText, type ConfirmationAnswer, type ConfirmationRequest, type ContextKeys, type Disposable, type ToolDefinition, type ToolRegistry } from '@toolpacks/registry';
import { confirmInWindow } from './confirmDialog';
import { modelMatchingTool } from './modelInfo';

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
  readonly context: () => ContextKeys;
  /** Asks the person (default: a modal dialog); tests pass their own. */
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  readonly lm?: typeof vscode.lm;
}

export type RegistrationKind = 'registerTool' | 'registerToolDefinition' | 'participant-only';

/** Registers one pack's tools; the result lists how each tool was registered. */
export function registerToolsWithVsCode(
  registry: ToolRegistry,
  definitions: readonly ToolDefinition[],
  options: VsCodeToolRegistrationOptions,
): Disposable & { readonly kinds: ReadonlyMap<string, RegistrationKind> } {
  const lm = options.lm ?? vscode.lm;
  const registerToolDefinition = (lm as unknown as { registerToolDefinition?: RegisterToolDefinition }).registerToolDefinition;
  const disposables: vscode.Disposable[] = [];
  const kinds = new Map<string, RegistrationKind>();
  for (const definition of definitions) {
    const tool = adapter(registry, definition, options.context, options.confirm ?? confirmInWindow);
    if (definition.overridesTool) kinds.set(definition.name, 'participant-only');
    else if (!definition.models?.length) {
      disposables.push(lm.registerTool(definition.name, tool));
      kinds.set(definition.name, 'registerTool');
    } else if (typeof registerToolDefinition === 'function') {
      disposables.push(
        registerToolDefinition.call(lm, {
          name: definition.name,
          displayName: definition.displayName,
          description: definition.modelDescription,
          userDescription: definition.userDescription,
          toolReferenceName: definition.toolReferenceName,
          inputSchema: definition.inputSchema,
          tags: definition.tags,
          models: definition.models,
        }, tool),
      );
      kinds.set(definition.name, 'registerToolDefinition');
    } else kinds.set(definition.name, 'participant-only');
  }
  return { kinds, dispose: () => disposables.forEach((d) => d.dispose()) };
}

/** A vscode.LanguageModelTool that runs the registry's tool: validated, with its own confirmation. */
function adapter(
  registry: ToolRegistry,
  definition: ToolDefinition,
  context: () => ContextKeys,
  confirm: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>,
): vscode.LanguageModelTool<object> {
  // The call was offered by VS Code, which already applied the user's picker: resolve with the
  // tool referenced, so the registry's own selection does not hide it, and its when clause holds.
  const resolve = () => registry.resolve({ model: modelMatchingTool(definition), context: context(), referencedTools: [definition.name] });
  // VS Code shows the confirmation prepareInvocation returns, then invokes with the same input:
  // only an input whose confirmation was handed to VS Code counts as approved by the host. An
  // always-ask call (a sensitive write, code that runs) is not handed to VS Code, whose own
  // auto-approve could skip its dialog: invoke asks with a modal dialog of ours, every time.
  const shownConfirmations = new Map<string, number>();
  const inputKey = (input: unknown) => {
    try {
      return JSON.stringify(input) ?? '';
    } catch {
      return '';
    }
  };
  return {
    async prepareInvocation(options, token) {
      const prepared = await registry.prepare(resolve(), { name: definition.name, input: options.input }, token);
      if (!prepared) return undefined;
      if (prepared.alwaysConfirm) return { invocationMessage: prepared.confirmationMessages?.title };
      if (prepared.confirmationMessages) {
        const key = inputKey(options.input);
        shownConfirmations.set(key, (shownConfirmations.get(key) ?? 0) + 1);
        if (shownConfirmations.size > 100) shownConfirmations.delete(shownConfirmations.keys().next().value!);
      }
      const { invocationMessage, confirmationMessages } = prepared;
      return {
        invocationMessage: typeof invocationMessage === 'object' ? invocationMessage.value : invocationMessage,
        confirmationMessages: confirmationMessages && {
          title: confirmationMessages.title,
          message: typeof confirmationMessages.message === 'string' ? confirmationMessages.message : confirmationMessages.message.value,
        },
      };
    },
    async invoke(options, token) {
      const key = inputKey(options.input);
      const shown = shownConfirmations.get(key) ?? 0;
      if (shown > 1) shownConfirmations.set(key, shown - 1);
      else shownConfirmations.delete(key);
      const result = await registry.invoke(
        resolve(),
        { callId: `vscode-${definition.name}`, name: definition.name, input: options.input },
        {
          token,
          // VS Code showed prepareInvocation's confirmation before calling invoke.
          autoApprove: { [definition.name]: true },
          confirmedByHost: shown > 0,
          confirm,
          tokenBudget: options.tokenizationOptions?.tokenBudget,
          toolInvocationToken: options.toolInvocationToken,
        },
      );
      if (result.isError) throw new Error(await contentToText(result.content));
      return new vscode.LanguageModelToolResult(
        result.content.map((part) =>
          part.kind === 'text'
            ? new vscode.LanguageModelTextPart(part.value)
            : part.kind === 'promptTsx'
              ? new vscode.LanguageModelPromptTsxPart(part.value)
              : new vscode.LanguageModelDataPart(part.data, part.mimeType), // the bytes themselves, not a summary
        ),
      );
    },
  };
}
