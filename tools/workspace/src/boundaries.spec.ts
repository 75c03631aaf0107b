import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { boundaryViolations, findProjects, runtimeImports } from './boundaries';

const workspaceRoot = path.resolve(__dirname, '../../..');

describe('workspace boundaries', () => {
  it('holds for this repository', () => {
    expect(findProjects(workspaceRoot).map((p) => p.name)).toEqual(expect.arrayContaining(['@toolpacks/registry', '@toolpacks/pack-example', '@toolpacks/cli']));
    expect(boundaryViolations(workspaceRoot)).toEqual([]);
  });

  it('reads runtime imports and ignores type-only ones', () => {
    const source = [
      "import type * as vscode from 'vscode';",
      "import { a } from '@toolpacks/registry';",
      "import 'reflect-metadata';",
      "export { b } from './b';",
      "export type { C } from './c';",
      "const x = require('node:fs');",
      "const y = await import('vscode');",
    ].join('\n');
    expect(runtimeImports(source).sort()).toEqual(['./b', '@toolpacks/registry', 'node:fs', 'reflect-metadata', 'vscode']);
  });

  it('catches a pack that imports vscode or a host, and an untagged project', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    const project = (dir: string, name: string, tags: string[] | undefined, source: string) => {
      fs.mkdirSync(path.join(root, dir, 'src'), { recursive: true });
      fs.writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name, ...(tags ? { nx: { tags } } : {}) }));
      fs.writeFileSync(path.join(root, dir, 'src/index.ts'), source);
    };
    try {
      project('libs/registry', '@toolpacks/registry', ['scope:registry'], 'export const x = 1;');
      project('libs/host-node', '@toolpacks/host-node', ['scope:host'], "import { x } from '@toolpacks/registry';");
      project('libs/packs/bad', '@toolpacks/pack-bad', ['scope:pack'], "import * as vscode from 'vscode';\nimport { h } from '@toolpacks/host-node/src/fs';");
      project('libs/untagged', '@toolpacks/untagged', undefined, '');
      expect(boundaryViolations(root).sort()).toEqual([
        "libs/packs/bad/src/index.ts imports 'vscode' at runtime; only host-vscode and extension apps may",
        'libs/packs/bad/src/index.ts (scope:pack) imports @toolpacks/host-node (scope:host)',
        '@toolpacks/untagged has no scope:* tag in package.json nx.tags',
      ].sort());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
