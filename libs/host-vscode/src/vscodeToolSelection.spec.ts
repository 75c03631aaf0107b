import { MODELS, shapesRegistry } from './testing/shapesPack';
import { referencedTools, selectionFromRequestTools, VsCodeToolSelection } from './vscodeToolSelection';

const info = (name: string) => ({ name, description: '', inputSchema: undefined, tags: [] });

describe("VS Code's tool selection read from a chat request", () => {
  it('keys our tools by their picker entry and ignores what is not ours', async () => {
    const registry = await shapesRegistry();
    const tools = new Map([
      [info('git_status'), false],
      [info('read_file'), true],
      [info('runInTerminal'), false], // VS Code's own
      [info('gemini_read_file'), false], // an override has no picker entry
    ]);
    expect(selectionFromRequestTools(registry, tools)).toEqual({ tools: { git_status: false, read_file: true } });
  });

  it('turns a job off when any of its tools is off (several variants listed for one entry)', async () => {
    const registry = await shapesRegistry();
    const tools = new Map([
      [info('replace_string_in_file'), true],
      [info('apply_patch'), false],
    ]);
    expect(selectionFromRequestTools(registry, tools)).toEqual({ tools: { edit_file: false } });
  });

  it("lets a tool that does several jobs speak for the jobs VS Code does not list (Claude's editor is one picker entry)", async () => {
    const registry = await shapesRegistry();
    // For a Claude model VS Code lists the text editor (edit_file) and no read_file or create_file.
    const off = selectionFromRequestTools(registry, new Map([[info('str_replace_based_edit_tool'), false]]));
    expect(off).toEqual({ tools: { edit_file: false, read_file: false, create_file: false } });
    expect(registry.resolve({ model: MODELS.claude, selection: off }).tools.map((t) => t.name)).not.toContain(
      'str_replace_based_edit_tool',
    );
    // A job VS Code does list keeps its own choice.
    expect(
      selectionFromRequestTools(
        registry,
        new Map([
          [info('str_replace_based_edit_tool'), false],
          [info('read_file'), true],
        ]),
      ),
    ).toEqual({ tools: { edit_file: false, read_file: true, create_file: false } });
  });

  it('accepts tool names as keys (hosts before VS Code 1.110) and says nothing for an empty or absent map', async () => {
    const registry = await shapesRegistry();
    expect(selectionFromRequestTools(registry, new Map([['git_commit', true]]))).toEqual({
      tools: { git_commit: true },
    });
    expect(selectionFromRequestTools(registry, new Map())).toBeUndefined();
    expect(selectionFromRequestTools(registry, undefined)).toBeUndefined();
    expect(selectionFromRequestTools(registry, new Map([[info('runInTerminal'), false]]))).toBeUndefined();
  });

  it('makes the registry drop what VS Code turned off, and keep what a toolset of ours has on', async () => {
    const registry = await shapesRegistry();
    const selection = selectionFromRequestTools(
      registry,
      new Map([
        [info('git_status'), false],
        [info('git_commit'), true],
      ]),
    );
    const resolved = registry.resolve({ model: MODELS.other, selection, context: { gitOpenRepositoryCount: 1 } });
    expect(resolved.tools.map((t) => t.name)).toContain('git_commit');
    expect(resolved.notSent).toContainEqual(expect.objectContaining({ name: 'git_status', reason: 'deselected' }));
  });

  it('passes on only the # references that name our tools', async () => {
    const registry = await shapesRegistry();
    expect(referencedTools(registry, [{ name: 'git_status' }, { name: 'fetch' }, { name: 'git_status' }])).toEqual([
      'git_status',
    ]);
    expect(referencedTools(registry, undefined)).toEqual([]);
  });
});

describe('VsCodeToolSelection', () => {
  it('remembers the last selection a request carried and fires only when it changes', async () => {
    const registry = await shapesRegistry();
    const selection = new VsCodeToolSelection(registry);
    let fired = 0;
    selection.onDidChange(() => fired++);
    expect(selection.current).toBeUndefined();
    expect(selection.observe({ tools: new Map([[info('git_status'), false]]) })).toEqual({
      tools: { git_status: false },
    });
    selection.observe({ tools: new Map([[info('git_status'), false]]) });
    // A request without a selection (stable VS Code) leaves the last one in place.
    expect(selection.observe({ toolReferences: [] })).toBeUndefined();
    expect(selection.current?.selection).toEqual({ tools: { git_status: false } });
    selection.observe({ tools: new Map([[info('git_status'), true]]) });
    expect(fired).toBe(2);
    selection.dispose();
  });

  it('knows when requests carry no picker choices at all (no chatParticipantAdditions: the Marketplace flavour)', async () => {
    const registry = await shapesRegistry();
    const selection = new VsCodeToolSelection(registry);
    let fired = 0;
    selection.onDidChange(() => fired++);
    expect(selection.requestsCarryNoChoices).toBe(false);
    expect(selection.observe({ toolReferences: [] })).toBeUndefined();
    expect(selection.observe({ toolReferences: [] })).toBeUndefined();
    expect(selection.requestsCarryNoChoices).toBe(true);
    expect(fired).toBe(1);
    selection.observe({ tools: new Map([[info('git_status'), false]]) });
    expect(selection.requestsCarryNoChoices).toBe(false);
    selection.dispose();
  });

  it('follows the picker while a request runs (onDidChangeChatRequestTools), until disposed', async () => {
    const registry = await shapesRegistry();
    let listener: ((request: { tools?: Map<{ name: string }, boolean> }) => unknown) | undefined;
    const subscription = { disposed: false, dispose: () => void (subscription.disposed = true) };
    const selection = new VsCodeToolSelection(registry, (l) => ((listener = l), subscription));
    listener!({ tools: new Map([[info('read_file'), false]]) });
    expect(selection.current?.selection).toEqual({ tools: { read_file: false } });
    selection.dispose();
    expect(subscription.disposed).toBe(true);
  });
});
