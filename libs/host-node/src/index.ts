// The headless host. The Node implementations of the services live one layer down, in
// @toolpacks/node-services (VS Code's host uses them too); they are re-exported here for the CLI.
export { NodeHost, createNodeHost, type NodeHostOptions } from './nodeHost';
export {
  openWorkspaceSession,
  type PackImport,
  type WorkspaceSession,
  type WorkspaceSessionOptions,
} from './workspaceSession';
export * from '@toolpacks/node-services';
