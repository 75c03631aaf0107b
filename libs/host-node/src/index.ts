export { NodeHost, createNodeHost, type NodeHostOptions } from './nodeHost';
export { NodeWorkspaceFileSystem, MAX_TEXT_BYTES, isBinary } from './nodeWorkspaceFileSystem';
export { NodeSearchService, MAX_SEARCH_FILE_BYTES, type NodeSearchOptions } from './nodeSearchService';
export { NodeGitService, checkRevision, type NodeGitOptions } from './nodeGitService';
export { NodeDebugService, type NodeDebugOptions } from './nodeDebugService';
export { NodeContextKeyService } from './nodeContextKeyService';
export { compileGlob, globToRegExp } from './glob';
export { StopWaiters, DebugErrors, frameAt } from './debugSupport';
