import { declaredProposals, isProposalRefusal, proposedEvent, readProposed } from './proposedApi';

describe('proposed API, used only where VS Code grants it', () => {
  it("reads a proposed member, or undefined where VS Code's getter throws for want of the proposal", () => {
    const lm = {
      get onDidChangeChatRequestTools(): unknown {
        throw new Error(
          "Extension 'toolpacks.toolpacks-runtime' CANNOT use API proposal: chatParticipantAdditions. Its package.json#enabledApiProposals-property declares: [] but NOT chatParticipantAdditions.",
        );
      },
      registerTool: () => 'registered',
    };
    expect(readProposed(() => lm.onDidChangeChatRequestTools)).toBeUndefined();
    expect(readProposed(() => lm.registerTool)).toBe(lm.registerTool);
  });

  it('knows VS Code refusing a proposal (1.139 wording) from any other error', () => {
    // The message VS Code 1.139's checkProposedApiEnabled throws (seen in code-server's extension host).
    const refusal = new Error(
      "Extension 'toolpacks.toolpacks-pack-git' CANNOT use API proposal: languageModelToolSupportsModel. Its package.json#enabledApiProposals-property declares: [] but NOT languageModelToolSupportsModel.  The missing proposal MUST be added and you must start in extension development mode or use the following command line switch: --enable-proposed-api toolpacks.toolpacks-pack-git",
    );
    expect(isProposalRefusal(refusal)).toBe(true);
    expect(isProposalRefusal(new Error('Tool "read_file" is already registered.'))).toBe(false);
    expect(isProposalRefusal('not an error')).toBe(false);
  });

  it("lists the proposals a manifest declares, ignoring what is not a proposal's name", () => {
    expect([...declaredProposals({ enabledApiProposals: ['chatParticipantAdditions', 3, null] })]).toEqual([
      'chatParticipantAdditions',
    ]);
    expect(declaredProposals({ name: 'marketplace' }).size).toBe(0);
    expect(declaredProposals(undefined).size).toBe(0);
  });

  it('subscribes to a proposed event where granted, and to nothing where calling it throws (VS Code 1.139)', () => {
    const heard: string[] = [];
    const granted = {
      listeners: [] as ((e: string) => unknown)[],
      onDidChangeChatRequestTools(listener: (e: string) => unknown) {
        this.listeners.push(listener);
        return { dispose: () => undefined };
      },
    };
    proposedEvent<string>(granted, 'onDidChangeChatRequestTools')!((e) => heard.push(e));
    granted.listeners.forEach((l) => l('picker changed'));
    expect(heard).toEqual(['picker changed']);
    const refused = {
      onDidChangeChatRequestTools() {
        throw new Error("Extension 'x' CANNOT use API proposal: chatParticipantAdditions.");
      },
    };
    const subscription = proposedEvent<string>(refused, 'onDidChangeChatRequestTools')!((e) => heard.push(e));
    expect(() => subscription.dispose()).not.toThrow();
    expect(proposedEvent({}, 'onDidChangeChatRequestTools')).toBeUndefined();
  });
});
