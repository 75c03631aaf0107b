// Layering, read from each project's Nx tags: packs depend on the registry and the service
// interfaces only, hosts implement those interfaces (and never import a pack), and only host-vscode and extension apps
// may import 'vscode' at runtime (`import type` is fine anywhere).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Project {
  readonly name: string;
  readonly root: string;
  readonly tags: readonly string[];
}

/** Which @toolpacks/* projects each scope may import. */
const ALLOWED: Record<string, readonly string[]> = {
  'scope:base': [],
  'scope:registry': ['scope:base'],
  'scope:services': ['scope:base'],
  'scope:node-services': ['scope:base', 'scope:services'],
  'scope:pack': ['scope:base', 'scope:registry', 'scope:services'],
  'scope:host': ['scope:base', 'scope:registry', 'scope:services', 'scope:node-services'],
  'scope:host-vscode': ['scope:base', 'scope:registry', 'scope:services', 'scope:node-services'],
  'scope:app': ['scope:base', 'scope:registry', 'scope:services', 'scope:pack', 'scope:node-services', 'scope:host', 'scope:host-vscode'],
  'scope:tools': ['scope:base', 'scope:registry', 'scope:services', 'scope:pack', 'scope:node-services', 'scope:host'],
};
const MAY_IMPORT_VSCODE = new Set(['platform:vscode']);

export function findProjects(workspaceRoot: string): Project[] {
  const parents = ['libs', 'libs/packs', 'apps', 'tools'];
  const projects: Project[] = [];
  for (const parent of parents) {
    const dir = path.join(workspaceRoot, parent);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const manifest = path.join(dir, name, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      projects.push({ name: pkg.name, root: path.join(dir, name), tags: pkg.nx?.tags ?? [] });
    }
  }
  return projects;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Runtime imports of a file: `import x from`, `export … from`, `require()`, `import()`; not `import type`. */
export function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\s)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

export function boundaryViolations(workspaceRoot: string): string[] {
  const projects = findProjects(workspaceRoot);
  const byName = new Map(projects.map((p) => [p.name, p]));
  const violations: string[] = [];
  for (const project of projects) {
    const scope = project.tags.find((t) => t.startsWith('scope:'));
    if (!scope) {
      violations.push(`${project.name} has no scope:* tag in package.json nx.tags`);
      continue;
    }
    for (const file of sourceFiles(path.join(project.root, 'src'))) {
      const relative = path.relative(workspaceRoot, file);
      for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
        if (specifier === 'vscode' && !project.tags.some((t) => MAY_IMPORT_VSCODE.has(t))) violations.push(`${relative} imports 'vscode' at runtime; only host-vscode and extension apps may`);
        const target = byName.get(specifier.split('/').slice(0, 2).join('/'));
        if (!target || target === project) continue;
        const targetScope = target.tags.find((t) => t.startsWith('scope:'));
        if (!targetScope || !(ALLOWED[scope] ?? []).includes(targetScope)) violations.push(`${relative} (${scope}) imports ${target.name} (${targetScope ?? 'untagged'})`);
      }
    }
  }
  return violations;
}
