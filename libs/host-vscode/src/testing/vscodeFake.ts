// A stand-in for the 'vscode' module in unit specs (jest.config.js maps 'vscode' here): the
// result-part classes the adapter builds, and registrations and events that record whether the
// disposable they handed out was disposed.

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
};

export const window = {
  tabGroups: { all: [] as unknown[], activeTabGroup: {}, onDidChangeTabs: event('window.tabGroups.onDidChangeTabs') },
  showWarningMessage: async () => undefined,
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
