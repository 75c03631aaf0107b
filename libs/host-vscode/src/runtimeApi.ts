// The API the runtime extension exports; pack extensions (anyone's) call registerPack.
//
// A pack extension's bundle does not carry the registry: tools/scripts/bundle-extension.js replaces
// the modules named in SHARED_MODULE_NAMES with stand-ins that return the runtime's own copies
// (`sharedModule(name)` below, fed from `ToolPacksApi.modules`). So there is one inversify (its
// decorators keep their metadata in the global Reflect; one copy means no version skew between the
// metadata a pack writes and the Container that reads it), one registry and one @toolpacks/services
// (`instanceof WorkspaceError` holds across the runtime and the packs), one prompt-tsx (its renderer
// compares element classes by identity). This file must stay free of runtime imports of those
// modules: the stand-ins load it.
import * as vscode from 'vscode';
import type {
  ContextKeys,
  LoadedPack,
  ModelInfo,
  ResolvedToolSet,
  ToolPack,
  ToolRegistry,
  ToolSelection,
} from '@toolpacks/registry/host';
import type { Event } from '@toolpacks/base';
import type { ToolLoopOptions, ToolLoopResult } from './toolLoop';
import type { RegistrationKind } from './vscodeToolRegistration';

export const RUNTIME_EXTENSION_ID = 'toolpacks.toolpacks-runtime';

/** The modules the runtime shares with pack extensions (bundle-extension.js keeps the same list). */
export const SHARED_MODULE_NAMES = [
  'inversify',
  'reflect-metadata',
  '@toolpacks/base',
  '@toolpacks/registry',
  '@toolpacks/services',
  '@vscode/prompt-tsx',
] as const;
export type SharedModuleName = (typeof SHARED_MODULE_NAMES)[number];

/** The runtime's own instances of the shared modules, by module name. */
export interface SharedModules {
  readonly inversify: typeof import('inversify');
  /** The polyfill installs itself on the global Reflect (the runtime loads it first); the module exports nothing. */
  readonly 'reflect-metadata': object;
  readonly '@toolpacks/base': typeof import('@toolpacks/base');
  readonly '@toolpacks/registry': typeof import('@toolpacks/registry');
  readonly '@toolpacks/services': typeof import('@toolpacks/services');
  readonly '@vscode/prompt-tsx': typeof import('@vscode/prompt-tsx');
}

export interface PackRegistration extends LoadedPack {
  /** How each tool reached VS Code: registerTool, registerToolDefinition, or only the `@toolpacks` participant. */
  readonly registrations: ReadonlyMap<string, RegistrationKind>;
}

/** How a pack extension registers its pack. */
export interface PackExtensionOptions {
  /**
   * The pack extension's own `vscode.lm`. The tools the runtime registers at run time (variants per
   * model) go through it, so VS Code lists them under the pack's extension and inside its toolsets.
   */
  readonly lm?: typeof vscode.lm;
}

export interface ToolPacksApi {
  readonly registry: ToolRegistry;
  /**
   * Loads a pack and registers its tools with VS Code. `extensionId`: the pack's extension, so its
   * tools go when it does and its package.json says which tools VS Code already knows.
   */
  registerPack(pack: ToolPack, extensionId?: string, options?: PackExtensionOptions): Promise<PackRegistration>;
  /**
   * VS Code's tool selection (its Configure Tools picker, an agent's or prompt file's `tools:`
   * list) as the last chat request to the `@toolpacks` participant carried it; undefined before the
   * first such request. The runtime keeps no selection of its own.
   */
  readonly selection: {
    get(): ToolSelection | undefined;
    /** Fires when a request carries a different selection. */
    readonly onDidChange: Event<void>;
  };
  contextKeys(): ContextKeys;
  /** What a model would get now: with `selection`, or VS Code's as last seen (see `selection`). */
  resolve(
    model: ModelInfo,
    options?: { readonly referencedTools?: readonly string[]; readonly selection?: ToolSelection },
  ): ResolvedToolSet;
  /** The `@toolpacks` participant's loop, for other extensions and tests. */
  runToolLoop(options: Omit<ToolLoopOptions, 'registry' | 'context'>): Promise<ToolLoopResult>;
  /** The modules pack bundles take from the runtime instead of carrying their own (see the top of this file). */
  readonly modules: SharedModules;
}

/** A pack, or a function that loads it: pack code is then required only once the runtime's modules are there. */
export type PackSource = ToolPack | (() => ToolPack);

let runtimeModules: SharedModules | undefined;

/**
 * The runtime's instance of a shared module; what a pack bundle's `require('inversify')` (and the
 * other SHARED_MODULE_NAMES) returns. The modules come from activatePackExtension, or else from the
 * runtime's exports: VS Code activates an extension's extensionDependencies before it loads its
 * main file, so they are there even for pack code imported eagerly.
 */
export function sharedModule(name: string): unknown {
  runtimeModules ??= vscode.extensions.getExtension<ToolPacksApi>(RUNTIME_EXTENSION_ID)?.exports?.modules;
  if (!runtimeModules) {
    throw new Error(
      `'${name}' comes from the Tool Packs runtime extension (${RUNTIME_EXTENSION_ID}), which is ` +
        `not active: list it in the pack extension's extensionDependencies and load the pack inside ` +
        'activatePackExtension.',
    );
  }
  if (!Object.prototype.hasOwnProperty.call(runtimeModules, name)) {
    throw new Error(
      `The Tool Packs runtime extension does not share '${name}' ` +
        `(it shares ${Object.keys(runtimeModules).join(', ')}); ` +
        'update the runtime extension.',
    );
  }
  return runtimeModules[name as SharedModuleName];
}

/**
 * The whole activate() of a pack extension: register the pack with the runtime, undo it on
 * deactivate. Give the pack as a loader (a function that requires the pack's module) so its modules
 * are evaluated after the runtime's API is there.
 */
export async function activatePackExtension(
  context: vscode.ExtensionContext,
  source: PackSource,
): Promise<PackRegistration> {
  const runtime = vscode.extensions.getExtension<ToolPacksApi>(RUNTIME_EXTENSION_ID);
  if (!runtime)
    throw new Error(
      `A tool pack (${context.extension.id}) needs the Tool Packs runtime extension (${RUNTIME_EXTENSION_ID}); ` +
        'install it.',
    );
  const api = await runtime.activate();
  runtimeModules ??= api.modules;
  let pack: ToolPack;
  try {
    pack = typeof source === 'function' ? source() : source;
  } catch (error) {
    void vscode.window.showErrorMessage(`The tool pack of ${context.extension.id} could not be loaded.`, {
      detail: String((error as Error)?.message ?? error),
      modal: false,
    });
    throw error;
  }
  const registration = await api.registerPack(pack, context.extension.id, { lm: vscode.lm });
  context.subscriptions.push(registration);
  if (!registration.loaded) {
    const detail = registration.diagnostics.map((d) => d.message).join('\n');
    void vscode.window.showErrorMessage(`Tool pack '${pack.displayName}' could not be loaded.`, {
      detail,
      modal: false,
    });
  }
  return registration;
}
