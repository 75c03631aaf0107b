import * as vscode from 'vscode';
import { activatePackExtension } from '@toolpacks/host-vscode';
import { searchPack } from '@toolpacks/pack-search';

export function activate(context: vscode.ExtensionContext) {
  return activatePackExtension(context, searchPack);
}
