// The registry's confirmation as a modal VS Code dialog: Allow, the scopes where an answer can be
// remembered, and a decline with an instruction for the model.
import * as vscode from 'vscode';
import { inertConfirmation, type ConfirmationAnswer, type ConfirmationRequest } from '@toolpacks/registry/host';

export async function confirmInWindow(request: ConfirmationRequest): Promise<ConfirmationAnswer> {
  // Scopes are offered only where an answer can be remembered (not for calls that can run code).
  const scopes = request.rememberable === false ? [] : ['Allow in this Session', 'Always Allow in this Workspace'];
  // The model's and the repository's text in it is shown inert (bidi controls, zero-width characters).
  const { title, message } = inertConfirmation(request.title, request.message);
  const choice = await vscode.window.showWarningMessage(
    title,
    { modal: true, detail: message },
    'Allow',
    ...scopes,
    'Decline with Instructions…',
  );
  if (choice === 'Allow') return 'once';
  if (choice === 'Allow in this Session') return 'session';
  if (choice === 'Always Allow in this Workspace') return 'workspace';
  if (choice === 'Decline with Instructions…') {
    const instead = await vscode.window.showInputBox({
      title: `Decline ${request.toolName}`,
      prompt: 'What should the model do instead?',
    });
    if (instead?.trim()) return { decline: instead.trim() };
  }
  return 'decline';
}
