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
} from '@toolpacks/registry/host';
import { SAMPLE_PROGRAM } from '@toolpacks/node-services/testing';
import { createNodeHost, type NodeHost, type NodeHostOptions } from './nodeHost';

/** The models specs resolve for: one per family the built-in packs treat differently. */
export interface TestModels {
  /** copilot/gpt-4.1: gets apply_patch. */
  readonly gpt41: ModelInfo;
  /** copilot/gpt-5: gets apply_patch. */
  readonly gpt5: ModelInfo;
  /** copilot/gemini-2.5-pro: gets Gemini CLI's file tools. */
  readonly gemini: ModelInfo;
  /** copilot/claude-sonnet-4: gets Anthropic's text editor tool (str_replace_based_edit_tool). */
  readonly claude: ModelInfo;
  /** copilot/grok-code-fast-1, a family no pack has a variant for: the general tools; what {@link PackHarness.names} and {@link PackHarness.call} use when no model is given. */
  readonly general: ModelInfo;
}

/** The models specs resolve for (see {@link TestModels}). */
export const testModels: TestModels = {
  gpt41: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  gpt5: { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '1' },
  gemini: { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' },
  claude: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
  general: { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' },
};

/**
 * Writes files under `root`, creating their folders.
 *
 * @param files - Contents by path relative to `root` (`'src/a.ts'`).
 */
export async function writeFiles(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await fs.writeFile(path.join(root, relative), content);
  }
}

/** A tool call's result, with its content as text. */
export interface HarnessCallResult extends ToolCallResult {
  /** The result's content as the model reads it (every text part, prompt-tsx parts rendered). */
  readonly text: string;
}

/** Packs loaded over a real temporary folder by a headless host; made by {@link createPackHarness}. */
export interface PackHarness {
  /** The temporary folder the packs work on (its real path, without symbolic links). */
  readonly root: string;
  /** The headless host over {@link PackHarness.root}: its services, context keys and debugger. */
  readonly host: NodeHost;
  /** The registry with the packs loaded. */
  readonly registry: ToolRegistry;
  /** The names of the tools a request gets, resolved with the host's live context keys (default model: {@link TestModels.general}). */
  names(model?: ModelInfo, request?: Partial<ResolveRequest>): string[];
  /** Resolves for `options.model` (default {@link TestModels.general}) and invokes one tool through the registry, as a host would. */
  call(name: string, input: unknown, options?: InvokeOptions & { model?: ModelInfo }): Promise<HarnessCallResult>;
  /** Reads a file under {@link PackHarness.root} as UTF-8. */
  read(relative: string): Promise<string>;
  /** Stops the debugger, disposes the host and registry, and deletes the folder. */
  dispose(): Promise<void>;
}

/** Options of {@link createPackHarness}. */
export interface PackHarnessOptions {
  /** Options of the headless host (trust settings, tool paths). */
  readonly host?: NodeHostOptions;
  /** Binds what a test adds beside the host (before the packs load). */
  readonly configure?: (container: Container) => void;
}

/**
 * Creates a temporary folder with `files`, a headless host over it and a registry with `packs` loaded.
 * Throws if a pack is refused (with its diagnostics). Dispose the harness at the end of the test.
 *
 * @example
 * ```ts
 * const h = await createPackHarness([myPack], { 'notes.txt': 'hello' });
 * expect((await h.call('my_tool', { name: 'Ada' })).text).toBe('Hello, Ada!');
 * await h.dispose();
 * ```
 */
export async function createPackHarness(
  packs: readonly ToolPack[],
  files: Record<string, string | Buffer> = {},
  options: PackHarnessOptions = {},
): Promise<PackHarness> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-pack-')));
  await writeFiles(root, files);
  const host = await createNodeHost(root, options.host);
  // A tool whose structured result is missing or off its output schema fails the call, so every
  // spec that calls a tool through the harness checks its structured content too.
  const { registry, loaded } = await host.createRegistry(packs, options.configure, {
    onStructuredContentProblem: (tool, problems) => {
      throw new Error(`the structured result of ${tool} does not match its outputSchema: ${problems.join('; ')}`);
    },
  });
  const refused = loaded.filter((p) => !p.loaded).flatMap((p) => p.diagnostics.map((d) => d.message));
  if (refused.length) throw new Error(refused.join('\n'));
  const resolve = (model: ModelInfo, request: Partial<ResolveRequest> = {}) =>
    registry.resolve({ model, context: host.contextKeys.values, ...request });
  return {
    root,
    host,
    registry,
    names: (model = testModels.general, request) => resolve(model, request).tools.map((t) => t.name),
    async call(name, input, { model = testModels.general, ...invokeOptions } = {}) {
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
export async function initRepository(
  root: string,
  commits: readonly { files: Record<string, string>; message: string }[],
): Promise<void> {
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
// The Node services' test fixtures, for specs outside this repository's node-services (packs, the MCP server): one
// public entry point, `@toolpacks/host-node/testing`, instead of imports into the packages' src/ folders.
export {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  SHORT_PARENT_PROGRAM,
  createDebugFixture,
  exists,
  hostileVariants,
  isAlive,
  killLiveProcesses,
  liveProcesses,
  makeHostileRepository,
  survivors,
  writeMarkerScript,
  type CensusQuery,
  type DebugFixture,
  type HostileVariant,
  type LiveProcess,
} from '@toolpacks/node-services/testing';

/** Starts SAMPLE_PROGRAM (program.js) stopped at line 2 through the pack's own tools. */
export async function startStoppedAtAdd(h: PackHarness): Promise<HarnessCallResult> {
  await h.call('set_breakpoint', { path: 'program.js', line: 2 });
  return h.call('start_debugging', { program: 'program.js' }, { autoApprove: { start_debugging: true } });
}
