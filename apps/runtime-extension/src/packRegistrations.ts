// The packs registered with the runtime: each loaded into the registry, its tools registered with
// VS Code, what went wrong said in the output channel, and every one of them gone with the
// extension that registered it (uninstalled or disabled: even before a reload) or with the runtime.
import * as vscode from 'vscode';
import type { ToolPack, ToolRegistry } from '@toolpacks/registry/host';
import {
  declaredProposals,
  packManifestInfo,
  registerToolsWithVsCode,
  type PackRegistration,
  type ToolPacksApi,
  type VsCodeToolSelection,
} from '@toolpacks/host-vscode';

/** Where a pack's problems and progress are written (the "Tool Packs" output channel). */
export interface PackLog {
  appendLine(line: string): void;
}

export class PackRegistrations implements vscode.Disposable {
  /** The registration of each pack extension's pack, by extension id. */
  private readonly owners = new Map<string, PackRegistration>();
  /** The name each pack's toolsets have in VS Code (toolpacks-<name>), as its package.json says. */
  private readonly toolSetNames = new Map<string, ReadonlyMap<string, string>>();
  /** Every pack registered here, whoever registered it: each leaves with this runtime. */
  private readonly live = new Set<PackRegistration>();
  private readonly watch: vscode.Disposable;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly selection: Pick<VsCodeToolSelection, 'current'>,
    private readonly log: PackLog,
  ) {
    // A pack whose extension was uninstalled or disabled leaves with it.
    this.watch = vscode.extensions.onDidChange(() => {
      for (const [id, registration] of [...this.owners])
        if (!vscode.extensions.getExtension(id)) registration.dispose();
    });
  }

  /** The name VS Code gives a pack's toolset (as its package.json says), if the pack declared one. */
  toolSetName(packId: string | undefined, set: string): string | undefined {
    return packId ? this.toolSetNames.get(packId)?.get(set) : undefined;
  }

  /** What the runtime's API offers pack extensions as `registerPack`. */
  readonly register: ToolPacksApi['registerPack'] = async (pack: ToolPack, extensionId, options) => {
    const { registry, log } = this;
    const loaded = await registry.loadPack(pack);
    for (const d of loaded.diagnostics) log.appendLine(`[${pack.id}] ${d.severity} ${d.code}: ${d.message}`);
    const manifest = extensionId ? vscode.extensions.getExtension(extensionId)?.packageJSON : undefined;
    const info = manifest ? packManifestInfo(pack, manifest) : undefined;
    for (const problem of info?.problems ?? []) log.appendLine(`[${pack.id}] warning: ${problem}`);
    const vscodeTools = loaded.loaded
      ? registerToolsWithVsCode(
          registry,
          pack.tools.map((t) => t.definition),
          {
            packLm: options?.lm,
            packId: pack.id,
            contributed: info?.contributed,
            toolSetNames: info?.toolSetNames,
            selection: () => this.selection.current?.selection,
            // A pack extension without the proposal (the Marketplace flavour) is not asked to call it.
            perModelTools: manifest ? declaredProposals(manifest).has('languageModelToolSupportsModel') : undefined,
            onParticipantOnly: (note) => log.appendLine(`[${pack.id}] ${note}`),
            onError: (message) => log.appendLine(`[${pack.id}] error: ${message}`),
          },
        )
      : undefined;
    if (loaded.loaded && info) this.toolSetNames.set(pack.id, info.toolSetNames);
    const registration: PackRegistration = {
      id: loaded.id,
      loaded: loaded.loaded,
      diagnostics: loaded.diagnostics,
      registrations: vscodeTools?.kinds ?? new Map(),
      dispose: () => {
        if (!this.live.delete(registration)) return;
        vscodeTools?.dispose();
        loaded.dispose();
        this.toolSetNames.delete(pack.id);
        if (extensionId) this.owners.delete(extensionId);
      },
    };
    this.live.add(registration);
    if (extensionId && loaded.loaded) this.owners.set(extensionId, registration);
    // The per-model tools are in VS Code (for the models it offers now) when the pack's activation ends.
    await vscodeTools?.ready;
    log.appendLine(`[${pack.id}] ${loaded.loaded ? `loaded ${pack.tools.length} tools` : 'refused'}`);
    return registration;
  };

  /** Every pack leaves; then the registry ends. */
  dispose(): void {
    this.watch.dispose();
    for (const registration of [...this.live]) registration.dispose();
    void this.registry.dispose();
  }
}
