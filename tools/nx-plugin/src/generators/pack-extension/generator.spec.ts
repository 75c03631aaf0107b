import * as fs from 'node:fs';
import * as path from 'node:path';
import { readJson } from '@nx/devkit';
import { packGenerator } from '../pack/generator';
import { createWorkspaceTree } from '../testing';
import { packExtensionGenerator } from './generator';

const repo = path.resolve(__dirname, '../../../../..');
const git = JSON.parse(fs.readFileSync(path.join(repo, 'apps/pack-git-extension/package.json'), 'utf8'));

async function withPack(name = 'weather', directory?: string) {
  const tree = createWorkspaceTree();
  await packGenerator(tree, { name, directory });
  return tree;
}

describe('pack-extension generator', () => {
  it('creates the thin extension with the same scripts, targets and fields as apps/pack-git-extension', async () => {
    const tree = await withPack();
    await packExtensionGenerator(tree, { name: 'weather' });
    const dir = 'apps/pack-weather-extension';
    expect(
      ['package.json', '.vscodeignore', 'tsconfig.json', 'src/extension.ts'].filter((f) => !tree.exists(`${dir}/${f}`)),
    ).toEqual([]);
    const manifest = readJson(tree, `${dir}/package.json`);
    expect(manifest).toMatchObject({
      name: 'toolpacks-pack-weather',
      displayName: 'Tool Packs: Weather',
      publisher: git.publisher,
      engines: git.engines,
      main: git.main,
      activationEvents: git.activationEvents,
      extensionDependencies: git.extensionDependencies,
      categories: git.categories,
      contributes: { languageModelTools: [], languageModelToolSets: [] },
      dependencies: { '@toolpacks/host-vscode': '*', '@toolpacks/pack-weather': '*' },
    });
    // git's scripts and targets, with the pack's path and export.
    expect(manifest.scripts).toEqual({ ...git.scripts });
    const swap = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll('libs/packs/git/src/index.ts', 'libs/packs/weather/src/index.ts')
          .replaceAll('gitPack', 'weatherPack'),
      );
    expect(manifest.nx).toEqual(swap(git.nx));
    expect(tree.read(`${dir}/.vscodeignore`, 'utf-8')).toBe(
      fs.readFileSync(path.join(repo, 'apps/pack-git-extension/.vscodeignore'), 'utf8'),
    );
    expect(tree.read(`${dir}/tsconfig.json`, 'utf-8')).toBe(
      fs.readFileSync(path.join(repo, 'apps/pack-git-extension/tsconfig.json'), 'utf8'),
    );
    expect(tree.read(`${dir}/src/extension.ts`, 'utf-8')).toBe(
      fs
        .readFileSync(path.join(repo, 'apps/pack-git-extension/src/extension.ts'), 'utf8')
        .replaceAll('gitPack', 'weatherPack')
        .replaceAll('pack-git', 'pack-weather'),
    );
    expect(readJson(tree, 'package-lock.json').packages['node_modules/toolpacks-pack-weather']).toEqual({
      resolved: dir,
      link: true,
    });
  });

  it('the runtime id it depends on is the one host-vscode looks for', () => {
    const source = fs.readFileSync(path.join(repo, 'libs/host-vscode/src/runtimeApi.ts'), 'utf8');
    expect(source).toMatch(new RegExp(`RUNTIME_EXTENSION_ID = '${git.extensionDependencies[0].replace('.', '\\.')}'`));
  });

  it('finds a pack in another folder, takes --directory, --displayName and --publisher', async () => {
    const tree = await withPack('my-pack', 'libs/mine');
    await packExtensionGenerator(tree, {
      name: 'my-pack',
      directory: 'apps/mine-ext',
      displayName: 'Mine',
      publisher: 'me',
    });
    const manifest = readJson(tree, 'apps/mine-ext/package.json');
    expect(manifest).toMatchObject({
      displayName: 'Mine',
      publisher: 'me',
      extensionDependencies: ['toolpacks.toolpacks-runtime'],
    });
    expect(manifest.nx.targets.contributions.options).toEqual({
      pack: 'libs/mine/src/index.ts',
      exportName: 'myPackPack',
    });
    expect(tree.read('apps/mine-ext/src/extension.ts', 'utf-8')).toContain(
      "(require('@toolpacks/pack-my-pack') as typeof import('@toolpacks/pack-my-pack')).myPackPack",
    );
  });

  it('refuses a missing pack, an invalid name, an existing extension', async () => {
    const tree = await withPack();
    await expect(packExtensionGenerator(tree, { name: 'nope' })).rejects.toThrow(/No pack 'nope'/);
    await expect(packExtensionGenerator(tree, { name: 'Weather' })).rejects.toThrow(/Invalid pack name/);
    await packExtensionGenerator(tree, { name: 'weather' });
    await expect(packExtensionGenerator(tree, { name: 'weather', directory: 'apps/other' })).rejects.toThrow(
      /already named toolpacks-pack-weather/,
    );
  });
});
