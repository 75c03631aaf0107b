// A tool called as an extension calls one (vscode.lm.invokeTool, outside a chat request), read as
// the text its result gives a model.
import * as vscode from 'vscode';
import { contentToText, toCallContent } from '@toolpacks/registry/host';

/** The text of `tool`'s result for `input`, called through vscode.lm.invokeTool. */
export async function invokeText(tool: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined });
  return contentToText(toCallContent(result));
}
