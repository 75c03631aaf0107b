import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findProjects, LAYERS, workspaceViolations } from './boundaries';

const workspaceRoot = path.resolve(__dirname, '../../..');

describe('workspace checks', () => {
  it('hold for this repository', () => {
    expect(findProjects(workspaceRoot).map((p) => p.name)).toEqual(
      expect.arrayContaining(['@toolpacks/registry', '@toolpacks/pack-example', '@toolpacks/cli']),
    );
    expect(workspaceViolations(workspaceRoot)).toEqual([]);
  });

  it('catch an untagged project, an unknown or second scope, and a project without a lint script', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'workspace-checks-'));
    const project = (
      dir: string,
      name: string,
      tags: string[] | undefined,
      scripts: Record<string, string> = { lint: 'eslint .' },
    ) => {
      fs.mkdirSync(path.join(root, dir), { recursive: true });
      fs.writeFileSync(
        path.join(root, dir, 'package.json'),
        JSON.stringify({ name, scripts, ...(tags ? { nx: { tags } } : {}) }),
      );
    };
    try {
      fs.writeFileSync(
        path.join(root, 'package.json'),
        JSON.stringify({ workspaces: ['libs/*', 'libs/packs/*', 'apps/*'] }),
      );
      project('libs/registry', '@toolpacks/registry', ['scope:registry', 'type:lib']);
      project('libs/packs/ok', '@toolpacks/pack-ok', ['scope:pack']);
      project('libs/untagged', '@toolpacks/untagged', undefined);
      project('libs/odd', '@toolpacks/odd', ['scope:odd']);
      project('libs/two', '@toolpacks/two', ['scope:pack', 'scope:host']);
      project('apps/unlinted', '@toolpacks/unlinted', ['scope:app'], { test: 'jest' });
      expect(workspaceViolations(root).sort()).toEqual(
        [
          '@toolpacks/untagged (libs/untagged) has no scope:* tag in package.json nx.tags',
          '@toolpacks/odd (libs/odd) is tagged scope:odd, which tools/workspace/layers.json does not know',
          '@toolpacks/two (libs/two) has more than one scope:* tag: scope:pack, scope:host',
          '@toolpacks/unlinted (apps/unlinted) has no "lint" script in package.json ("lint": "eslint ."), so npm test does not lint it',
        ].sort(),
      );
      expect(workspaceViolations(root, { ...LAYERS, 'scope:pack': ['scope:nowhere'] })).toContain(
        'layers.json: scope:pack may import scope:nowhere, which is not a scope of the table',
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  // The layering itself is ESLint's (eslint.config.mjs); this proves the config still catches what the hand-written
  // check used to: a pack importing a host or 'vscode' at runtime, a layer importing upwards; and that specs may use
  // the Node host's harness but not host-vscode. One Node process lints the snippets as if they were files of those
  // projects, after building the project graph the Nx rule reads (as `nx run-many -t lint` does before ESLint runs).
  it('ESLint reports the layering and host-boundary violations', () => {
    const cases: [string, string][] = [
      [
        'libs/packs/example/src/probe.ts',
        "import { createNodeHost } from '@toolpacks/host-node';\nexport const a = createNodeHost;\n",
      ],
      ['libs/packs/example/src/probe.ts', "import * as vscode from 'vscode';\nexport const a = vscode;\n"],
      ['libs/packs/example/src/probe.ts', "export const load = () => import('vscode');\n"],
      [
        'libs/packs/example/src/probe.ts',
        "import type * as vscode from 'vscode';\nexport type A = typeof vscode.lm;\n",
      ],
      ['libs/host-vscode/src/probe.ts', "import * as vscode from 'vscode';\nexport const a = vscode;\n"],
      [
        'libs/services/src/probe.ts',
        "import { definePack } from '@toolpacks/registry/host';\nexport const a = definePack;\n",
      ],
      [
        'libs/packs/example/src/probe.spec.ts',
        "import { createPackHarness } from '@toolpacks/host-node/src/testing';\nexport const a = createPackHarness;\n",
      ],
      [
        'libs/packs/example/src/probe.spec.ts',
        "import { createVsCodeHost } from '@toolpacks/host-vscode';\nexport const a = createVsCodeHost;\n",
      ],
    ];
    const probe = `
      const { createProjectGraphAsync } = require('@nx/devkit');
      const { ESLint } = require('eslint');
      (async () => {
        await createProjectGraphAsync({ exitOnError: false });
        const eslint = new ESLint({ cwd: process.cwd() });
        const found = [];
        for (const [filePath, code] of JSON.parse(process.argv[1])) {
          const [result] = await eslint.lintText(code, { filePath });
          found.push([...new Set(result.messages.map((m) => m.ruleId))].sort());
        }
        console.log(JSON.stringify(found));
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const run = spawnSync(process.execPath, ['-e', probe, JSON.stringify(cases)], {
      cwd: workspaceRoot,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    expect(run.stderr).toBe('');
    const found = JSON.parse(run.stdout.trim().split('\n').pop() ?? '[]');
    expect(found).toEqual([
      ['@nx/enforce-module-boundaries'],
      ['@typescript-eslint/no-restricted-imports'],
      ['no-restricted-syntax'],
      [],
      [],
      ['@nx/enforce-module-boundaries'],
      [],
      ['@nx/enforce-module-boundaries'],
    ]);
  }, 60_000);
});
