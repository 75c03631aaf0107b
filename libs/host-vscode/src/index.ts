export { VsCodeHost } from './vscodeHost';
export { VsCodeWorkspaceFileSystem } from './vscodeWorkspaceFileSystem';
export { VsCodeSearchService } from './vscodeSearchService';
export { VsCodeDebugService } from './vscodeDebugService';
export { VsCodeOpenEditors } from './vscodeOpenEditors';
export {
  registerToolsWithVsCode,
  type RegistrationKind,
  type VsCodeToolRegistrationOptions,
} from './vscodeToolRegistration';
export { packManifestInfo, type PackManifestInfo } from './packManifest';
export { runToolLoop, type ToolLoopOptions, type ToolLoopResult } from './toolLoop';
export {
  referencedTools,
  selectionFromRequestTools,
  VsCodeToolSelection,
  type ChatRequestTools,
  type ObservedSelection,
} from './vscodeToolSelection';
export {
  DEFINITION_SCHEME,
  RESOLVED_VIEW_COMMANDS,
  RESOLVED_VIEW_ID,
  ResolvedToolsView,
  type ChosenModel,
  type ResolvedViewSources,
} from './resolvedView';
export { toModelInfo } from './modelInfo';
export {
  RUNTIME_EXTENSION_ID,
  SHARED_MODULE_NAMES,
  activatePackExtension,
  sharedModule,
  type PackExtensionOptions,
  type PackRegistration,
  type PackSource,
  type SharedModules,
  type ToolPacksApi,
} from './runtimeApi';
export { confirmInWindow } from './confirmDialog';
export { declaredProposals, isProposalRefusal, proposedEvent, readProposed } from './proposedApi';
