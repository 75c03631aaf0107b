// The workspace's layering is checked by ESLint (eslint.config.mjs): @nx/enforce-module-boundaries reads each
// project's Nx tags against the table in ../layers.json (packs depend on the registry and the service interfaces
// only, hosts implement those interfaces and never import a pack), and only platform:vscode projects may import
// 'vscode' at runtime. What ESLint cannot see is checked here: every project carries exactly one scope:* tag the
// table knows (an untagged project that imports nothing passes ESLint unnoticed, and one with an unknown scope is
// reported only once it imports a project), and has a `lint` script, so `nx run-many -t lint` in npm test covers it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import layers from '../layers.json';

export interface Project {
  readonly name: string;
  /** Relative to the workspace root. */
  readonly root: string;
  readonly tags: readonly string[];
  readonly scripts: Readonly<Record<string, string>>;
}

/** Which projects (by scope tag) each scope may import; eslint.config.mjs builds its depConstraints from it. */
export const LAYERS: Readonly<Record<string, readonly string[]>> = layers;

/** The projects of the workspaces the root package.json declares (`libs/*`, `apps/*`, …). */
export function findProjects(workspaceRoot: string): Project[] {
  const rootManifest = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  const projects: Project[] = [];
  for (const parent of (rootManifest.workspaces ?? []).map((pattern) => pattern.replace(/\/\*$/, ''))) {
    const dir = path.join(workspaceRoot, parent);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const manifest = path.join(dir, name, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      projects.push({
        name: pkg.name,
        root: `${parent}/${name}`,
        tags: pkg.nx?.tags ?? [],
        scripts: pkg.scripts ?? {},
      });
    }
  }
  return projects;
}

export function workspaceViolations(
  workspaceRoot: string,
  layerTable: Readonly<Record<string, readonly string[]>> = LAYERS,
): string[] {
  const violations: string[] = [];
  for (const [scope, allowed] of Object.entries(layerTable))
    for (const target of allowed)
      if (!(target in layerTable))
        violations.push(`layers.json: ${scope} may import ${target}, which is not a scope of the table`);
  for (const project of findProjects(workspaceRoot)) {
    const scopes = project.tags.filter((t) => t.startsWith('scope:'));
    if (scopes.length === 0)
      violations.push(`${project.name} (${project.root}) has no scope:* tag in package.json nx.tags`);
    else if (scopes.length > 1)
      violations.push(`${project.name} (${project.root}) has more than one scope:* tag: ${scopes.join(', ')}`);
    else if (!(scopes[0] in layerTable))
      violations.push(
        `${project.name} (${project.root}) is tagged ${scopes[0]}, which tools/workspace/layers.json does not know`,
      );
    if (!project.scripts.lint)
      violations.push(
        `${project.name} (${project.root}) has no "lint" script in package.json ("lint": "eslint ."), so npm test does not lint it`,
      );
  }
  return violations;
}
