export {
  NodeWorkspaceFileSystem,
  MAX_TEXT_BYTES,
  isBinary,
  type NodeWorkspaceOptions,
} from './nodeWorkspaceFileSystem';
export {
  SensitivePaths,
  DEFAULT_SENSITIVE_PATHS,
  type SensitivePathRule,
  type SensitivePathsOptions,
} from './sensitivePaths';
export { ConflictError, TEMP_GLOB } from './writeSteps';
export { NodeSearchService, MAX_SEARCH_FILE_BYTES, type NodeSearchOptions } from './nodeSearchService';
export { NodeGitService, GitCommandError, checkRevision, type NodeGitOptions } from './nodeGitService';
export { NodeDebugService, type NodeDebugOptions } from './nodeDebugService';
export { NodeContextKeyService } from './nodeContextKeyService';
export { compileGlob, globToRegExp } from './glob';
export {
  StopWaiters,
  DebugErrors,
  frameAt,
  breakpointLine,
  checkEnv,
  checkRuntimeArgs,
  parseStackTrace,
  type StackTraceFrame,
} from './debugSupport';
export { endedWhileEvaluating } from './debugEvaluate';
export { endTrackedProcessGroups, killProcessGroup, trackedProcessGroups, trackProcessGroup } from './processGroup';
