import * as vscode from 'vscode';
import { activatePackExtension } from '@toolpacks/host-vscode';
import { debugPack } from '@toolpacks/pack-debug';

export function activate(context: vscode.ExtensionContext) {
  return activatePackExtension(context, debugPack);
}
