// What the packaging specs share: the names of the published packages.

/** The published packages, dependencies first: the order tools/scripts/build-packages.js builds them in. */
export const PUBLISHED = [
  '@toolpacks/base',
  '@toolpacks/registry',
  '@toolpacks/services',
  '@toolpacks/node-services',
  '@toolpacks/host-node',
  '@toolpacks/host-vscode',
  '@toolpacks/mcp-server',
  '@toolpacks/cli',
];
