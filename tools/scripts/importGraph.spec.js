// Imports run one way: no import circles in any library or app, and inside the registry its folders
// follow the pipeline (libs/registry/README.md): vocabulary → when/ → schema/ → store/ → resolve/ →
// invoke/ → the composition at the root.
const fs = require('node:fs');
const path = require('node:path');
const { describe, expect, it } = require('@jest/globals');
const { circles, importGraph } = require('./importGraph');

const root = path.resolve(__dirname, '../..');
const relative = (file) => path.relative(root, file).split(path.sep).join('/');

function projectSources() {
  const dirs = [];
  for (const group of ['libs', 'libs/packs', 'apps', 'tools']) {
    for (const name of fs.readdirSync(path.join(root, group))) {
      const src = path.join(root, group, name, 'src');
      if (fs.existsSync(src)) dirs.push(src);
    }
  }
  return dirs;
}

/** The registry's floors: a file may import files of its own floor or below, never above. */
const REGISTRY = path.join(root, 'libs/registry/src');
const FLOORS = [
  {
    floor: 0,
    name: 'vocabulary',
    files: ['definitions.ts', 'modelSelector.ts', 'bestMatch.ts', 'inertText.ts', 'toolResult.tsx'],
  },
  // The one fit of a result to its budget: it speaks only the vocabulary (definitions, toolResult).
  { floor: 0, name: 'fit/', folder: 'fit' },
  { floor: 1, name: 'when/', folder: 'when' },
  { floor: 2, name: 'schema/', folder: 'schema' },
  { floor: 3, name: 'store/', folder: 'store' },
  { floor: 4, name: 'resolve/', folder: 'resolve' },
  { floor: 5, name: 'invoke/', folder: 'invoke' },
  {
    floor: 6,
    name: 'composition',
    files: ['toolRegistry.ts', 'types.ts', 'definePack.ts', 'defineTool.ts', 'index.ts', 'host.ts'],
  },
  { floor: 7, name: 'testing/', folder: 'testing' },
];

function floorOf(file) {
  const rel = path.relative(REGISTRY, file).split(path.sep).join('/');
  const [first, ...rest] = rel.split('/');
  return FLOORS.find((f) => (rest.length ? f.folder === first : f.files?.includes(first)));
}

describe('the import graph', () => {
  const graph = importGraph(projectSources());

  it('has no circles in any library, pack, app or tool', () => {
    expect(circles(graph).map((circle) => circle.map(relative))).toEqual([]);
  });

  it('places every registry file on a floor', () => {
    const unplaced = [...graph.keys()]
      .filter((file) => file.startsWith(REGISTRY + path.sep) && !floorOf(file))
      .map(relative);
    expect(unplaced).toEqual([]);
  });

  it('runs the registry one way: no import from a floor to one above it', () => {
    const upward = [];
    for (const [file, targets] of graph) {
      if (!file.startsWith(REGISTRY + path.sep)) continue;
      const from = floorOf(file);
      for (const target of targets) {
        const to = floorOf(target);
        if (from && to && to.floor > from.floor)
          upward.push(`${relative(file)} (${from.name}) → ${relative(target)} (${to.name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('finds a circle and an upward import when there is one', () => {
    const a = path.join(REGISTRY, 'when/a.ts');
    const b = path.join(REGISTRY, 'when/b.ts');
    expect(
      circles(
        new Map([
          [a, new Set([b])],
          [b, new Set([a])],
        ]),
      ),
    ).toEqual([[a, b]]);
    expect(floorOf(path.join(REGISTRY, 'store/toolStore.ts')).floor).toBeGreaterThan(
      floorOf(path.join(REGISTRY, 'schema/adaptTool.ts')).floor,
    );
  });
});
