// The vscode.LanguageModelTool behind one of our registered tools. VS Code already chose the tool
// (its picker, the model's tool list), so each call binds exactly that tool: no resolution of our
// own, whose selection, when clauses or grouping could hide it or pick another.
import * as vscode from 'vscode';
import {
  contentToText,
  inertConfirmation,
  inertLine,
  inertText,
  type ConfirmationAnswer,
  type ConfirmationRequest,
  type ToolDefinition,
  type ToolRegistry,
  type ToolSelection,
} from '@toolpacks/registry/host';
import { HostConfirmations } from './hostConfirmations';
import { invocationCallId } from './invocationCallId';
import { invocationModel } from './invocationModel';
import { toVsCodeToolResult } from './vscodeToolResult';

export function vscodeToolAdapter(
  registry: ToolRegistry,
  definition: ToolDefinition,
  confirm: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>,
  selection?: () => ToolSelection | undefined,
): vscode.LanguageModelTool<object> {
  const name = definition.name;
  // A call that auto-approve must not answer (always-ask: a sensitive write, a commit that runs
  // hooks; code the model wrote; a tool kept manual) is not handed to VS Code, whose own
  // auto-approve could skip its dialog: the registry asks through `confirm`, our own modal.
  const keptManual = definition.annotations?.eligibleForAutoApproval === false;
  const hostConfirmations = new HostConfirmations();
  return {
    async prepareInvocation(options, token) {
      // VS Code gives prepareInvocation no model: the registered variant prepares as itself.
      const bound = registry.bindTool(name);
      if (!bound) return undefined;
      const prepared = await registry.prepare(bound, { name, input: options.input }, token);
      if (!prepared) return undefined;
      // VS Code renders these as Markdown in the chat view, where bidi controls reorder and zero-width
      // characters hide the model's text: a person sees them inert, the titles on one line.
      const title = prepared.confirmationMessages && inertLine(prepared.confirmationMessages.title);
      if (prepared.alwaysConfirm || prepared.runsCode || keptManual) return { invocationMessage: title };
      if (prepared.confirmationMessages) hostConfirmations.record(options.input);
      const { invocationMessage, confirmationMessages } = prepared;
      const message = typeof invocationMessage === 'object' ? invocationMessage.value : invocationMessage;
      return {
        invocationMessage: message === undefined ? undefined : inertText(message),
        confirmationMessages:
          confirmationMessages &&
          inertConfirmation(
            confirmationMessages.title,
            typeof confirmationMessages.message === 'string'
              ? confirmationMessages.message
              : confirmationMessages.message.value,
          ),
      };
    },
    async invoke(options, token) {
      const confirmedByHost = hostConfirmations.take(options.input);
      const bound = registry.bindTool(name, invocationModel(options), selection?.());
      // Its pack went away between VS Code's choice and this call.
      if (!bound)
        throw new Error(
          `Tool \`${name}\` was removed (its pack was unloaded), so it was not run. Use one of the other tools.`,
        );
      const result = await registry.invoke(
        bound,
        { callId: invocationCallId(options), name, input: options.input },
        {
          token,
          // Approved by VS Code only when its dialog showed this input's confirmation; anything
          // else that asks (an override's confirmation prepare did not see) asks through `confirm`.
          confirmedByHost,
          confirm,
          tokenBudget: options.tokenizationOptions?.tokenBudget,
          toolInvocationToken: options.toolInvocationToken,
        },
      );
      // VS Code turns a thrown error into a failed tool call whose message the model (and an
      // invokeTool caller) receives; a returned result would read as a success.
      if (result.isError) throw new Error(await contentToText(result.content));
      return toVsCodeToolResult(result.content);
    },
  };
}
