import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FsTree, flushChanges } from 'nx/src/generators/tree';
import { readJson } from '@nx/devkit';
import { createWorkspaceTree } from '../testing';
import { packGenerator } from './generator';

describe('pack generator', () => {
  it('creates a pack library like libs/packs/example, with a toolset and a sample tool and spec', async () => {
    const tree = createWorkspaceTree();
    const callback = await packGenerator(tree, { name: 'weather' });
    expect(typeof callback).toBe('function');
    const created = tree
      .listChanges()
      .map((c) => c.path)
      .filter((p) => p.startsWith('libs/'))
      .sort();
    expect(created).toEqual([
      'libs/packs/weather/jest.config.js',
      'libs/packs/weather/package.json',
      'libs/packs/weather/src/index.spec.ts',
      'libs/packs/weather/src/index.ts',
      'libs/packs/weather/src/tools/echo_weather.spec.ts',
      'libs/packs/weather/src/tools/echo_weather.ts',
      'libs/packs/weather/tsconfig.json',
    ]);
    expect(readJson(tree, 'libs/packs/weather/package.json')).toEqual({
      name: '@toolpacks/pack-weather',
      version: '0.1.0',
      private: true,
      description: 'The Weather tool pack for language models.',
      main: 'src/index.ts',
      types: 'src/index.ts',
      scripts: { lint: 'eslint .', test: 'jest', typecheck: 'tsc -p tsconfig.json --noEmit' },
      dependencies: { '@toolpacks/registry': '*' },
      nx: { tags: ['scope:pack', 'type:lib'] },
    });
    expect(readJson(tree, 'libs/packs/weather/tsconfig.json').extends).toBe('../../../tsconfig.base.json');
    expect(tree.read('libs/packs/weather/jest.config.js', 'utf-8')).toBe(
      "module.exports = { ...require('../../../jest.preset.js'), displayName: 'pack-weather', rootDir: __dirname };\n",
    );
    const index = tree.read('libs/packs/weather/src/index.ts', 'utf-8');
    expect(index).toContain("import { echoWeather } from './tools/echo_weather';");
    expect(index).toContain('export const weatherPack = definePack({');
    expect(index).toContain('tools: [echoWeather],');
    expect(index).toContain(
      "toolSets: [defineToolSet({ name: 'weather', description: 'Weather tools.', tools: [echoWeather] })]",
    );
    const tool = tree.read('libs/packs/weather/src/tools/echo_weather.ts', 'utf-8');
    expect(tool).toContain("name: 'echo_weather',");
    expect(tool).toContain('} as const satisfies ToolDefinition;');
    expect(tool).toContain('class EchoWeatherTool implements Tool<Input>');
    expect(tool).toContain('export const echoWeather = defineTool({ definition, implementation: EchoWeatherTool });');
    // A structured result beside the text, typed by the tool's outputSchema, and honest annotations.
    expect(tool).toContain('  outputSchema: {');
    expect(tool).toContain('return structuredResult({ text: input.text }, input.text);');
    expect(tool).toContain('annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },');
    const spec = tree.read('libs/packs/weather/src/tools/echo_weather.spec.ts', 'utf-8');
    expect(spec).toContain("import { weatherPack } from '../index';");
    expect(spec).toContain('createToolRegistry({');
    expect(spec).toContain('onStructuredContentProblem');
    expect(spec).toContain("expect(result.structuredContent).toEqual({ text: 'hello' });");
    expect(spec).not.toContain('host-node');
    // Recorded in the lock file as npm install would, sorted as npm sorts.
    const lock = readJson(tree, 'package-lock.json');
    expect(lock.packages['libs/packs/weather']).toEqual({
      name: '@toolpacks/pack-weather',
      version: '0.1.0',
      dependencies: { '@toolpacks/registry': '*' },
    });
    expect(lock.packages['node_modules/@toolpacks/pack-weather']).toEqual({
      resolved: 'libs/packs/weather',
      link: true,
    });
    expect(Object.keys(lock.packages)).toEqual([
      '',
      'apps/runtime-extension',
      'libs/packs/weather',
      'node_modules/@toolpacks/pack-weather',
    ]);
  });

  it('takes --directory, --tool, --description and --services', async () => {
    const tree = createWorkspaceTree();
    await packGenerator(tree, {
      name: 'my-pack',
      directory: 'libs/weather-pack',
      tool: 'get_forecast',
      description: 'Forecasts.',
      services: true,
    });
    const manifest = readJson(tree, 'libs/weather-pack/package.json');
    expect(manifest.description).toBe('Forecasts.');
    expect(manifest.dependencies).toEqual({ '@toolpacks/registry': '*', '@toolpacks/services': '*' });
    expect(manifest.devDependencies).toEqual({ '@toolpacks/host-node': '*', '@toolpacks/node-services': '*' });
    // Its tools' specs run on the Node host's harness, which binds the host's services.
    expect(tree.read('libs/weather-pack/src/tools/get_forecast.spec.ts', 'utf-8')).toContain(
      'createPackHarness([myPackPack])',
    );
    expect(readJson(tree, 'libs/weather-pack/tsconfig.json').extends).toBe('../../tsconfig.base.json');
    expect(tree.exists('libs/weather-pack/src/tools/get_forecast.ts')).toBe(true);
    expect(tree.read('libs/weather-pack/src/index.ts', 'utf-8')).toContain('export const myPackPack = definePack({');
  });

  it.each([['Weather'], ['1pack'], ['my_pack'], ['my pack'], ['pack-'], ['a--b'], ['']])(
    'refuses the pack name %j',
    async (name) => {
      const tree = createWorkspaceTree();
      const before = tree.listChanges().length;
      await expect(packGenerator(tree, { name })).rejects.toThrow(/Invalid pack name/);
      expect(tree.listChanges()).toHaveLength(before);
    },
  );

  it.each([['copilot_x'], ['vscode_x'], ['activate_x'], ['has space'], ['x'.repeat(65)]])(
    'refuses the sample tool name %j',
    async (tool) => {
      await expect(packGenerator(createWorkspaceTree(), { name: 'weather', tool })).rejects.toThrow(
        /Invalid tool name/,
      );
    },
  );

  it('refuses a directory outside the npm workspaces, outside the workspace, or not empty, and an existing pack', async () => {
    const tree = createWorkspaceTree();
    await expect(packGenerator(tree, { name: 'weather', directory: 'packages/weather' })).rejects.toThrow(
      /not covered by the npm workspaces/,
    );
    await expect(packGenerator(tree, { name: 'weather', directory: '../weather' })).rejects.toThrow(
      /inside the workspace/,
    );
    tree.write('libs/packs/weather/README.md', 'x');
    await expect(packGenerator(tree, { name: 'weather' })).rejects.toThrow(/already exists and is not empty/);
    await packGenerator(tree, { name: 'weather', directory: 'libs/packs/weather2' });
    await expect(packGenerator(tree, { name: 'weather', directory: 'libs/packs/weather3' })).rejects.toThrow(
      /already named @toolpacks\/pack-weather/,
    );
  });

  it('writes only through the tree, so --dry-run (no flush) leaves the disk as it was', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-pack-dry-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'w', workspaces: ['libs/packs/*'] }));
      const tree = new FsTree(dir, false);
      const callback = await packGenerator(tree, { name: 'weather' });
      expect(fs.readdirSync(dir)).toEqual(['package.json']);
      flushChanges(dir, tree.listChanges());
      expect(fs.readdirSync(path.join(dir, 'libs/packs/weather/src/tools')).sort()).toEqual([
        'echo_weather.spec.ts',
        'echo_weather.ts',
      ]);
      callback(); // links node_modules/@toolpacks/pack-weather when there is a node_modules (here none: nothing to do)
      expect(fs.existsSync(path.join(dir, 'node_modules'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
