// What `toolpacks mcp` needs to answer a client's opening (initialize, server/discover), known from
// the options alone: shared by the server (commands/mcp.ts) and the opening stage the bin runs before
// the CLI bundle loads (mcpOpeningStage.ts), so both compose the same answer. Nothing here loads a
// host, a pack or the MCP SDK.
import { realpathSync } from 'node:fs';
import * as path from 'node:path';
import type { CliOptions } from './cliOptions';
import { VERSION } from './defaults';
// Type-only: the opening stage bundles the opening's own modules, never the library's index.
import type { SessionDescription, StdioOpening } from '@toolpacks/mcp-server';
import type { OpeningServerOptions } from '@toolpacks/mcp-server/opening';

/**
 * The display names of the built-in packs (../packs.ts), known without loading them: the opening is
 * answered before any pack loads. mcpOpening.spec.ts keeps this equal to the packs' own names.
 */
export const BUILT_IN_PACK_NAMES: readonly string[] = ['Editor', 'Search', 'Git', 'Debug'];

/** How long the opening line is waited for before the SDK loads (a client that does not write first). */
export const OPENING_WAIT_MS = 50;

/**
 * What the server's instructions say of a session, known before it starts (the host's model, the
 * folder as the host resolves it, the packs), so a client is answered at once while the session
 * starts: the built-in packs are known by name; packs imported from specs are known once loaded.
 */
export function describeCliSession(
  options: Pick<CliOptions, 'root' | 'packs' | 'defaultPacks' | 'request'>,
): SessionDescription | undefined {
  if (options.packs.length > 0) return undefined;
  return {
    model: options.request.model,
    root: realpathSync(path.resolve(options.root)),
    packs: options.defaultPacks ? BUILT_IN_PACK_NAMES : [],
  };
}

/** The server options an opening answer depends on (its name, version, model choice and what it serves). */
export function openingServerOptions(options: Pick<CliOptions, 'mcp' | 'modelChosenBy'>): OpeningServerOptions {
  return {
    name: 'toolpacks',
    version: VERSION,
    // Tools whose job a known client's own tools do are left out unless --serve-all (clientProfiles.ts).
    ...(options.mcp?.serveAll ? { servesEverything: true } : {}),
    // A model named on the command line or in the config file wins; the default gives way to the client's.
    model: options.modelChosenBy !== undefined ? { chosenBy: options.modelChosenBy } : {},
  };
}

/**
 * The opening the bin's first stage read and answered, handed to the server that loads after it:
 * the two are separate bundles (each with its own copy of this module), so it travels on a global
 * registered under a symbol, taken once.
 */
const HANDED_OPENING = Symbol.for('toolpacks.mcp.handedOpening');
type WithOpening = typeof globalThis & { [HANDED_OPENING]?: StdioOpening };

export function handOpening(opening: StdioOpening): void {
  (globalThis as WithOpening)[HANDED_OPENING] = opening;
}

/** The opening the first stage handed on, once; undefined when it ran no first stage. */
export function takeHandedOpening(): StdioOpening | undefined {
  const holder = globalThis as WithOpening;
  const opening = holder[HANDED_OPENING];
  delete holder[HANDED_OPENING];
  return opening;
}
