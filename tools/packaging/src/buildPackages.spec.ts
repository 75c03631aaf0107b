// The packaging rules without building anything: the publishable packages' in-repository manifests (sources for
// Jest, tsc and esbuild; never published from there), the dependency computation of tools/scripts/build-packages.js,
// and the packs' and MCP server's specs using public entry points only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PUBLISHED } from './published';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  main?: string;
  bin?: Record<string, string>;
  exports?: Record<string, string>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
}
interface PackageInfo {
  readonly dir: string;
  readonly name: string;
  readonly manifest: Manifest;
  readonly isCli: boolean;
}
interface Dependencies {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
}
interface BuildPackages {
  PACKAGE_DIRS: readonly string[];
  allPackages(): PackageInfo[];
  entryPoints(pkg: PackageInfo): Record<string, string>;
  packageNameOf(specifier: string): string | undefined;
  requiredSpecifiers(code: string): Set<string>;
  typeSpecifiers(code: string): Set<string>;
  computeDependencies(
    pkg: PackageInfo,
    packages: readonly PackageInfo[],
    js: Set<string>,
    dts: Set<string>,
  ): Dependencies;
}

const build = require('../../../tools/scripts/build-packages.js') as BuildPackages;
const root = path.resolve(__dirname, '../../..');
const packages = build.allPackages();
const registry = packages.find((p) => p.name === '@toolpacks/registry')!;

describe('build-packages.js', () => {
  it('knows the eight publishable packages, dependencies first', () => {
    expect(packages.map((p) => p.name)).toEqual(PUBLISHED);
    for (const [index, pkg] of packages.entries()) {
      const earlier = packages.slice(0, index).map((p) => p.name);
      for (const dep of Object.keys(pkg.manifest.dependencies ?? {}).filter((d) => packages.some((p) => p.name === d)))
        expect(earlier).toContain(dep);
    }
  });

  it('names the package of a specifier, never a Node built-in', () => {
    expect(build.packageNameOf('@modelcontextprotocol/sdk/server/index.js')).toBe('@modelcontextprotocol/sdk');
    expect(build.packageNameOf('diff')).toBe('diff');
    expect(build.packageNameOf('ws/lib/x')).toBe('ws');
    expect(build.packageNameOf('node:fs')).toBeUndefined();
    expect(build.packageNameOf('fs/promises')).toBeUndefined();
    expect(build.packageNameOf('worker_threads')).toBeUndefined();
  });

  it('finds what built JavaScript requires and what .d.ts files refer to', () => {
    const js = `const a = require("inversify"); const b = Promise.resolve().then(() => __importStar(require('node:child_process'))); require("./local"); require(dynamic);`;
    expect([...build.requiredSpecifiers(js)]).toEqual(['inversify', 'node:child_process']);
    const dts = `import type * as vscode from 'vscode';\nexport * from "@toolpacks/base";\nexport declare const x: import("ajv").default;\n/// <reference types="node" />\nimport { y } from './y';`;
    expect([...build.typeSpecifiers(dts)].sort()).toEqual(['@toolpacks/base', 'ajv', 'node', 'vscode']);
  });

  it('gives workspace packages their real version, npm packages the root version, and vscode only as an optional peer of its types', () => {
    const deps = build.computeDependencies(
      registry,
      packages,
      new Set(['@toolpacks/base', 'inversify', 'vscode', 'node:fs', '@vscode/prompt-tsx']),
      new Set(['vscode', 'node']),
    );
    expect(deps.dependencies).toEqual({
      '@toolpacks/base': '0.1.0',
      '@vscode/prompt-tsx': expect.stringMatching(/^0\.4\.0/),
      inversify: expect.stringMatching(/^\^8\./),
    });
    expect(deps.peerDependencies).toEqual({ '@types/vscode': expect.stringMatching(/^\^1\./) });
    expect(deps.peerDependenciesMeta).toEqual({ '@types/vscode': { optional: true } });
    expect(() => build.computeDependencies(registry, packages, new Set(['left-pad']), new Set())).toThrow(
      /left-pad is imported but not in the root package.json/,
    );
  });

  it('publishes the entry points of the exports map, not the repository-only src/* pattern', () => {
    const hostNode = packages.find((p) => p.name === '@toolpacks/host-node')!;
    expect(build.entryPoints(hostNode)).toEqual({ '.': 'src/index.ts', './testing': 'src/testing.ts' });
  });
});

describe('the publishable packages in the repository', () => {
  it.each(packages.map((p) => [p.name, p] as const))(
    '%s keeps its TypeScript sources as entry points, is never published from here, and builds with build-packages.js',
    (_name, pkg) => {
      const m = pkg.manifest;
      expect(m.private).toBe(true);
      expect(m.license).toBe('MIT');
      expect(m.scripts?.build).toContain('tools/scripts/build-packages.js .');
      if (pkg.isCli) {
        expect(m.bin).toHaveProperty('toolpacks');
        return;
      }
      expect(m.main).toBe('src/index.ts');
      expect(m.exports?.['.']).toBe('./src/index.ts');
      for (const [subpath, target] of Object.entries(m.exports ?? {}))
        if (!subpath.includes('*')) expect(fs.existsSync(path.join(root, pkg.dir, target))).toBe(true);
    },
  );

  it('the packs and the MCP server test through public entry points (no import into a package src/)', () => {
    const specs = ['libs/packs', 'libs/mcp-server/src'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.spec\.tsx?$/.test(f) && !f.includes('node_modules'))
        .map((f) => path.join(dir, f)),
    );
    expect(specs.length).toBeGreaterThan(10);
    const deep = specs.filter((file) =>
      /from '@toolpacks\/[a-z-]+\/src\//.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(deep).toEqual([]);
  });
});
