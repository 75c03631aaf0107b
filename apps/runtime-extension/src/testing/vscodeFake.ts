// The host's stand-in for the 'vscode' module, and what the runtime's own steps use beside it: the
// installed extensions (a spec adds and removes them), commands (recorded), and the chat's turns
// and messages as plain classes.
import { EventEmitter } from '@toolpacks/host-vscode/testing/vscodeFake';

export * from '@toolpacks/host-vscode/testing/vscodeFake';

/** The extensions installed now, by id; a spec changes it and fires `extensionsChanged`. */
export const installed = new Map<string, { readonly packageJSON: unknown }>();
export const extensionsChanged = new EventEmitter<void>();
export const extensions = {
  getExtension: (id: string) => installed.get(id),
  onDidChange: extensionsChanged.event,
};

/** Every command executed, with its arguments. */
export const executed: unknown[][] = [];
export const commands = {
  executeCommand: async (...args: unknown[]) => void executed.push(args),
};

export class ChatRequestTurn {
  constructor(readonly prompt: string) {}
}

export class ChatResponseMarkdownPart {
  readonly value: { readonly value: string };
  constructor(value: string) {
    this.value = { value };
  }
}

export class ChatResponseTurn {
  constructor(readonly response: readonly unknown[]) {}
}

export class LanguageModelChatMessage {
  private constructor(
    readonly role: 'user' | 'assistant',
    readonly content: string,
  ) {}
  static User(content: string): LanguageModelChatMessage {
    return new LanguageModelChatMessage('user', content);
  }
  static Assistant(content: string): LanguageModelChatMessage {
    return new LanguageModelChatMessage('assistant', content);
  }
}
