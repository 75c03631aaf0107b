import { Emitter } from '@toolpacks/base';
import { ResolvedToolsView } from './resolvedView';
import { MODELS, shapesRegistry } from './testing/shapesPack';
import { lm, ThemeIcon, TreeItemCollapsibleState, type TreeItem, window } from './testing/vscodeFake';
import { VsCodeToolSelection } from './vscodeToolSelection';

const info = (name: string) => ({ name, description: '', inputSchema: undefined, tags: [] });

async function view(context: Record<string, unknown> = {}) {
  const registry = await shapesRegistry();
  const contextChanged = new Emitter<void>();
  const selection = new VsCodeToolSelection(registry);
  const state = new Map<string, unknown>();
  const offered = [
    { ...MODELS.claude, name: 'Claude Sonnet 4' },
    { ...MODELS.gpt41, name: 'GPT-4.1' },
  ];
  lm.selectChatModels = async () => offered;
  const tree = new ResolvedToolsView({
    registry,
    contextKeys: () => context,
    onDidChangeContext: contextChanged.event,
    selection,
    toolSetName: (packId, set) => (packId ? `toolpacks-${set}` : undefined),
    state: {
      get: (k: string) => state.get(k),
      update: async (k: string, v: unknown) => void state.set(k, v),
      keys: () => [],
    } as never,
  });
  let refreshed = 0;
  tree.onDidChangeTreeData(() => refreshed++);
  /** The tree as a person reads it: label — description, indented, every node expanded. */
  const read = async () => {
    const lines: string[] = [];
    const walk = async (node: unknown, depth: number) => {
      const item = tree.getTreeItem(node as never) as unknown as TreeItem;
      lines.push(`${'  '.repeat(depth)}${item.label}${item.description ? ` — ${item.description}` : ''}`);
      for (const child of await tree.getChildren(node as never)) await walk(child, depth + 1);
    };
    for (const node of await tree.getChildren()) await walk(node, 0);
    return lines;
  };
  return { tree, registry, selection, contextChanged, state, read, refreshes: () => refreshed };
}

describe('the Tool Packs view', () => {
  it('says why the defaults apply when requests carry no picker choices (the Marketplace flavour)', async () => {
    const { read, selection } = await view();
    selection.observe({ toolReferences: [] });
    expect((await read())[1]).toBe(
      "Selection: VS Code's tool picker — defaults: this VS Code sends @toolpacks no picker choices (they need the " +
        'proposal flavour)',
    );
  });

  it('shows the first model VS Code offers, the selection, and every tool under its pack and toolset', async () => {
    const { read } = await view({ gitOpenRepositoryCount: 1 });
    const lines = await read();
    expect(lines.slice(0, 3)).toEqual([
      'Model: Claude Sonnet 4 — copilot/claude-sonnet-4 · 3 sent · ≈81 tokens',
      "Selection: VS Code's tool picker — defaults: no chat request seen yet",
      'Editor — 2 of 10 sent',
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  toolpacks-read — 0 of 2 sent · Read files.',
        '    read_file — replaced for this family · ≈24 tokens',
        '    list_open_editors — when clause false (hasOpenEditors) · ≈26 tokens',
        '  toolpacks-edit — 2 of 7 sent · Edit files.',
        '    str_replace_based_edit_tool — sent: the variant for family=claude-* · ≈32 tokens',
        '    apply_patch — not for this model · ≈27 tokens',
        '  gemini_read_file — override, not for this model · ≈23 tokens',
        '  toolpacks-git — 1 of 2 sent · The repository.',
        '    git_commit — off by default · ≈22 tokens',
      ]),
    );
  });

  it('renders each reason as an icon and words, links the definition, and opens nothing by itself', async () => {
    const { tree } = await view();
    const [, , editor] = await tree.getChildren();
    const [readSet] = await tree.getChildren(editor);
    const [readFile] = await tree.getChildren(readSet);
    const item = tree.getTreeItem(readFile) as unknown as TreeItem;
    expect(item).toMatchObject({
      label: 'read_file',
      iconPath: new ThemeIcon('combine'),
      command: { command: 'toolpacks.openToolDefinition', arguments: ['read_file'] },
      collapsibleState: TreeItemCollapsibleState.None,
    });
    expect((item.tooltip as { value: string }).value).toContain(
      '[Open definition](command:toolpacks.openToolDefinition?',
    );
    expect(
      tree.definitionText(ResolvedToolsView.definitionUri({ name: 'apply_patch', packId: 'editor' }) as never),
    ).toContain('"models": [');
    expect(tree.definitionText({ path: '/editor/nothing.json' } as never)).toBeUndefined();
  });

  it('follows the model picked, a family typed in, and VS Code’s selection as requests carry it', async () => {
    const { tree, read, selection, contextChanged, refreshes, state } = await view({ gitOpenRepositoryCount: 1 });
    window.showQuickPick = async (items: readonly unknown[]) => items[1];
    expect((await tree.chooseModel())?.label).toBe('GPT-4.1');
    expect((await read())[0]).toMatch(/^Model: GPT-4\.1 — copilot\/gpt-4\.1/);
    expect(state.get('toolpacks.resolvedTools.model')).toMatchObject({ label: 'GPT-4.1' });
    await tree.chooseModel('gemini-2.5-pro');
    expect((await read())[0]).toMatch(/^Model: gemini-2\.5-pro \(typed\) — \/gemini-2\.5-pro/);
    const before = refreshes();
    selection.observe({ tools: new Map([[info('git_status'), false]]) });
    contextChanged.fire();
    expect(refreshes()).toBe(before + 2);
    const lines = await read();
    expect(lines[1]).toMatch(/^Selection: VS Code's tool picker — as of the last chat request, \d\d:\d\d:\d\d$/);
    expect(lines).toContain("    git_status — deselected in VS Code's tool picker · ≈25 tokens");
  });

  it('lists as virtual tools only what the resolution says is one: a pack’s own search_tools is a tool', async () => {
    const { read, registry, tree } = await view();
    registry.registerTool(
      { name: 'search_tools', modelDescription: 'Searches the team’s tool catalogue.' },
      { invoke: () => ({ content: [] }) },
    );
    tree.refresh();
    const lines = await read();
    expect(lines).toContain('  search_tools — sent · ≈20 tokens');
    expect(lines.some((line) => line.startsWith('Virtual tools'))).toBe(false);
  });
});
