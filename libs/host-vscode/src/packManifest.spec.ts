import { packManifestInfo } from './packManifest';
import { shapesEditorPack } from './testing/shapesPack';

describe("a pack extension's manifest, read by the runtime", () => {
  it('says which tools VS Code knows from package.json and the VS Code name of each toolset', () => {
    const info = packManifestInfo(shapesEditorPack, {
      contributes: {
        languageModelTools: [{ name: 'move_file' }, { name: 'list_open_editors' }, { bad: true }],
        languageModelToolSets: [{ name: 'toolpacks-read' }, { name: 'toolpacks-edit' }],
      },
    });
    expect([...info.contributed!]).toEqual(['move_file', 'list_open_editors']);
    expect([...info.toolSetNames]).toEqual([
      ['read', 'toolpacks-read'],
      ['edit', 'toolpacks-edit'],
    ]);
    expect(info.problems).toEqual([]);
  });

  it('reports a toolset the contributions target did not write, and knows no tools when package.json lists none', () => {
    const info = packManifestInfo(shapesEditorPack, {
      contributes: { languageModelToolSets: [{ name: 'toolpacks-edit' }] },
    });
    expect(info.contributed).toBeUndefined();
    expect(info.toolSetNames.size).toBe(0);
    expect(info.problems).toEqual([
      expect.stringContaining(
        'Toolset \'read\' is not where the contributions target puts it in package.json (contributes.languageModelToolSets[0] is "toolpacks-edit")',
      ),
      expect.stringContaining(
        "Toolset 'edit' is not where the contributions target puts it in package.json (contributes.languageModelToolSets[1] is undefined)",
      ),
    ]);
    expect(packManifestInfo(shapesEditorPack, undefined).problems).toHaveLength(2);
  });

  it('takes a Marketplace manifest (tools, no toolsets: they need a proposal) without a problem', () => {
    const info = packManifestInfo(shapesEditorPack, {
      contributes: { languageModelTools: [{ name: 'read_file' }, { name: 'move_file' }] },
    });
    expect([...info.contributed!]).toEqual(['read_file', 'move_file']);
    expect(info.toolSetNames.size).toBe(0);
    expect(info.problems).toEqual([]);
  });
});
