// The Anthropic Messages API as Claude Code calls it (POST /v1/messages, streamed as SSE): the agent
// requests (those that carry tools) are answered by the scripted agent, anything else (titles,
// quota checks, summaries) with a short text. Tool results are read back from the conversation.
const { sseEvent } = require('./standIn');
const { nextMove } = require('./agent');

/** Tool results of a Messages conversation: [{name, input, text, isError}], in order. */
function toolResults(messages = []) {
  const calls = new Map();
  const results = [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block.type === 'tool_use') calls.set(block.id, block);
      if (block.type === 'tool_result') {
        const call = calls.get(block.tool_use_id) ?? {};
        const content =
          typeof block.content === 'string' ? [{ type: 'text', text: block.content }] : (block.content ?? []);
        results.push({
          name: call.name,
          input: call.input,
          text: content
            .filter((part) => part.type === 'text')
            .map((part) => part.text)
            .join('\n'),
          content,
          isError: block.is_error === true,
        });
      }
    }
  }
  return results;
}

function anthropicHandler({ root, record }) {
  let ids = 0;
  return (request) => {
    if (request.method !== 'POST' || !/\/v1\/messages(\?|$)/.test(request.url)) {
      if (/count_tokens/.test(request.url)) return { body: { input_tokens: 100 } };
      return undefined;
    }
    const body = request.body ?? {};
    const tools = (body.tools ?? []).map((tool) => tool.name);
    const isAgent = tools.length > 0;
    let content;
    if (isAgent) {
      const results = toolResults(body.messages);
      // Claude Code defers MCP tools behind ToolSearch: the model is told their names only, and loads
      // a tool's definition with ToolSearch before calling it, as the agent does here.
      const deferred = [...new Set(JSON.stringify([body.system, body.messages]).match(/mcp__toolpacks__\w+/g) ?? [])];
      const loaded = results.filter((result) => result.name === 'ToolSearch');
      const taskResults = results.filter((result) => result.name !== 'ToolSearch');
      record.agentRequests.push({ tools: body.tools, system: body.system, results, deferred });
      const move = nextMove(
        'claude',
        [...tools, ...deferred.filter((name) => !tools.includes(name))],
        taskResults.length,
        root,
      );
      let call = move.step && { name: move.step.name, input: move.step.input };
      const knowsOurs = [...tools, ...deferred].some((name) => name.startsWith('mcp__toolpacks__'));
      if (!knowsOurs && taskResults.length === 0 && loaded.length === 0 && tools.includes('ToolSearch')) {
        // Our server is not listed yet (a `claude -p` that did not wait for it): the agent asks
        // ToolSearch for it by keyword, once, as a model told of a toolpacks server would.
        call = { name: 'ToolSearch', input: { query: '+toolpacks git', max_results: 30 } };
      } else if (call && !tools.includes(call.name) && loaded.length < 3) {
        const wanted = deferred.filter((name) => !tools.includes(name));
        call = { name: 'ToolSearch', input: { query: `select:${wanted.join(',')}`, max_results: wanted.length } };
      }
      content = call
        ? [{ type: 'tool_use', id: `toolu_${++ids}`, name: call.name, input: call.input }]
        : [{ type: 'text', text: move.text }];
    } else {
      content = [{ type: 'text', text: 'Notes edit' }];
    }
    const stopReason = content[0].type === 'tool_use' ? 'tool_use' : 'end_turn';
    const message = {
      id: `msg_${++ids}`,
      type: 'message',
      role: 'assistant',
      model: body.model ?? 'claude',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    };
    if (!body.stream) return { body: { ...message, content, stop_reason: stopReason } };
    const sse = [
      sseEvent({ type: 'message_start', message: { ...message, content: [], stop_reason: null } }, 'message_start'),
    ];
    content.forEach((block, index) => {
      if (block.type === 'tool_use') {
        sse.push(
          sseEvent(
            { type: 'content_block_start', index, content_block: { ...block, input: {} } },
            'content_block_start',
          ),
        );
        sse.push(
          sseEvent(
            {
              type: 'content_block_delta',
              index,
              delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
            },
            'content_block_delta',
          ),
        );
      } else {
        sse.push(
          sseEvent(
            { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
            'content_block_start',
          ),
        );
        sse.push(
          sseEvent(
            { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
            'content_block_delta',
          ),
        );
      }
      sse.push(sseEvent({ type: 'content_block_stop', index }, 'content_block_stop'));
    });
    sse.push(
      sseEvent(
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 10 },
        },
        'message_delta',
      ),
    );
    sse.push(sseEvent({ type: 'message_stop' }, 'message_stop'));
    return { sse };
  };
}

module.exports = { anthropicHandler, toolResults };
