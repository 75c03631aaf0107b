export { VsCodeHost } from './vscodeHost';
export { VsCodeWorkspaceFileSystem } from './vscodeWorkspaceFileSystem';
export { VsCodeSearchService } from './vscodeSearchService';
export { VsCodeDebugService } from './vscodeDebugService';
export { VsCodeOpenEditors } from './vscodeOpenEditors';
export { registerToolsWithVsCode, type RegistrationKind } from './vscodeToolRegistration';
export { runToolLoop, type ToolLoopOptions, type ToolLoopResult } from './toolLoop';
export { SelectionStore } from './selectionStore';
export { configureTools, selectionFromPicks, toolSetState } from './configureTools';
export { describeResolution } from './describeResolution';
export { toModelInfo } from './modelInfo';
export {
  RUNTIME_EXTENSION_ID,
  SHARED_MODULE_NAMES,
  activatePackExtension,
  sharedModule,
  type PackRegistration,
  type PackSource,
  type SharedModules,
  type ToolPacksApi,
} from './runtimeApi';
export { confirmInWindow } from './confirmDialog';
