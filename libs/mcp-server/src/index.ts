export type {
  HttpServeOptions,
  HttpServer,
  McpApprovalPolicy,
  McpServerOptions,
  McpSession,
  StdioServer,
} from './types';
export { serveStdio } from './stdio';
export { serveHttp } from './http';
export { SessionServer, toMcpTools } from './sessionServer';
export { toMcpContent } from './content';
export { createHostSession, mcpSessionOf, type HostSessionOptions, type McpWorkspace } from './hostSession';
