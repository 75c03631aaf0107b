export type { HttpServeOptions, HttpServer, McpApprovalPolicy, McpServerOptions, McpSession, StdioServer } from './types';
export { serveStdio } from './stdio';
export { serveHttp } from './http';
export { SessionServer, toMcpTools } from './sessionServer';
export { toMcpContent } from './content';
export { createHostSession, type HostSessionOptions } from './hostSession';
