import type * as vscode from 'vscode';
import { SelectionStore } from './selectionStore';

function memento(): vscode.Memento {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: (key: string) => values.get(key),
    update: async (key: string, value: unknown) => void values.set(key, value),
  } as vscode.Memento;
}

describe('SelectionStore', () => {
  it('tells its listeners about a change until it is disposed', async () => {
    const store = new SelectionStore(memento());
    const seen: unknown[] = [];
    store.onDidChange((selection) => seen.push(selection));
    await store.set({ tools: { read_file: false } });
    store.dispose();
    await store.reset();
    expect(seen).toEqual([{ tools: { read_file: false }, toolSets: {} }]);
  });
});
