import type * as vscode from 'vscode';
import { activatePackExtension } from '@toolpacks/host-vscode';

// The pack is required only once the runtime is active: its bundle takes inversify and the
// registry from the runtime (tools/scripts/bundle-extension.js).
export function activate(context: vscode.ExtensionContext) {
  return activatePackExtension(
    context,
    () => (require('@toolpacks/pack-debug') as typeof import('@toolpacks/pack-debug')).debugPack,
  );
}
