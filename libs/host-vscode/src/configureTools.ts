// "Tool Packs: Configure Tools": packs as sections, toolsets and tools as checkable items. A
// toolset is checked when all its tools are on, shows "partly" when some are (the third state),
// and checking it checks its tools. The result is stored per workspace; "Reset to Defaults" clears it.
import * as vscode from 'vscode';
import type { ToolRegistry, ToolSelection } from '@toolpacks/registry/host';
import type { SelectionStore } from './selectionStore';

interface Item extends vscode.QuickPickItem {
  readonly kind2: 'reset' | 'toolset' | 'tool';
  readonly key: string;
  readonly members?: readonly string[];
}

export type ToolSetState = 'on' | 'off' | 'partly';

/** The tri-state of a toolset under a selection. */
export function toolSetState(registry: ToolRegistry, name: string, selection: ToolSelection): ToolSetState {
  const members = registry.toolSetMembers(name);
  const on = members.filter((m) => registry.isSelected(m, selection)).length;
  return on === 0 ? 'off' : on === members.length ? 'on' : 'partly';
}

/** The selection that makes exactly `picked` enabled, stated as briefly as possible. */
export function selectionFromPicks(
  registry: ToolRegistry,
  picked: ReadonlySet<string>,
  toolSets: readonly string[],
  tools: readonly string[],
): ToolSelection {
  const selection: { tools: Record<string, boolean>; toolSets: Record<string, boolean> } = { tools: {}, toolSets: {} };
  for (const set of toolSets) selection.toolSets[set] = picked.has(`set:${set}`);
  for (const tool of tools)
    if (registry.isSelected(tool, selection) !== picked.has(`tool:${tool}`))
      selection.tools[tool] = picked.has(`tool:${tool}`);
  return selection;
}

export async function configureTools(registry: ToolRegistry, store: SelectionStore): Promise<void> {
  const selection = store.selection;
  const items: (Item | vscode.QuickPickItem)[] = [
    { kind2: 'reset', key: 'reset', label: '$(discard) Reset to Defaults', alwaysShow: true } as Item,
  ];
  const allToolSets: string[] = [];
  const allTools: string[] = [];
  const owners = [
    ...registry.packs.map((p) => ({ id: p.id as string | undefined, label: p.displayName })),
    { id: undefined, label: 'Other tools' },
  ];
  for (const owner of owners) {
    const sets = registry.toolSets.filter((s) => s.packId === owner.id);
    const tools = [
      ...new Map(
        registry.tools
          .filter((t) => t.packId === owner.id && !t.definition.overridesTool)
          .map((t) => [t.definition.toolReferenceName ?? t.definition.name, t.definition]),
      ).entries(),
    ];
    if (!sets.length && !tools.length) continue;
    items.push({ label: owner.label, kind: vscode.QuickPickItemKind.Separator });
    for (const { definition } of sets) {
      const state = toolSetState(registry, definition.name, selection);
      allToolSets.push(definition.name);
      items.push({
        kind2: 'toolset',
        key: `set:${definition.name}`,
        members: registry.toolSetMembers(definition.name),
        label: `$(tools) ${definition.name}`,
        description: `${definition.description}${state === 'partly' ? ' (partly enabled)' : ''}`,
        picked: state === 'on',
      } as Item);
    }
    for (const [reference, definition] of tools) {
      allTools.push(reference);
      items.push({
        kind2: 'tool',
        key: `tool:${reference}`,
        label: reference,
        description: definition.displayName ?? definition.name,
        detail: definition.userDescription,
        picked: registry.isSelected(reference, selection),
      } as Item);
    }
  }

  const pick = vscode.window.createQuickPick<Item | vscode.QuickPickItem>();
  pick.title = 'Tool Packs: Configure Tools';
  pick.placeholder = 'Choose the tools the model may use in this workspace';
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.items = items;
  pick.selectedItems = items.filter((i) => i.picked);
  let previous = new Set(pick.selectedItems.map((i) => (i as Item).key));
  pick.onDidChangeSelection((selected) => {
    // Checking or unchecking a toolset does the same to its tools.
    const now = new Set(selected.map((i) => (i as Item).key));
    const toggled = items.filter(
      (i): i is Item => (i as Item).kind2 === 'toolset' && now.has((i as Item).key) !== previous.has((i as Item).key),
    );
    if (toggled.length) {
      for (const set of toggled)
        for (const member of set.members ?? [])
          now.has(set.key) ? now.add(`tool:${member}`) : now.delete(`tool:${member}`);
      pick.selectedItems = items.filter((i) => now.has((i as Item).key));
    }
    previous = now;
  });
  const accepted = await new Promise<boolean>((resolve) => {
    pick.onDidAccept(() => resolve(true));
    pick.onDidHide(() => resolve(false));
    pick.show();
  });
  const picked = new Set(pick.selectedItems.map((i) => (i as Item).key));
  pick.dispose();
  if (!accepted) return;
  if (picked.has('reset')) await store.reset();
  else await store.set(selectionFromPicks(registry, picked, allToolSets, allTools));
}
