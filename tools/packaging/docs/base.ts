/**
 * The bottom layer every other project builds on: disposables, events and cancellation in VS Code's shapes, with no dependency on VS Code.
 *
 * @module @toolpacks/base
 */
export * from '@toolpacks/base';
