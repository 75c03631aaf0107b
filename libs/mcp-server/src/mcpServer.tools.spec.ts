// The MCP server over a real NodeHost and the four built-in packs, driven by the SDK's own Client in
// memory: tools/list is the registry's resolution with honest annotations; tools/call runs tools and
// answers every mistake with an isError result; data parts become image or resource content.
import type { ToolCallResult } from '@toolpacks/registry/host';
import { toMcpContent } from './content';
import { call, cleanUpSessions, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

describe('tools/list', () => {
  it('is the registry resolution for the session, with MCP annotations set explicitly on every tool', async () => {
    const c = await open({}, { git: true });
    const { tools } = await c.client.listTools();
    const session = await c.root();
    const resolved = session.registry.resolve(session.request());
    expect(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))).toEqual(
      resolved.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    );
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'read_file',
        'create_file',
        'grep_search',
        'git_commit',
        'start_debugging',
        'set_breakpoint',
      ]),
    );
    // Not stopped in the debugger: the tools that need a stopped program are not offered.
    expect(tools.map((t) => t.name)).not.toContain('get_call_stack');
    for (const tool of tools) {
      expect(tool.annotations).toEqual({
        title: expect.any(String),
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('read_file')!.annotations).toEqual({
      title: 'Read File',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.get('read_file')!.title).toBe('Read File');
    // Each hint says what the definition says, none masked by another (a destructive tool that also
    // claims read-only still says destructive); the packs decide the values.
    for (const entry of resolved.entries.filter((e) => e.sent)) {
      const a = entry.definition.annotations ?? {};
      expect({ name: entry.name, ...byName.get(entry.name)!.annotations }).toEqual({
        name: entry.name,
        title: entry.definition.displayName ?? entry.name,
        readOnlyHint: a.readOnly === true,
        destructiveHint: a.destructive === true,
        idempotentHint: a.idempotent === true,
        openWorldHint: a.openWorld === true,
      });
      // The output schema as the pack wrote it, for every tool that has one.
      expect({ name: entry.name, outputSchema: byName.get(entry.name)!.outputSchema }).toEqual({
        name: entry.name,
        outputSchema: entry.definition.outputSchema,
      });
    }
    expect(byName.get('git_commit')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });
});

describe('tools/call', () => {
  it('runs a tool, and answers schema errors, unknown and not-enabled tools with isError results, never protocol errors', async () => {
    const c = await open();
    const ok = await call(c, 'read_file', { filePath: 'notes.txt' });
    expect(ok.isError).toBe(false);
    expect(c.text(ok)).toContain('hello from notes');

    const invalid = await call(c, 'read_file', { nope: 1 });
    expect(invalid.isError).toBe(true);
    expect(c.text(invalid)).toMatch(/^Invalid input for `read_file`; it was not run:/);

    const unknown = await call(c, 'no_such_tool');
    expect(unknown.isError).toBe(true);
    expect(c.text(unknown)).toMatch(
      /There is no tool named `no_such_tool`; nothing was run. Available tools: .*read_file/,
    );

    const notEnabled = await call(c, 'get_call_stack');
    expect(notEnabled.isError).toBe(true);
    expect(c.text(notEnabled)).toMatch(/is not enabled for this request/);

    // The session still works after the errors.
    expect((await call(c, 'list_dir', { path: '.' })).isError).toBe(false);
  });

  it('sends data parts as image content or an embedded resource blob, base64 of the bytes', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const result: ToolCallResult = {
      callId: 'c1',
      name: 'x',
      isError: false,
      status: 'ok',
      content: [
        { kind: 'text', value: 'before' },
        { kind: 'data', mimeType: 'image/png', data: png },
        { kind: 'data', mimeType: 'application/pdf', data: pdf },
        { kind: 'text', value: 'after' },
      ],
    };
    expect(await toMcpContent(result)).toEqual([
      { type: 'text', text: 'before' },
      { type: 'image', mimeType: 'image/png', data: Buffer.from(png).toString('base64') },
      {
        type: 'resource',
        resource: {
          uri: 'toolpacks:result/c1/2',
          mimeType: 'application/pdf',
          blob: Buffer.from(pdf).toString('base64'),
        },
      },
      { type: 'text', text: 'after' },
    ]);
  });
});
