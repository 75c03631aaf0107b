// The stand-ins speak each vendor's wire format and read tool results back from the conversation,
// and the checks read what the model received: tested here over real HTTP on loopback, so that a
// failing real-client check is about what the client and our server did, not about the harness.
const { startStandIn } = require('./standIn');
const { anthropicHandler } = require('./anthropic');
const { openaiHandler } = require('./openai');
const { geminiHandler } = require('./gemini');
const { doubledJobs, modelText } = require('./checks');
const { jobsWithoutBuiltIn } = require('./profileCheck');

async function post(url: string, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.text();
}

/** The `data:` payloads of an SSE body. */
const events = (sse: string) =>
  sse
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));

describe('the stand-ins', () => {
  const root = '/work/space';

  it('Anthropic: loads deferred tools with ToolSearch, then views the root with our editor, and reads results back', async () => {
    const record = { agentRequests: [] as { results: { name: string; text: string }[] }[] };
    const standIn = await startStandIn(anthropicHandler({ root, record }));
    try {
      const deferredNote = {
        role: 'user',
        content: [
          { type: 'text', text: 'Deferred: mcp__toolpacks__git_status\nmcp__toolpacks__str_replace_based_edit_tool' },
        ],
      };
      const first = events(
        await post(`${standIn.url}/v1/messages?beta=true`, {
          stream: true,
          tools: [{ name: 'Read' }, { name: 'ToolSearch' }],
          messages: [deferredNote],
        }),
      );
      const toolUse = first.find((event) => event.type === 'content_block_start').content_block;
      expect(toolUse).toMatchObject({ type: 'tool_use', name: 'ToolSearch' });
      const loaded = [
        { name: 'Read' },
        { name: 'ToolSearch' },
        { name: 'mcp__toolpacks__git_status' },
        { name: 'mcp__toolpacks__str_replace_based_edit_tool' },
      ];
      const messages = [
        deferredNote,
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ToolSearch', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'loaded' }] },
      ];
      const second = events(await post(`${standIn.url}/v1/messages`, { stream: true, tools: loaded, messages }));
      const json = second.find((event) => event.delta?.type === 'input_json_delta').delta.partial_json;
      expect(second.find((event) => event.type === 'content_block_start').content_block.name).toBe(
        'mcp__toolpacks__str_replace_based_edit_tool',
      );
      expect(JSON.parse(json)).toEqual({ command: 'view', path: '.' });
      expect(record.agentRequests[1].results).toEqual([
        expect.objectContaining({ name: 'ToolSearch', text: 'loaded' }),
      ]);
    } finally {
      await standIn.close();
    }
  });

  it('OpenAI Responses: calls a namespaced MCP tool by namespace and name', async () => {
    const record = { agentRequests: [] };
    const standIn = await startStandIn(openaiHandler({ root, record }));
    try {
      const tools = [{ type: 'namespace', name: 'mcp__toolpacks', tools: [{ type: 'function', name: 'git_status' }] }];
      const done = events(await post(`${standIn.url}/v1/responses`, { stream: true, tools, input: [] })).find(
        (event) => event.type === 'response.output_item.done',
      );
      expect(done.item).toMatchObject({
        type: 'function_call',
        namespace: 'mcp__toolpacks',
        name: 'git_status',
        arguments: '{}',
      });
    } finally {
      await standIn.close();
    }
  });

  it('OpenAI Responses in code mode: lists ALL_TOOLS first, then calls our tool from a script', async () => {
    const record = { agentRequests: [] };
    const standIn = await startStandIn(openaiHandler({ root, record }));
    try {
      const exec = { type: 'custom', name: 'exec', description: '### `apply_patch`\n### `exec_command`' };
      const input: unknown[] = [
        { type: 'additional_tools', tools: [{ type: 'namespace', name: 'functions', tools: [exec] }] },
      ];
      const first = events(await post(`${standIn.url}/v1/responses`, { stream: true, input })).find(
        (e) => e.type === 'response.output_item.done',
      );
      expect(first.item).toMatchObject({ type: 'custom_tool_call', name: 'exec' });
      expect(first.item.input).toMatch(/ALL_TOOLS/);
      input.push(first.item, {
        type: 'custom_tool_call_output',
        call_id: first.item.call_id,
        output:
          'Script completed\nWall time 0.1 seconds\nOutput:\n\n["mcp__toolpacks__git_status","mcp__toolpacks__read_file"]',
      });
      const second = events(await post(`${standIn.url}/v1/responses`, { stream: true, input })).find(
        (e) => e.type === 'response.output_item.done',
      );
      expect(second.item.input).toContain('await tools.mcp__toolpacks__read_file({"filePath":"notes.txt"})');
    } finally {
      await standIn.close();
    }
  });

  it('Gemini: answers streamGenerateContent with a functionCall and reads functionResponses back', async () => {
    const record = { agentRequests: [] as { results: { name: string; text: string }[] }[] };
    const standIn = await startStandIn(geminiHandler({ root, record }));
    try {
      const tools = [{ functionDeclarations: [{ name: 'mcp_toolpacks_git_status' }, { name: 'read_file' }] }];
      const contents = [
        { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'read_file', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'hello\nworld\n' } } }],
        },
      ];
      const [chunk] = events(
        await post(`${standIn.url}/v1beta/models/gemini-3:streamGenerateContent?alt=sse`, { tools, contents }),
      );
      expect(chunk.candidates[0].content.parts[0].functionCall).toMatchObject({
        name: 'mcp_toolpacks_git_status',
        args: {},
      });
      expect(record.agentRequests[0].results).toEqual([
        expect.objectContaining({ name: 'read_file', text: 'hello\nworld\n' }),
      ]);
    } finally {
      await standIn.close();
    }
  });
});

