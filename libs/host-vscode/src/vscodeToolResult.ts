import * as vscode from 'vscode';
import type { ToolCallContent } from '@toolpacks/registry/host';

/** The registry's content as VS Code parts; a data part keeps its bytes and type, never a summary. */
export function toVsCodeToolResult(content: readonly ToolCallContent[]): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(
    content.map((part) =>
      part.kind === 'text'
        ? new vscode.LanguageModelTextPart(part.value)
        : part.kind === 'promptTsx'
          ? new vscode.LanguageModelPromptTsxPart(part.value)
          : new vscode.LanguageModelDataPart(part.data, part.mimeType),
    ),
  );
}
