import { readJson } from '@nx/devkit';
import type { Tree } from '@nx/devkit';
import { packGenerator } from '../pack/generator';
import { readPackIndex } from '../shared';
import { createWorkspaceTree } from '../testing';
import { toolGenerator } from './generator';

const INDEX = 'libs/packs/weather/src/index.ts';

async function withPack(): Promise<Tree> {
  const tree = createWorkspaceTree();
  await packGenerator(tree, { name: 'weather' });
  return tree;
}

/** The pack's tools and toolsets as its index lists them (read back with the same parser). */
function listed(tree: Tree) {
  const index = readPackIndex(INDEX, tree.read(INDEX, 'utf-8') ?? '');
  return {
    tools: index.tools.elements.map((e) => e.getText()),
    toolSets: index.toolSets?.elements.map((e) => e.getText()),
  };
}

describe('tool generator', () => {
  it('adds the tool module and spec, imports it and lists it in the tools array and the first toolset', async () => {
    const tree = await withPack();
    const callback = await toolGenerator(tree, { name: 'get_forecast', pack: 'weather' });
    expect(callback).toBeUndefined(); // no extension of this pack to regenerate
    expect(tree.exists('libs/packs/weather/src/tools/get_forecast.ts')).toBe(true);
    expect(tree.read('libs/packs/weather/src/tools/get_forecast.spec.ts', 'utf-8')).toContain(
      "import { weatherPack } from '../index';",
    );
    const index = tree.read(INDEX, 'utf-8') ?? '';
    expect(index).toContain("import { getForecast } from './tools/get_forecast';");
    expect(index.indexOf('./tools/get_forecast')).toBeLessThan(index.indexOf('export const weatherPack'));
    expect(listed(tree).tools).toEqual(['echoWeather', 'getForecast']);
    expect(listed(tree).toolSets?.[0]).toBe(
      "defineToolSet({ name: 'weather', description: 'Weather tools.', tools: [echoWeather, getForecast] })",
    );
    expect(tree.read('libs/packs/weather/src/tools/get_forecast.ts', 'utf-8')).toContain(
      'export const getForecast = defineTool({ definition, implementation: GetForecastTool });',
    );
  });

  it('edits a hand-written multi-line index (trailing commas, toolsets of values and of names) and honours --toolset and --skipToolset', async () => {
    const tree = await withPack();
    tree.write(
      INDEX,
      [
        "import { definePack, defineToolSet } from '@toolpacks/registry';",
        "import { echoWeather } from './tools/echo_weather';",
        '',
        'export const weatherPack = definePack({',
        "  id: 'weather',",
        "  displayName: 'Weather',",
        "  version: '0.1.0',",
        '  tools: [',
        '    echoWeather,',
        '  ],',
        '  toolSets: [',
        "    defineToolSet({ name: 'read', description: 'Read.', tools: [echoWeather] }),",
        "    { name: 'write', description: 'Write.', tools: ['other_pack_tool'] },",
        '  ],',
        '});',
        '',
      ].join('\n'),
    );
    await toolGenerator(tree, { name: 'set_alarm', pack: 'weather', toolset: 'write' });
    await toolGenerator(tree, { name: 'get-radar', pack: 'weather', skipToolset: true });
    await toolGenerator(tree, { name: 'delete', pack: 'weather', toolset: 'read' });
    const { tools, toolSets } = listed(tree);
    expect(tools).toEqual(['echoWeather', 'setAlarm', 'getRadar', 'deleteTool']);
    expect(toolSets).toEqual([
      "defineToolSet({ name: 'read', description: 'Read.', tools: [echoWeather, deleteTool] })",
      "{ name: 'write', description: 'Write.', tools: ['other_pack_tool', 'set_alarm'] }",
    ]);
    expect(tree.exists('libs/packs/weather/src/tools/get-radar.ts')).toBe(true);
  });

  it('writes a spec on the Node host harness for a pack that uses the host services', async () => {
    const tree = createWorkspaceTree();
    await packGenerator(tree, { name: 'weather', services: true });
    await toolGenerator(tree, { name: 'get_forecast', pack: 'weather' });
    const spec = tree.read('libs/packs/weather/src/tools/get_forecast.spec.ts', 'utf-8');
    expect(spec).toContain("import { createPackHarness, type PackHarness } from '@toolpacks/host-node/testing';");
    expect(spec).not.toContain('createToolRegistry');
  });

  it('regenerates the contributions of the pack extension that exists (after the files are written)', async () => {
    const tree = await withPack();
    tree.write(
      'apps/pack-weather-extension/package.json',
      JSON.stringify({
        name: 'toolpacks-pack-weather',
        nx: { targets: { contributions: { options: { pack: INDEX, exportName: 'weatherPack' } } } },
      }),
    );
    expect(typeof (await toolGenerator(tree, { name: 'get_forecast', pack: 'weather' }))).toBe('function');
  });

  it.each([['copilot_read'], ['vscode_x'], ['activate_weather'], ['get forecast'], ['a'.repeat(65)], ['']])(
    'refuses the tool name %j',
    async (name) => {
      const tree = await withPack();
      const before = tree.read(INDEX, 'utf-8');
      await expect(toolGenerator(tree, { name, pack: 'weather' })).rejects.toThrow(/Invalid tool name/);
      expect(tree.read(INDEX, 'utf-8')).toBe(before);
    },
  );

  it('refuses an unknown pack, a tool already there, an unknown toolset', async () => {
    const tree = await withPack();
    await expect(toolGenerator(tree, { name: 'get_forecast', pack: 'nope' })).rejects.toThrow(
      /No pack 'nope': no workspace package is named @toolpacks\/pack-nope/,
    );
    await expect(toolGenerator(tree, { name: 'echo_weather', pack: 'weather' })).rejects.toThrow(
      /already lists a tool 'echo_weather'/,
    );
    await expect(toolGenerator(tree, { name: 'get_forecast', pack: 'weather', toolset: 'other' })).rejects.toThrow(
      /has no toolset 'other' \(it has: weather\)/,
    );
    tree.write(
      INDEX,
      (tree.read(INDEX, 'utf-8') ?? '').replace(
        'import { definePack,',
        "import { getForecast } from './forecast';\nimport { definePack,",
      ),
    );
    await expect(toolGenerator(tree, { name: 'get_forecast', pack: 'weather' })).rejects.toThrow(
      /already declares the name 'getForecast'/,
    );
    expect(tree.exists('libs/packs/weather/src/tools/get_forecast.ts')).toBe(false);
  });

  it.each([
    [
      'no definePack export',
      "import { definePack } from '@toolpacks/registry';\nconst pack = definePack({ id: 'x', tools: [] });\nexport default pack;\n",
      /found 0 such exports/,
    ],
    [
      'tools built elsewhere',
      "import { definePack } from '@toolpacks/registry';\nconst tools = [];\nexport const weatherPack = definePack({ id: 'x', tools });\n",
      /`tools` is not an array literal/,
    ],
    [
      'no tools',
      "import { definePack } from '@toolpacks/registry';\nexport const weatherPack = definePack({ id: 'x' } as never);\n",
      /definePack is not called with an object literal/,
    ],
    [
      'a spread toolset',
      "import { definePack } from '@toolpacks/registry';\nexport const weatherPack = definePack({ id: 'x', tools: [], toolSets: [{ name: 'a', description: 'A.', tools: ALL }] });\n",
      /not an array literal/,
    ],
  ])('fails clearly, changing nothing, when the index has an unexpected shape: %s', async (_what, text, message) => {
    const tree = await withPack();
    tree.write(INDEX, text);
    await expect(toolGenerator(tree, { name: 'get_forecast', pack: 'weather' })).rejects.toThrow(message);
    expect(tree.read(INDEX, 'utf-8')).toBe(text);
    expect(tree.exists('libs/packs/weather/src/tools/get_forecast.ts')).toBe(false);
    expect(readJson(tree, 'libs/packs/weather/package.json').name).toBe('@toolpacks/pack-weather');
  });
});
