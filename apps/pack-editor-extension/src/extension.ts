import * as vscode from 'vscode';
import { activatePackExtension } from '@toolpacks/host-vscode';
import { editorPack } from '@toolpacks/pack-editor';

export function activate(context: vscode.ExtensionContext) {
  return activatePackExtension(context, editorPack);
}
