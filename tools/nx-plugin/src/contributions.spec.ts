import * as fs from 'node:fs';
import * as path from 'node:path';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { definePack } from '@toolpacks/registry';
import type { ToolPack } from '@toolpacks/registry';
import { checkManifest, checkSchemas, generateContributions, withContributions } from './contributions';

const repo = path.resolve(__dirname, '../../..');
const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(repo, 'apps', dir, 'package.json'), 'utf8'));

describe('generated contributions', () => {
  it('contribute general tools with displayName and a pack tag; the per-model tools and the general tools sharing their job are left to the runtime', () => {
    const { languageModelTools, languageModelToolSets, enabledApiProposals } = generateContributions(editorPack);
    // read_file, create_file and replace_string_in_file share their jobs with Claude's, Gemini's and
    // GPT's variants: the runtime registers each for the models it serves, one picker entry per job.
    expect(languageModelTools.map((t) => t.name)).toEqual([
      'list_open_editors',
      'multi_replace_string_in_file',
      'move_file',
      'delete_file',
    ]);
    expect(languageModelTools[0]).toMatchObject({
      name: 'list_open_editors',
      displayName: 'List Open Editors',
      toolReferenceName: 'list_open_editors',
      when: 'hasOpenEditors',
      tags: ['editor', 'read', 'toolpacks:editor'],
    });
    expect(languageModelToolSets).toEqual([
      {
        name: 'toolpacks-read',
        description: 'Read files and see the open editors.',
        icon: '$(book)',
        tools: ['list_open_editors'],
      },
      {
        name: 'toolpacks-edit',
        description: 'Create, edit, move and delete files.',
        icon: '$(edit)',
        tools: ['multi_replace_string_in_file', 'move_file', 'delete_file'],
      },
    ]);
    expect(enabledApiProposals).toEqual([
      'contribLanguageModelToolSets',
      'languageModelToolSupportsModel',
      'chatParticipantAdditions',
    ]);
    const search = generateContributions(searchPack);
    expect(search.languageModelTools.map((t) => t.name)).toEqual(['grep_search']);
    // In a set, so not marked referenceable on its own: VS Code would list it twice.
    expect(search.languageModelTools[0].canBeReferencedInPrompt).toBeUndefined();
    expect(generateContributions(gitPack).enabledApiProposals).toEqual(['contribLanguageModelToolSets']);
  });

  it('names every toolset toolpacks-<name>, nested sets too, and keeps a tool outside every set referenceable', () => {
    const pack = definePack({
      id: 'p',
      displayName: 'P',
      version: '1',
      tools: [
        {
          definition: { name: 'do_it', modelDescription: 'Does it.', canBeReferencedInPrompt: true, icon: 'zap' },
          implementation: { invoke: () => undefined },
        },
        {
          definition: {
            name: 'do_more',
            modelDescription: 'Does more.',
            canBeReferencedInPrompt: true,
            toolSet: 'outer',
          },
          implementation: { invoke: () => undefined },
        },
      ],
      toolSets: [
        { name: 'inner', description: 'Inner.', tools: ['do_more'] },
        { name: 'outer', description: 'Outer.', tools: ['inner'] },
      ],
    });
    const { languageModelTools, languageModelToolSets } = generateContributions(pack);
    expect(languageModelTools.map((t) => [t.name, t.canBeReferencedInPrompt, t.icon])).toEqual([
      ['do_it', true, '$(zap)'],
      ['do_more', undefined, undefined],
    ]);
    expect(languageModelToolSets.map((s) => [s.name, s.tools])).toEqual([
      ['toolpacks-inner', ['do_more']],
      ['toolpacks-outer', ['toolpacks-inner', 'do_more']],
    ]);
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
      'The extension uses onDidChangeChatRequestTools, which needs "chatParticipantAdditions" in enabledApiProposals.',
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

  it('declares the proposals the contributions need, before contributes, keeping those already there', () => {
    const expected = generateContributions(editorPack);
    const written = withContributions(
      { name: 'x', enabledApiProposals: ['chatProvider'], contributes: {}, nx: {} },
      expected,
    );
    expect(Object.keys(written)).toEqual(['name', 'enabledApiProposals', 'contributes', 'nx']);
    expect(written.enabledApiProposals).toEqual([
      'chatProvider',
      'contribLanguageModelToolSets',
      'languageModelToolSupportsModel',
      'chatParticipantAdditions',
    ]);
    expect(checkManifest(written, expected, undefined)).toEqual([]);
    expect(
      checkManifest({ ...written, enabledApiProposals: ['contribLanguageModelToolSets'] }, expected, undefined),
    ).toEqual([
      'enabledApiProposals lacks "languageModelToolSupportsModel", "chatParticipantAdditions", which the pack\'s tools need; run the contributions target to regenerate it.',
    ]);
  });

  it("fails a toolset named like one of VS Code's built-in sets, or outside the toolpacks- namespace", () => {
    const manifest = (names: string[]) => ({
      enabledApiProposals: ['contribLanguageModelToolSets'],
      contributes: {
        languageModelTools: [{ name: 'do_it', displayName: 'Do', modelDescription: 'Does it.' }],
        languageModelToolSets: names.map((name) => ({ name, description: 'A set.', tools: ['do_it'] })),
      },
    });
    expect(checkManifest(manifest(['toolpacks-p']), undefined, undefined)).toEqual([]);
    // Every name VS Code 1.139 itself offers collides.
    for (const builtIn of ['read', 'edit', 'search', 'execute', 'agent', 'todo', 'vscode', 'web', 'new'])
      expect(checkManifest(manifest([builtIn]), undefined, undefined)).toEqual([
        `Toolset '${builtIn}' takes the name of VS Code's built-in toolset (read, edit, search, execute, agent, todo, vscode, web, new): two #${builtIn} would show; name it 'toolpacks-${builtIn}'.`,
      ]);
    expect(checkManifest(manifest(['git']), undefined, undefined)).toEqual([
      "Toolset 'git' is outside the 'toolpacks-' namespace, where it could meet another extension's toolset; name it 'toolpacks-git'.",
    ]);
    expect(checkManifest({ ...manifest(['toolpacks-p']), enabledApiProposals: [] }, undefined, undefined)).toEqual([
      'contributes.languageModelToolSets needs "contribLanguageModelToolSets" in enabledApiProposals (VS Code 1.139 ignores the sets without it).',
    ]);
  });

  it('fails a job listed twice in the picker: two tools with one reference name, a set member also referenceable on its own', () => {
    const manifest = {
      contributes: {
        languageModelTools: [
          { name: 'replace_string_in_file', toolReferenceName: 'edit_file' },
          { name: 'apply_patch', toolReferenceName: 'edit_file' },
          { name: 'read_file', toolReferenceName: 'read_file', canBeReferencedInPrompt: true },
        ],
        languageModelToolSets: [],
      },
    };
    expect(checkManifest(manifest, undefined, undefined)).toEqual([
      "Tools 'replace_string_in_file' and 'apply_patch' share the picker entry 'edit_file': VS Code lists it 2 times.",
    ]);
    const inSet = {
      enabledApiProposals: ['contribLanguageModelToolSets'],
      contributes: {
        ...manifest.contributes,
        languageModelTools: manifest.contributes.languageModelTools.slice(2),
        languageModelToolSets: [{ name: 'toolpacks-read', description: 'Read.', tools: ['read_file'] }],
      },
    };
    expect(checkManifest(inSet, undefined, undefined)).toEqual([
      "Tool 'read_file' is in a toolset and canBeReferencedInPrompt: VS Code's picker lists it twice (in the set and on its own).",
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
