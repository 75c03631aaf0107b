import type { CallLimitOptions } from './callLimiter';
import type { HttpServeOptions, HttpServer } from './types';

export type {
  HttpServeOptions,
  HttpServer,
  McpApprovalPolicy,
  McpModelChoice,
  McpServerOptions,
  McpSession,
  McpSessionModel,
  SessionDescription,
  StdioServer,
} from './types';
export { serveStdio, type StdioServerIo } from './stdio';
export type { OpeningAnswer, StdioOpening } from './openingAnswer';
export { MODEL_META_KEY, MODEL_REASON_META_KEY, toMcpTools } from './tools';
export {
  chooseSessionModel,
  describeSessionModel,
  KNOWN_CLIENTS,
  knownClient,
  type KnownClient,
} from './clientFamilies';
export { toMcpContent } from './content';
export { createHostSession, type HostSessionOptions } from './hostSession';

// Streamable HTTP, loaded on first use: a stdio server never loads Node's HTTP stack and the SDK's
// HTTP transports (about 15 ms of a stdio start-up, before its first tools/list). A require, not an
// import(): a loader that keeps import() native (esbuild-register, as the MCP conformance run loads
// these sources) would hand './http' to Node's ESM resolver, which finds no file without its extension.
export async function serveHttp(options: HttpServeOptions & CallLimitOptions): Promise<HttpServer> {
  const http = require('./http') as typeof import('./http');
  return http.serveHttp(options);
}
