/**
 * The bridge to VS Code: the packs' services on the VS Code API, vscode.lm registration, the tool-calling loop, the persisted tool selection.
 *
 * @module @toolpacks/host-vscode
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- documentation only: the API reference re-exports every public package, whatever its layer.
export * from '@toolpacks/host-vscode';
