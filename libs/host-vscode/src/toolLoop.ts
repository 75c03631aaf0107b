// The tool-calling loop of the @toolpacks participant: resolve for the request's model, send,
// stream text, run every tool call through registry.invoke, feed results back, until the model
// answers without tool calls or the round limit. A declined call is one error result; the loop
// goes on.
import * as vscode from 'vscode';
import {
  contentToText,
  type ConfirmationAnswer,
  type ConfirmationRequest,
  type ContextKeys,
  type ResolveRequest,
  type ToolCallContent,
  type ToolCallStatus,
  type ToolRegistry,
  type VirtualToolSession,
} from '@toolpacks/registry/host';
import { toModelInfo } from './modelInfo';

export interface ToolLoopOptions {
  readonly registry: ToolRegistry;
  readonly model: vscode.LanguageModelChat;
  readonly messages: vscode.LanguageModelChatMessage[];
  readonly context: () => ContextKeys;
  readonly selection?: ResolveRequest['selection'];
  readonly referencedTools?: readonly string[];
  readonly session?: VirtualToolSession;
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  readonly chatSessionId?: string;
  readonly token?: vscode.CancellationToken;
  readonly maxRounds?: number;
  readonly onText?: (text: string) => void;
  readonly onToolCall?: (name: string, input: unknown) => void;
}

export interface ToolLoopResult {
  /** The model's text over all rounds. */
  readonly text: string;
  readonly toolCalls: readonly {
    readonly name: string;
    readonly input: unknown;
    readonly status: ToolCallStatus;
    readonly result: string;
  }[];
  /** The tool names sent to the model in each round. */
  readonly toolsPerRound: readonly (readonly string[])[];
  readonly rounds: number;
  readonly stoppedAtRoundLimit: boolean;
}

export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopResult> {
  const { registry, model, messages } = options;
  const maxRounds = options.maxRounds ?? 15;
  const session = options.session ?? registry.createVirtualToolSession();
  const toolCalls: { name: string; input: unknown; status: ToolCallStatus; result: string }[] = [];
  const toolsPerRound: string[][] = [];
  let text = '';
  for (let round = 1; round <= maxRounds; round++) {
    const resolved = registry.resolve({
      model: toModelInfo(model),
      selection: options.selection,
      context: options.context(),
      referencedTools: options.referencedTools,
      virtualTools: { session },
    });
    toolsPerRound.push(resolved.tools.map((t) => t.name));
    const response = await model.sendRequest(
      messages,
      {
        tools: resolved.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
        toolMode: vscode.LanguageModelChatToolMode.Auto,
      },
      options.token,
    );
    const assistantParts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = [];
    const calls: vscode.LanguageModelToolCallPart[] = [];
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) {
        text += part.value;
        options.onText?.(part.value);
        assistantParts.push(part);
      } else if (part instanceof vscode.LanguageModelToolCallPart) {
        calls.push(part);
        assistantParts.push(part);
      }
    }
    if (calls.length === 0) return { text, toolCalls, toolsPerRound, rounds: round, stoppedAtRoundLimit: false };
    messages.push(vscode.LanguageModelChatMessage.Assistant(assistantParts));
    const results: vscode.LanguageModelToolResultPart[] = [];
    for (const call of calls) {
      options.onToolCall?.(call.name, call.input);
      const result = await registry.invoke(
        resolved,
        { callId: call.callId, name: call.name, input: call.input },
        { confirm: options.confirm, token: options.token, chatSessionId: options.chatSessionId },
      );
      const resultText = await contentToText(result.content);
      toolCalls.push({ name: call.name, input: call.input, status: result.status, result: resultText });
      results.push(new vscode.LanguageModelToolResultPart(call.callId, await toResultParts(result.content)));
    }
    messages.push(vscode.LanguageModelChatMessage.User(results));
  }
  return { text, toolCalls, toolsPerRound, rounds: maxRounds, stoppedAtRoundLimit: true };
}

/** What the model gets back: text as text (prompt-tsx rendered), data parts with their bytes. */
async function toResultParts(
  content: readonly ToolCallContent[],
): Promise<(vscode.LanguageModelTextPart | vscode.LanguageModelDataPart)[]> {
  const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelDataPart)[] = [];
  for (const part of content)
    parts.push(
      part.kind === 'data'
        ? new vscode.LanguageModelDataPart(part.data, part.mimeType)
        : new vscode.LanguageModelTextPart(await contentToText([part])),
    );
  return parts;
}
