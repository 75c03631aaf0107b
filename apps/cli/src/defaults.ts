// What the CLI uses when nothing says otherwise.
import type { ModelInfo, VirtualToolMode } from '@toolpacks/registry/host';

export const DEFAULT_MODEL: ModelInfo = {
  id: 'gpt-4.1',
  vendor: 'copilot',
  family: 'gpt-4.1',
  version: 'gpt-4.1-2025-04-14',
};

export const CONFIG_FILE_NAME = 'toolpacks.config.json';

/** What `--virtual-tools` and the config file's `virtualTools` accept. */
export const VIRTUAL_TOOL_MODES: readonly VirtualToolMode[] = ['groups', 'search', 'both'];

/** The CLI's version (its package.json; inlined when bundled). */
export const VERSION: string = (require('../package.json') as { version: string }).version;