describe('the checks', () => {
  it('find a job done by a built-in and by one of ours, and not jobs only one side does', () => {
    expect(doubledJobs(['read_file', 'mcp_toolpacks_read_file', 'mcp_toolpacks_git_status'])).toEqual([
      { job: 'read a file', tools: ['read_file', 'toolpacks read_file'] },
    ]);
    expect(doubledJobs(['Read', 'Bash', 'mcp__toolpacks__git_status', 'mcp__toolpacks__grep_search'])).toEqual([]);
  });

  it('find a job the profile leaves to the client that none of the model’s own tools does', () => {
    // Claude Code 2.1.332's native build gives its model no Glob or Grep: a profile counting on them is wrong.
    const claudeTools = ['Agent', 'Bash', 'Edit', 'Read', 'Skill', 'ToolSearch', 'Write'];
    const leftOut = [
      { tool: 'str_replace_based_edit_tool', job: 'edit files', builtIn: ['Read', 'Write', 'Edit'] },
      { tool: 'file_search', job: 'find and search', builtIn: ['Glob', 'Grep'] },
      { tool: 'grep_search', job: 'find and search', builtIn: ['Glob', 'Grep'] },
    ];
    expect(jobsWithoutBuiltIn(leftOut, claudeTools)).toEqual([
      { job: 'find and search', builtIn: ['Glob', 'Grep'], leftOut: ['file_search', 'grep_search'] },
    ]);
    expect(jobsWithoutBuiltIn([leftOut[0], { ...leftOut[2], builtIn: ['Bash', 'Grep'] }], claudeTools)).toEqual([]);
  });

  it("take each client's own frame off a result and keep the tool's words", () => {
    expect(modelText('codex', 'Wall time: 0.1 seconds\nOutput:\n## main')).toBe('## main');
    expect(modelText('gemini', '<untrusted_context>\n## main\n</untrusted_context>')).toBe('## main');
    const printed = JSON.stringify({
      content: [{ type: 'text', text: '## main' }],
      structuredContent: { branch: 'main' },
    });
    expect(modelText('codex', `Script completed\nWall time 0.1 seconds\nOutput:\n\n${printed}`, 'code')).toBe(
      '## main',
    );
    expect(modelText('claude', '{"a":1}')).toBe('{"a":1}');
  });
});
