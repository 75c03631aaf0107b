// VS Code's own tool selection as the registry's. In VS Code the one truth about which tools are on
// is VS Code's: its Configure Tools picker, a custom agent's or prompt file's `tools:` list, `#`
// references. An extension sees it only on a chat request: `request.tools` (the
// chatParticipantAdditions proposal: every tool the picker knows, on or off) and
// `request.toolReferences` (stable: the `#` references, toolsets already expanded into tools). This
// module reads those and remembers the last one seen; it never writes a selection of its own.
import { Emitter, type Disposable, type Event } from '@toolpacks/base';
import type { ToolRegistry, ToolSelection } from '@toolpacks/registry/host';

/** The part of a chat request that carries VS Code's tool choices. */
export interface ChatRequestTools {
  /** `request.tools` (proposed): tool (or, before VS Code 1.110, its name) → on or off. Absent in stable VS Code. */
  readonly tools?: ReadonlyMap<
    | {
        /** The tool's name (its id). */
        readonly name: string;
      }
    | string,
    boolean
  >;
  /** `request.toolReferences` (stable): the tools named with `#`, toolsets expanded. */
  readonly toolReferences?: readonly {
    /** The referenced tool's name (its id). */
    readonly name: string;
  }[];
}

/**
 * The registry's selection for VS Code's choices: our tools keyed by their picker entry
 * (toolReferenceName). A job whose tools VS Code lists more than once (several variants) is off when
 * any of them is off; a tool that does several jobs decides those of its jobs VS Code does not list. Undefined when VS Code said nothing about any of our tools (stable VS Code,
 * or a request from an older host): the registry's defaults then apply.
 */
export function selectionFromRequestTools(
  registry: ToolRegistry,
  tools: ChatRequestTools['tools'],
): ToolSelection | undefined {
  if (!tools?.size) return undefined;
  const definitions = new Map(
    registry.tools.filter((t) => !t.definition.overridesTool).map((t) => [t.definition.name, t.definition]),
  );
  const chosen: Record<string, boolean> = {};
  const severalJobs: [readonly string[], boolean][] = [];
  for (const [tool, enabled] of tools) {
    const definition = definitions.get(typeof tool === 'string' ? tool : tool.name);
    if (!definition || typeof enabled !== 'boolean') continue;
    const entry = definition.toolReferenceName ?? definition.name;
    chosen[entry] = (chosen[entry] ?? true) && enabled;
    if (definition.replaces) severalJobs.push([definition.replaces, enabled]);
  }
  // A tool that does several jobs is one entry in VS Code's picker (the jobs' own tools are not
  // listed for its models): its entry speaks for each job VS Code lists no tool of.
  const listed = new Set(Object.keys(chosen));
  for (const [jobs, enabled] of severalJobs)
    for (const job of jobs) if (!listed.has(job)) chosen[job] = (chosen[job] ?? true) && enabled;
  return Object.keys(chosen).length ? { tools: chosen } : undefined;
}

/** The `#` references that name our tools (VS Code's own and other extensions' are not ours to resolve). */
export function referencedTools(registry: ToolRegistry, references: ChatRequestTools['toolReferences']): string[] {
  const ours = new Set(registry.tools.map((t) => t.definition.name));
  return [...new Set((references ?? []).map((r) => r.name).filter((name) => ours.has(name)))];
}

/** Where the selection came from, for a person reading why a tool is off. */
export interface ObservedSelection {
  /** VS Code's choices as the registry's selection. */
  readonly selection: ToolSelection;
  /** When the chat request that carried it arrived. */
  readonly at: Date;
}

/**
 * VS Code's tool selection as the last chat request carried it: for what runs outside a request
 * (a tool VS Code's agent invokes, learning which of its jobs are on; the resolved view). Undefined
 * until a request has carried one; the registry's defaults apply meanwhile.
 */
export class VsCodeToolSelection implements Disposable {
  private readonly emitter = new Emitter<void>();
  private last: ObservedSelection | undefined;
  private carriedNone = false;
  private readonly subscription: Disposable | undefined;

  /** Fires when a request carries a selection different from the last one. */
  readonly onDidChange: Event<void> = this.emitter.event;

  /**
   * @param onDidChangeChatRequestTools `vscode.lm.onDidChangeChatRequestTools` where the host has it
   * (chatParticipantAdditions): VS Code fires it when the picker changes while a request runs.
   */
  constructor(
    private readonly registry: ToolRegistry,
    onDidChangeChatRequestTools?: (listener: (request: ChatRequestTools) => unknown) => Disposable,
  ) {
    this.subscription = onDidChangeChatRequestTools?.((request) => this.observe(request));
  }

  /** The last selection VS Code sent, or undefined before the first request that carried one. */
  get current(): ObservedSelection | undefined {
    return this.last;
  }

  /**
   * Whether a chat request came with no picker choices at all (no `request.tools`): VS Code sends
   * them only to an extension granted chatParticipantAdditions, so the Marketplace flavour never
   * sees them and the registry's defaults apply.
   */
  get requestsCarryNoChoices(): boolean {
    return this.carriedNone && !this.last;
  }

  /** Reads a request's selection, remembers it, and returns it (undefined when it carries none). */
  observe(request: ChatRequestTools): ToolSelection | undefined {
    const selection = selectionFromRequestTools(this.registry, request.tools);
    if (!selection) {
      if (request.tools === undefined && !this.carriedNone) {
        this.carriedNone = true;
        if (!this.last) this.emitter.fire(); // the view's words change; a selection seen before stays
      }
      return undefined;
    }
    const changed = JSON.stringify(selection) !== JSON.stringify(this.last?.selection);
    this.last = { selection, at: new Date() };
    if (changed) this.emitter.fire();
    return selection;
  }

  dispose(): void {
    this.subscription?.dispose();
    this.emitter.dispose();
  }
}
