// Spec set-up shared by the mcpServer.*.spec.ts files: MCP sessions over a real NodeHost and the four
// built-in packs in a temporary folder (fixture programs, optionally a git repository), server
// options that record the sessions they open, in-memory clients, and the cleanup after each test and
// after the file. For specs only: the Node host and the packs are above this library's layer.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
/* eslint-disable @nx/enforce-module-boundaries -- a spec helper: specs may use the Node host's harness and drive the packs (eslint.config.mjs) */
import { createNodeHost, type NodeHostOptions } from '@toolpacks/host-node';
import {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  initRepository,
  killLiveProcesses,
  SAMPLE_PROGRAM,
  testModels,
  writeFiles,
} from '@toolpacks/host-node/testing';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
/* eslint-enable @nx/enforce-module-boundaries */
import { createHostSession } from '../hostSession';
import type { McpApprovalPolicy, McpServerOptions, McpSession } from '../types';
import { connectInMemory, type TestClient, type TestClientOptions } from './clients';

const roots: string[] = [];
let disposed = 0;
/** Run after each test (clients to close). */
export const cleanups: (() => Promise<unknown>)[] = [];

/** How many sessions have been disposed so far in this spec file. */
export const disposedSessions = (): number => disposed;

/** Closes each test's clients after it; after the file, ends what still runs in the sessions' folders and removes them. */
export function cleanUpSessions(): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  });
  afterAll(async () => {
    for (const root of roots) {
      killLiveProcesses({ marker: root });
      await fs.rm(root, { recursive: true, force: true });
    }
  });
}

export interface NodeSessionOptions {
  readonly threshold?: number;
  readonly host?: NodeHostOptions;
  /** Makes the folder a git repository (the git tools are offered only then). */
  readonly git?: boolean;
}

/** A session over a fresh folder with the fixture programs and notes.txt, for the Claude model. */
export async function nodeSession(options: NodeSessionOptions = {}): Promise<McpSession & { root: string }> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-')));
  roots.push(root);
  await writeFiles(root, {
    'program.js': SAMPLE_PROGRAM,
    'endless.js': ENDLESS_PROGRAM,
    'grandchild.js': GRANDCHILD_PROGRAM,
    'notes.txt': 'hello from notes\n',
  });
  if (options.git) await initRepository(root, [{ files: { 'README.md': '# fixture\n' }, message: 'initial' }]);
  const host = await createNodeHost(root, options.host);
  const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
  const session = createHostSession({
    registry,
    contextKeys: host.contextKeys,
    model: testModels.general,
    ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
    dispose: async () => {
      await host.debug.stop();
      host.dispose();
      disposed++;
    },
  });
  return Object.assign(session, { root });
}

/** Server options whose sessions are recorded (their roots), with the given approval policy. */
export function serverOptions(
  approvals: McpApprovalPolicy = {},
  session: NodeSessionOptions = {},
): McpServerOptions & { sessions: (McpSession & { root: string })[] } {
  const sessions: (McpSession & { root: string })[] = [];
  return {
    sessions,
    approvals,
    createSession: async () => {
      const s = await nodeSession(session);
      sessions.push(s);
      return s;
    },
  };
}

/** A client connected in memory to a server with one session; closed after the test. */
export async function open(
  approvals: McpApprovalPolicy = {},
  session: NodeSessionOptions = {},
  elicit?: TestClientOptions['elicit'],
) {
  const options = serverOptions(approvals, session);
  const client = await connectInMemory(options, elicit ? { elicit } : {});
  cleanups.push(() => client.close());
  return { ...client, options, root: async () => (await client.server.session) as McpSession & { root: string } };
}

export const call = (c: TestClient, name: string, args: Record<string, unknown> = {}) =>
  c.client.callTool({ name, arguments: args }) as Promise<{
    content: { type: string; text?: string }[];
    isError?: boolean;
  }>;
export const names = async (c: TestClient) => (await c.client.listTools()).tools.map((t) => t.name);

/** The registry's decline of a call that runs code the model wrote, when nobody could be asked. */
export const RUNS_CODE_DECLINED = (tool: string) =>
  new RegExp(
    `^The user declined to run \`${tool}\` for this call \\(it runs code, so it needs a person's yes or approval that names this tool`,
  );
/** A program (or expression) that proves it ran: it writes marker.txt next to itself. */
export const MARKER_PROGRAM =
  "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'marker.txt'), 'ran');\n";
export const markerExpression = (root: string) =>
  `process.mainModule.require('node:fs').writeFileSync(${JSON.stringify(path.join(root, 'marker.txt'))}, 'ran')`;
export const markerExists = (root: string) =>
  fs.stat(path.join(root, 'marker.txt')).then(
    () => true,
    () => false,
  );
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
