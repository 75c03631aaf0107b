import * as fs from 'node:fs';
import * as path from 'node:path';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { checkManifest, generateContributions } from './contributions';
import { checkMarketplaceManifest, marketplaceContributions, marketplaceManifest } from './flavours';

const repo = path.resolve(__dirname, '../../..');
const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(repo, 'apps', dir, 'package.json'), 'utf8'));

describe('the Marketplace flavour', () => {
  it('contributes every general tool of a pack, each referenceable on its own, with no toolset and no proposal', () => {
    const { languageModelTools, languageModelToolSets, enabledApiProposals } = marketplaceContributions(editorPack);
    // read_file, create_file and replace_string_in_file are registered per model in the proposal flavour.
    expect(languageModelTools.map((t) => t.name)).toEqual([
      'read_file',
      'create_file',
      'replace_string_in_file',
      'list_open_editors',
      'multi_replace_string_in_file',
      'move_file',
      'delete_file',
    ]);
    expect(languageModelTools.every((t) => t.canBeReferencedInPrompt === true && t.toolReferenceName)).toBe(true);
    expect(languageModelTools.map((t) => t.name)).not.toContain('str_replace_based_edit_tool');
    expect(languageModelToolSets).toEqual([]);
    expect(enabledApiProposals).toEqual([]);
    // The proposal flavour of the same pack is unchanged.
    expect(generateContributions(editorPack).languageModelTools.map((t) => t.name)).not.toContain('read_file');
  });

  it("is derived from each extension's package.json and passes its check; the proposal flavour as written fails it", () => {
    for (const [dir, pack] of [
      ['pack-git-extension', gitPack],
      ['pack-editor-extension', editorPack],
      ['runtime-extension', undefined],
    ] as const) {
      const written = manifest(dir);
      const contributions = pack ? marketplaceContributions(pack) : undefined;
      const marketplace = marketplaceManifest(written, contributions);
      expect(marketplace.enabledApiProposals).toBeUndefined();
      expect(marketplace.contributes).not.toHaveProperty('languageModelToolSets');
      expect(checkMarketplaceManifest(marketplace, contributions)).toEqual([]);
      expect(checkMarketplaceManifest(written, contributions)).toEqual(
        expect.arrayContaining([expect.stringContaining('declares enabledApiProposals')]),
      );
      // And the proposal flavour still passes its own check.
      expect(checkManifest(written, pack ? generateContributions(pack) : undefined, undefined)).toEqual([]);
    }
    expect(checkMarketplaceManifest(manifest('pack-git-extension'))).toEqual(
      expect.arrayContaining([expect.stringContaining('contributes languageModelToolSets')]),
    );
  });

  it('fails a Marketplace manifest that would use a proposal, names what to do, and keeps the shared checks', () => {
    const contributions = marketplaceContributions(gitPack);
    const good = marketplaceManifest(manifest('pack-git-extension'), contributions);
    const problems = checkMarketplaceManifest(
      {
        ...good,
        enabledApiProposals: ['languageModelToolSupportsModel'],
        contributes: {
          ...good.contributes,
          languageModelToolSets: [{ name: 'toolpacks-git', tools: ['git_status'] }],
          languageModelTools: [...contributions.languageModelTools].slice(1),
        },
      },
      contributions,
    );
    expect(problems).toEqual([
      expect.stringMatching(/declares enabledApiProposals \(languageModelToolSupportsModel\).*proposal flavour/),
      expect.stringMatching(/contributes languageModelToolSets, which needs the "contribLanguageModelToolSets"/),
      expect.stringContaining('contributes.languageModelTools differs from the pack definitions'),
      expect.stringContaining('contributes.languageModelToolSets differs from the pack definitions'),
    ]);
  });
});
