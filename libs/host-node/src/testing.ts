// Test harness for packs: a real temporary folder, a NodeHost over it, and a registry with the
// packs loaded, resolving with the host's live context keys.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Container } from 'inversify';
import {
  contentToText,
  type InvokeOptions,
  type ModelInfo,
  type ResolveRequest,
  type ToolCallResult,
  type ToolPack,
  type ToolRegistry,
} from '@toolpacks/registry';
import { SAMPLE_PROGRAM } from '@toolpacks/node-services/src/debugFixtures';
import { createNodeHost, type NodeHost, type NodeHostOptions } from './nodeHost';

export const testModels = {
  gpt41: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  gpt5: { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '1' },
  gemini: { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' },
  claude: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
} satisfies Record<string, ModelInfo>;

export async function writeFiles(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await fs.writeFile(path.join(root, relative), content);
  }
}

export interface PackHarness {
  readonly root: string;
  readonly host: NodeHost;
  readonly registry: ToolRegistry;
  names(model?: ModelInfo, request?: Partial<ResolveRequest>): string[];
  call(name: string, input: unknown, options?: InvokeOptions & { model?: ModelInfo }): Promise<ToolCallResult & { text: string }>;
  read(relative: string): Promise<string>;
  dispose(): Promise<void>;
}

export interface PackHarnessOptions {
  readonly host?: NodeHostOptions;
  /** Binds what a test adds beside the host (before the packs load). */
  readonly configure?: (container: Container) => void;
}

export async function createPackHarness(packs: readonly ToolPack[], files: Record<string, string | Buffer> = {}, options: PackHarnessOptions = {}): Promise<PackHarness> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-pack-')));
  await writeFiles(root, files);
  const host = await createNodeHost(root, options.host);
  const { registry, loaded } = await host.createRegistry(packs, options.configure);
  const refused = loaded.filter((p) => !p.loaded).flatMap((p) => p.diagnostics.map((d) => d.message));
  if (refused.length) throw new Error(refused.join('\n'));
  const resolve = (model: ModelInfo, request: Partial<ResolveRequest> = {}) => registry.resolve({ model, context: host.contextKeys.values, ...request });
  return {
    root,
    host,
    registry,
    names: (model = testModels.claude, request) => resolve(model, request).tools.map((t) => t.name),
    async call(name, input, { model = testModels.claude, ...invokeOptions } = {}) {
      const result = await registry.invoke(resolve(model), { callId: `call-${name}`, name, input }, invokeOptions);
      return { ...result, text: await contentToText(result.content) };
    },
    read: (relative) => fs.readFile(path.join(root, relative), 'utf8'),
    async dispose() {
      await host.debug.stop();
      host.dispose();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** Makes `root` a git repository with one commit per entry (files to write, then the message). */
export async function initRepository(root: string, commits: readonly { files: Record<string, string>; message: string }[]): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'Test User');
  git('config', 'user.email', 'test@example.com');
  git('config', 'commit.gpgsign', 'false');
  for (const commit of commits) {
    await writeFiles(root, commit.files);
    git('add', '--all');
    git('commit', '--quiet', '-m', commit.message);
  }
}

export { SAMPLE_PROGRAM };

/** Starts SAMPLE_PROGRAM (program.js) stopped at line 2 through the pack's own tools. */
export async function startStoppedAtAdd(h: PackHarness): Promise<ToolCallResult & { text: string }> {
  await h.call('set_breakpoint', { path: 'program.js', line: 2 });
  return h.call('start_debugging', { program: 'program.js' }, { autoApprove: true });
}
