// A stand-in for the 'vscode' module in unit specs (jest.config.js maps 'vscode' here): the
// result-part classes the adapter builds, registrations and events that record whether the
// disposable they handed out was disposed, and the tree view's building blocks as plain records.

// The result parts: the registry's classes have VS Code's shape, so the fake is them.
export {
  LanguageModelDataPart,
  LanguageModelPromptTsxPart,
  LanguageModelTextPart,
  LanguageModelToolResult,
} from '@toolpacks/registry/host';

export interface FakeDisposable {
  readonly what: string;
  disposed: boolean;
  dispose(): void;
}

/** Every disposable handed out since the last reset. */
export const handedOut: FakeDisposable[] = [];

export function resetHandedOut(): void {
  handedOut.length = 0;
}

function disposable(what: string): FakeDisposable {
  const d: FakeDisposable = { what, disposed: false, dispose: () => void (d.disposed = true) };
  handedOut.push(d);
  return d;
}

const event = (what: string) => () => disposable(what);

export const lm = {
  registerTool: () => disposable('lm.registerTool'),
  selectChatModels: async () => [] as unknown[],
  onDidChangeChatModels: event('lm.onDidChangeChatModels'),
};

export const window = {
  tabGroups: { all: [] as unknown[], activeTabGroup: {}, onDidChangeTabs: event('window.tabGroups.onDidChangeTabs') },
  showWarningMessage: async () => undefined,
  /** Specs set these to answer as a person would. */
  showQuickPick: async (items: readonly unknown[]): Promise<unknown> => items[0],
  showInputBox: async (): Promise<string | undefined> => undefined,
};

// The tree view's building blocks, as plain records a spec can read.
export class EventEmitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  readonly event = (listener: (value: T) => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}

export class TreeItem {
  id?: string;
  description?: string;
  tooltip?: unknown;
  iconPath?: unknown;
  command?: unknown;
  contextValue?: string;
  accessibilityInformation?: unknown;
  constructor(
    readonly label: string,
    readonly collapsibleState: TreeItemCollapsibleState = TreeItemCollapsibleState.None,
  ) {}
}

export class ThemeIcon {
  constructor(readonly id: string) {}
}

export class MarkdownString {
  isTrusted?: unknown;
  constructor(
    public value = '',
    readonly supportThemeIcons = false,
  ) {}
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
  appendText(text: string): this {
    this.value += text;
    return this;
  }
}

export const Uri = {
  from: (parts: { scheme: string; path: string }) => ({ ...parts, toString: () => `${parts.scheme}:${parts.path}` }),
};

export const workspace = {
  workspaceFolders: undefined as
    readonly { uri: { scheme: string; fsPath: string }; name: string; index: number }[] | undefined,
  textDocuments: [] as unknown[],
  onDidChangeWorkspaceFolders: event('workspace.onDidChangeWorkspaceFolders'),
  createFileSystemWatcher: () => ({
    onDidCreate: event('workspace.fileSystemWatcher.onDidCreate'),
    onDidDelete: event('workspace.fileSystemWatcher.onDidDelete'),
    ...disposable('workspace.createFileSystemWatcher'),
  }),
};

export class RelativePattern {
  constructor(
    readonly base: unknown,
    readonly pattern: string,
  ) {}
}

export const debug = {
  breakpoints: [] as unknown[],
  registerDebugAdapterTrackerFactory: () => disposable('debug.registerDebugAdapterTrackerFactory'),
  onDidTerminateDebugSession: event('debug.onDidTerminateDebugSession'),
  onDidStartDebugSession: event('debug.onDidStartDebugSession'),
};

export const env = { appRoot: '/nonexistent-vscode-app-root' };
