import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

describe('registry.onDidChange', () => {
  it('does not end a headless process when an onDidChange listener throws', () => {
    // A real process: an uncaught exception there would exit non-zero before "alive".
    const root = path.join(__dirname, '../../..');
    const script = `
      require('esbuild-register/dist/node').register({ target: 'node20', tsconfigRaw: require(${JSON.stringify(path.join(root, 'tsconfig.base.json'))}) });
      require('reflect-metadata');
      const { createToolRegistry } = require(${JSON.stringify(path.join(__dirname, 'host.ts'))});
      const registry = createToolRegistry();
      registry.onDidChange(() => { throw Object.create(null); });
      registry.onDidChange(async () => { throw new Error('rejected'); });
      registry.registerTool({ name: 'a_tool', displayName: 'A', modelDescription: 'A tool.', inputSchema: { type: 'object' } }, { invoke: () => ({ content: [] }) });
      setTimeout(() => console.log('alive'), 50);
    `;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: root, timeout: 30_000 });
    expect(result.stdout.trim()).toBe('alive');
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/a listener failed/);
  });
});
