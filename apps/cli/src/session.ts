// The CLI's workspace session: @toolpacks/host-node's openWorkspaceSession over the options' root,
// with the built-in packs (unless --no-default-packs), the user's packs imported from their specs,
// the trust settings and schema dialects. invoke, resolve, list, describe, lint, shell and mcp (one
// per MCP session) all open one here.
import type { LoadedPack } from '@toolpacks/registry/host';
import type { WorkspaceSession } from '@toolpacks/host-node';
import type { CliOptions } from './cliOptions';
import { importPack } from './packImport';
import { setProcessReaper } from './signals';

export type { WorkspaceSession } from '@toolpacks/host-node';

export type SessionOptions = Pick<
  CliOptions,
  'root' | 'trust' | 'packs' | 'defaultPacks' | 'request' | 'schemaDialects'
>;

export async function openCliSession(options: SessionOptions): Promise<WorkspaceSession> {
  // Required here, not at the top: `toolpacks --help` and usage errors never load the host or packs.
  const { openWorkspaceSession, endTrackedProcessGroups } =
    require('@toolpacks/host-node') as typeof import('@toolpacks/host-node');
  setProcessReaper(endTrackedProcessGroups);
  return openWorkspaceSession({
    root: options.root,
    host: {
      git: {
        trustRepositoryConfig: options.trust.repositoryConfig,
        trustGitDirOutsideRoot: options.trust.gitDirOutsideRoot,
      },
    },
    packs: options.defaultPacks ? (require('./packs') as typeof import('./packs')).builtInPacks : [],
    imports: options.packs.map((spec) => () => importPack(spec)),
    ...(options.schemaDialects ? { registry: { schemaDialects: options.schemaDialects } } : {}),
    request: options.request,
  });
}

/** What to print for the packs that were not loaded: one block per pack, its diagnostics indented. */
export function describeRefusedPacks(loaded: readonly LoadedPack[]): string[] {
  return loaded
    .filter((p) => !p.loaded)
    .map((pack) => `pack '${pack.id}' was not loaded:\n${pack.diagnostics.map((d) => `  ${d.message}`).join('\n')}`);
}
