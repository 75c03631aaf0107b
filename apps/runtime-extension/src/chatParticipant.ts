// The @toolpacks chat participant: the conversation so far and the request's prompt, run through
// the tool loop with the tools VS Code's picker gives this request, the answer streamed back.
import * as vscode from 'vscode';
import type { ToolRegistry } from '@toolpacks/registry/host';
import {
  confirmInWindow,
  referencedTools,
  type ChatRequestTools,
  type ToolPacksApi,
  type VsCodeToolSelection,
} from '@toolpacks/host-vscode';

/** Registers the participant; it runs each request through `api.runToolLoop`. */
export function registerChatParticipant(
  api: ToolPacksApi,
  registry: ToolRegistry,
  selection: Pick<VsCodeToolSelection, 'observe'>,
): vscode.Disposable {
  return vscode.chat.createChatParticipant('toolpacks.agent', async (request, chatContext, response, token) => {
    const messages = toMessages(chatContext);
    messages.push(vscode.LanguageModelChatMessage.User(request.prompt));
    const result = await api.runToolLoop({
      model: request.model,
      messages,
      // VS Code's picker as this request carries it (request.tools, proposed); undefined: the defaults.
      selection: selection.observe(request as ChatRequestTools),
      referencedTools: referencedTools(registry, request.toolReferences),
      confirm: confirmInWindow,
      token,
      onText: (text) => response.markdown(text),
      onToolCall: (name) => response.progress(`Running ${name}…`),
    });
    if (result.stoppedAtRoundLimit) response.markdown(`\n\n_Stopped after ${result.rounds} rounds of tool calls._`);
    return { metadata: { toolCalls: result.toolCalls.map((c) => ({ name: c.name, status: c.status })) } };
  });
}

/** The chat's earlier turns as messages: the person's prompts, and the markdown of each answer. */
export function toMessages(chatContext: vscode.ChatContext): vscode.LanguageModelChatMessage[] {
  const messages: vscode.LanguageModelChatMessage[] = [];
  for (const turn of chatContext.history) {
    if (turn instanceof vscode.ChatRequestTurn) messages.push(vscode.LanguageModelChatMessage.User(turn.prompt));
    else if (turn instanceof vscode.ChatResponseTurn) {
      const text = turn.response
        .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
        .join('');
      if (text) messages.push(vscode.LanguageModelChatMessage.Assistant(text));
    }
  }
  return messages;
}
