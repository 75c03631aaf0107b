import * as vscode from 'vscode';
import { activatePackExtension } from '@toolpacks/host-vscode';
import { gitPack } from '@toolpacks/pack-git';

export function activate(context: vscode.ExtensionContext) {
  return activatePackExtension(context, gitPack);
}
