import * as fs from 'node:fs';
import * as path from 'node:path';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { definePack, type ToolPack } from '@toolpacks/registry';
import { checkManifest, checkSchemas, generateContributions, withContributions } from './contributions';

const repo = path.resolve(__dirname, '../../..');
const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(repo, 'apps', dir, 'package.json'), 'utf8'));

describe('generated contributions', () => {
  it('contribute general tools with displayName and a pack tag, never model-specific tools or overrides', () => {
    const { languageModelTools, languageModelToolSets } = generateContributions(editorPack);
    expect(languageModelTools.map((t) => t.name)).toEqual([
      'read_file',
      'create_file',
      'replace_string_in_file',
      'list_open_editors',
      'multi_replace_string_in_file',
      'move_file',
      'delete_file',
    ]);
    expect(languageModelTools[0]).toMatchObject({
      name: 'read_file',
      displayName: 'Read File',
      toolReferenceName: 'read_file',
      canBeReferencedInPrompt: true,
      tags: ['files', 'read', 'toolpacks:editor'],
    });
    expect(languageModelTools.find((t) => t.name === 'list_open_editors')).toMatchObject({ when: 'hasOpenEditors' });
    expect(languageModelToolSets).toEqual([
      {
        name: 'read',
        description: 'Read files and see the open editors.',
        icon: '$(book)',
        tools: ['read_file', 'list_open_editors'],
      },
      {
        name: 'edit',
        description: 'Create, edit, move and delete files.',
        icon: '$(edit)',
        tools: ['create_file', 'edit_file', 'multi_replace_string_in_file', 'move_file', 'delete_file'],
      },
    ]);
    expect(generateContributions(searchPack).languageModelTools.map((t) => t.name)).not.toContain('gemini_grep_search');
  });

  it.each([
    ['pack-editor-extension', editorPack],
    ['pack-search-extension', searchPack],
    ['pack-git-extension', gitPack],
    ['pack-debug-extension', debugPack],
  ] as [string, ToolPack][])('%s: package.json matches its pack (no drift)', (dir, pack) => {
    expect(checkManifest(manifest(dir), generateContributions(pack), undefined)).toEqual([]);
  });

  it('the runtime declares the proposal its bundled host-vscode code uses', () => {
    const sources = fs
      .readdirSync(path.join(repo, 'libs/host-vscode/src'), { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(repo, 'libs/host-vscode/src', f))
      .filter((f) => fs.statSync(f).isFile())
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect(sources).toMatch(/registerToolDefinition/);
    expect(checkManifest(manifest('runtime-extension'), undefined, sources)).toEqual([]);
    expect(checkManifest({ ...manifest('runtime-extension'), enabledApiProposals: [] }, undefined, sources)).toEqual([
      'The extension uses registerToolDefinition, which needs "languageModelToolSupportsModel" in enabledApiProposals.',
    ]);
  });
});

describe('checkManifest', () => {
  const pack = definePack({
    id: 'p',
    displayName: 'P',
    version: '1',
    tools: [
      { definition: { name: 'do_it', modelDescription: 'Does it.' }, implementation: { invoke: () => undefined } },
    ],
  });

  it('reports drift in tools and toolsets', () => {
    const expected = generateContributions(pack);
    const current = withContributions({ name: 'x' }, expected);
    expect(checkManifest(current, expected, undefined)).toEqual([]);
    const drifted = withContributions(
      { name: 'x' },
      { ...expected, languageModelTools: [{ ...expected.languageModelTools[0], modelDescription: 'Edited by hand.' }] },
    );
    expect(checkManifest(drifted, expected, undefined)).toEqual([
      'contributes.languageModelTools differs from the pack definitions; run the contributions target to regenerate it.',
    ]);
  });

  it('reports names VS Code refuses and canBeReferencedInPrompt without a reference name', () => {
    const bad = {
      contributes: {
        languageModelTools: [
          { name: 'copilot_x' },
          { name: 'has space' },
          { name: 'ok_tool', canBeReferencedInPrompt: true },
        ],
      },
    };
    expect(checkManifest(bad, undefined, undefined)).toEqual([
      `Tool name "copilot_x" breaks VS Code's rule ^(?!copilot_|vscode_)[\\w-]+$.`,
      `Tool name "has space" breaks VS Code's rule ^(?!copilot_|vscode_)[\\w-]+$.`,
      "Tool 'ok_tool' sets canBeReferencedInPrompt without a toolReferenceName.",
    ]);
  });
});

describe('checkSchemas', () => {
  it.each([editorPack, searchPack, gitPack, debugPack])(
    '$id: no tool needs a change every model’s API asks for; what a family is sent differently is noted',
    (pack) => {
      const { problems, notes } = checkSchemas(pack);
      expect(problems).toEqual([]);
      expect(notes.every((n) => /^(gpt-4\.1|gemini-2\.5-pro): \d+ of \d+ tools are sent changed/.test(n))).toBe(true);
      expect(notes.some((n) => n.startsWith('gemini-2.5-pro:'))).toBe(true);
    },
  );

  it('fails a tool Copilot Chat would refuse (an array without items) and one whose required names an undefined property', () => {
    const pack = definePack({
      id: 'p',
      displayName: 'P',
      version: '1',
      tools: [
        {
          definition: {
            name: 'tag_files',
            modelDescription: 'Tags files.',
            inputSchema: { type: 'object', properties: { paths: { type: 'array' } }, required: ['paths', 'tag'] },
          },
          implementation: { invoke: () => undefined },
        },
      ],
    });
    expect(checkSchemas(pack).problems).toEqual([
      "Tool 'tag_files': required names undefined properties: 'tag' removed from required (lost: that 'tag' must be present (still checked)).",
      "Tool 'tag_files' at /properties/paths: an array without items: items {} (any value) added.",
    ]);
  });
});
