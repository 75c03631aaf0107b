// The headless host: real services over one folder, bound for packs to @inject, and context keys
// that follow the machine (debug state, whether the folder is a git repository).
import { watch, type FSWatcher } from 'node:fs';
import { Container, ContainerModule } from 'inversify';
import type { Disposable } from '@toolpacks/base';
import {
  createToolRegistry,
  type LoadedPack,
  type ToolPack,
  type ToolRegistry,
  type ToolRegistryOptions,
} from '@toolpacks/registry/host';
import {
  CONTEXT_KEY_HINTS,
  ContextKeys,
  ContextKeyService,
  DebugService,
  GitService,
  SearchService,
  WorkspaceFileSystem,
} from '@toolpacks/services';
import {
  NodeContextKeyService,
  NodeDebugService,
  NodeGitService,
  NodeSearchService,
  NodeWorkspaceFileSystem,
  type NodeDebugOptions,
  type NodeGitOptions,
  type NodeSearchOptions,
  type SensitivePathsOptions,
} from '@toolpacks/node-services';

/** Options of {@link NodeHost}: those of each service. */
export interface NodeHostOptions {
  /** Options of the search service: the rg binary or the built-in scanner, the timeout. */
  readonly search?: NodeSearchOptions;
  /** Options of the git service: the git binary, timeout and output limit, what of the repository's configuration is trusted. */
  readonly git?: NodeGitOptions;
  /** Options of the Node debugger: the node binary for debuggees, how long to wait for a stop. */
  readonly debug?: NodeDebugOptions;
  /** Paths whose writes always need the user's confirmation: added to / removed from the defaults (sensitivePaths.ts). */
  readonly sensitivePaths?: SensitivePathsOptions;
  /**
   * Watch the root for a `.git` appearing or going (default true), so the git tools come and go as
   * the folder becomes or stops being a repository. A repository created above the root is seen at
   * the next `refresh()`.
   */
  readonly watchRepository?: boolean;
}

/**
 * The headless host: the packs' services over one folder on the real machine, bound for packs to
 * `@inject`, and context keys that follow it (debug state, whether the folder is a git repository).
 */
export class NodeHost implements Disposable {
  /** The workspace file system, confined to the root folder. */
  readonly workspace: NodeWorkspaceFileSystem;
  /** Text and file-name search over the root (ripgrep, or a scanner without it). */
  readonly search: NodeSearchService;
  /** git over the root's repository. */
  readonly git: NodeGitService;
  /** The Node inspector debugger. */
  readonly debug: NodeDebugService;
  /** The context keys `when` clauses read (debugState, gitOpenRepositoryCount). */
  readonly contextKeys = new NodeContextKeyService();
  /** Load into the registry's container: every pack's child container then resolves these. */
  readonly module: ContainerModule;
  private readonly subscription: Disposable;
  private watcher: FSWatcher | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(root: string, options: NodeHostOptions = {}) {
    this.workspace = new NodeWorkspaceFileSystem(root, {
      sensitivePaths: options.sensitivePaths,
      ...(options.git?.git !== undefined ? { git: options.git.git } : {}),
    });
    this.search = new NodeSearchService(this.workspace.root, options.search);
    this.git = new NodeGitService(this.workspace, options.git);
    this.debug = new NodeDebugService(this.workspace, options.debug);
    this.contextKeys.set(ContextKeys.debugState, this.debug.state);
    this.subscription = this.debug.onDidChangeState((state) => this.contextKeys.set(ContextKeys.debugState, state));
    this.module = new ContainerModule(({ bind }) => {
      bind(WorkspaceFileSystem).toConstantValue(this.workspace);
      bind(SearchService).toConstantValue(this.search);
      bind(GitService).toConstantValue(this.git);
      bind(DebugService).toConstantValue(this.debug);
      bind(ContextKeyService).toConstantValue(this.contextKeys);
    });
  }

  /**
   * A registry whose container holds this host's services, with `packs` loaded in order (a refused
   * pack is in `loaded` with its diagnostics). `configure` binds extra services before the packs load;
   * `options` are the registry's (threshold, mode, schema dialects).
   */
  async createRegistry(
    packs: readonly ToolPack[],
    configure?: (container: Container) => void,
    options: Omit<ToolRegistryOptions, 'container'> = {},
  ): Promise<{ registry: ToolRegistry; loaded: LoadedPack[] }> {
    const container = new Container();
    container.load(this.module);
    configure?.(container);
    const registry = createToolRegistry({
      // A pack's structured result that is off its schema or over the budget is its bug: said on
      // stderr (never stdout, which MCP over stdio keeps for the protocol), the call goes on.
      onStructuredContentProblem: (tool, problems) =>
        process.stderr.write(`toolpacks: the structured result of ${tool}: ${problems.join('; ')}\n`),
      ...options,
      contextKeyHints: { ...CONTEXT_KEY_HINTS, ...options.contextKeyHints },
      container,
    });
    const loaded: LoadedPack[] = [];
    for (const pack of packs) loaded.push(await registry.loadPack(pack));
    return { registry, loaded };
  }

  /** Re-reads the state the host cannot watch cheaply (a repository created or removed). */
  async refresh(): Promise<void> {
    this.contextKeys.set(ContextKeys.gitOpenRepositoryCount, (await this.git.isRepository()) ? 1 : 0);
  }

  /**
   * Refreshes when an entry named `.git` changes in the root (inotify, one folder, not recursive):
   * `git init` or removing `.git` changes the tools without a restart. Never keeps the process alive.
   */
  watchRepository(): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(this.workspace.root, { persistent: false }, (_event, name) => {
        if (name !== null && name !== '.git') return;
        clearTimeout(this.refreshTimer);
        // A `git init` writes many entries under .git: refresh once it settles.
        this.refreshTimer = setTimeout(() => void this.refresh().catch(() => undefined), 50);
        this.refreshTimer.unref();
      });
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      // No watcher (a file system without inotify): refresh() still works when a host calls it.
    }
  }

  /** Stops the debugger (and what it started) and the host's subscriptions. */
  dispose(): void {
    clearTimeout(this.refreshTimer);
    this.watcher?.close();
    this.subscription.dispose();
    this.debug.dispose();
  }
}

/** Creates a {@link NodeHost} over `root` with its context keys read from the machine. */
export async function createNodeHost(root: string, options?: NodeHostOptions): Promise<NodeHost> {
  const host = new NodeHost(root, options);
  await host.refresh();
  if (options?.watchRepository !== false) host.watchRepository();
  return host;
}
