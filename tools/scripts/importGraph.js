// The import graph of the workspace's own source, read with TypeScript's own scanner (type-only
// imports count: a circle of types is still a circle a reader has to hold in mind). Used by
// importGraph.spec.js to keep libs/ and apps/ free of import circles and the registry's folders in
// pipeline order.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED = /\.spec\.(ts|tsx|js)$|\.d\.ts$|\.typetest\.ts$/;

/** Every source file under `dir` (specs, declarations and node_modules left out). */
function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !SKIPPED.test(entry.name)) files.push(full);
  }
  return files;
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}.mjs`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.js'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** file → the files of the same tree it imports (relative imports only: packages are layered by Nx). */
function importGraph(dirs) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(dir)) {
      const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of info.importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = resolveRelative(file, fileName);
        if (target && !SKIPPED.test(target)) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): the circles. */
function circles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node).has(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

module.exports = { importGraph, circles, sourceFiles };
