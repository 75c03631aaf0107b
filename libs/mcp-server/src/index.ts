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
export { serveStdio } from './stdio';
export type { OpeningAnswer, StdioOpening } from './openingAnswer';
export { serveHttp } from './http';
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
