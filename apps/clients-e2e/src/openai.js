// The OpenAI Responses API as Codex calls it through a custom model provider (`wire_api =
// "responses"`: POST {base_url}/responses, streamed as SSE). Requests that carry tools are the
// agent's; anything else gets a short text. Tool results are read back from the input items.
const { sseEvent } = require('./standIn');
const { nextMove } = require('./agent');

/** The function tools of a Responses request by the names the model calls them (namespaces flattened). */
function toolNames(tools = []) {
  const names = [];
  for (const tool of tools) {
    if (Array.isArray(tool.tools))
      for (const inner of tool.tools)
        names.push(inner.name ? `${tool.name}__${inner.name}`.replace(/^(.*?)__\1__/, '$1__') : inner.type);
    else names.push(tool.name ?? tool.type);
  }
  return names;
}

/** Tool results of a Responses input: [{name, input, text, isError}], in order. */
function toolResults(input = []) {
  const calls = new Map();
  const results = [];
  for (const item of Array.isArray(input) ? input : []) {
    if (item.type === 'function_call' || item.type === 'custom_tool_call') calls.set(item.call_id, item);
    if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
      const call = calls.get(item.call_id) ?? {};
      const output = item.output;
      const text =
        typeof output === 'string'
          ? output
          : Array.isArray(output)
            ? output
                .filter((part) => typeof part.text === 'string')
                .map((part) => part.text)
                .join('\n')
            : JSON.stringify(output);
      results.push({
        name: call.namespace ? `${call.namespace}__${call.name}` : call.name,
        input: call.arguments ?? call.input,
        text,
        raw: output,
      });
    }
  }
  return results;
}

function openaiHandler({ root, record }) {
  let ids = 0;
  return (request) => {
    if (request.method === 'GET' && /\/models/.test(request.url))
      return { body: { object: 'list', data: [], models: [] } };
    if (request.method !== 'POST' || !/\/responses(\?|$)/.test(request.url)) return undefined;
    const body = request.body ?? {};
    const tools = toolNames(body.tools);
    const results = toolResults(body.input);
    record.agentRequests.push({ tools: body.tools, instructions: body.instructions, results, names: tools });
    const move = record.script === false ? { text: 'Nothing to do.' } : nextMove('codex', tools, results.length, root);
    const id = `resp_${++ids}`;
    let item;
    if (move.step) {
      const { name, input, freeform } = move.step;
      // A namespaced tool (mcp__toolpacks__x) is called by its namespace and name.
      const namespace = (body.tools ?? []).find(
        (tool) => Array.isArray(tool.tools) && name.startsWith(`${tool.name}__`),
      );
      const callName = namespace ? name.slice(namespace.name.length + 2) : name;
      item = freeform
        ? { type: 'custom_tool_call', id: `ctc_${ids}`, call_id: `call_${ids}`, name, input, status: 'completed' }
        : {
            type: 'function_call',
            id: `fc_${ids}`,
            call_id: `call_${ids}`,
            name: callName,
            ...(namespace ? { namespace: namespace.name } : {}),
            arguments: JSON.stringify(input),
            status: 'completed',
          };
    } else {
      item = {
        type: 'message',
        id: `msg_${ids}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: move.text, annotations: [] }],
      };
    }
    const response = { id, object: 'response', status: 'completed', model: body.model, output: [item] };
    const usage = {
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 10,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 20,
    };
    return {
      sse: [
        sseEvent(
          { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } },
          'response.created',
        ),
        sseEvent({ type: 'response.output_item.added', output_index: 0, item }, 'response.output_item.added'),
        sseEvent({ type: 'response.output_item.done', output_index: 0, item }, 'response.output_item.done'),
        sseEvent({ type: 'response.completed', response: { ...response, usage } }, 'response.completed'),
      ],
    };
  };
}

module.exports = { openaiHandler, toolNames, toolResults };
