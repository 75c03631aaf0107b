// Proposed API, used only where VS Code grants it. VS Code gives an extension a proposal only when
// its package.json declares it (enabledApiProposals) and the product allows it (Insiders,
// `--enable-proposed-api`, code-server, product.json's extensionEnabledApiProposals); otherwise
// reading the proposed member or calling it throws. The Marketplace flavour declares none, and the
// proposal flavour may run in a stable VS Code that refuses what it declares: the runtime asks here
// and serves what it cannot register through the @toolpacks participant, saying so as information.

/** The proposals an extension's manifest declares (what VS Code may grant it, at most). */
export function declaredProposals(manifest: unknown): ReadonlySet<string> {
  const declared = (manifest as { enabledApiProposals?: unknown } | undefined)?.enabledApiProposals;
  return new Set(Array.isArray(declared) ? declared.filter((p): p is string => typeof p === 'string') : []);
}

/** The value of a proposed member, or undefined where VS Code does not grant its proposal (its getter throws). */
export function readProposed<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** Whether an error is VS Code refusing a proposed API (not granted to this extension). */
export function isProposalRefusal(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /proposed API|API proposal|enabledApiProposals|enable-proposed-api/i.test(message);
}

type Subscribe<T> = (listener: (event: T) => unknown) => { dispose(): unknown };

/**
 * A proposed event of `owner` (e.g. `vscode.lm.onDidChangeChatRequestTools`). VS Code 1.139 hands
 * it out as a function that throws when called without the proposal, so subscribing where it is not
 * granted subscribes to nothing instead of failing the caller's activation.
 */
export function proposedEvent<T>(owner: object, name: string): Subscribe<T> | undefined {
  const subscribe = readProposed(() => (owner as Record<string, unknown>)[name]);
  if (typeof subscribe !== 'function') return undefined;
  return (listener) =>
    readProposed(() => (subscribe as Subscribe<T>).call(owner, listener)) ?? { dispose: () => undefined };
}
