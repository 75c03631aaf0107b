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

/** The `exec` tool of Codex's code mode (its current models), when the request offers it: {namespace, builtIns}. */
function codeMode(input = []) {
  for (const item of Array.isArray(input) ? input : []) {
    if (item.type !== 'additional_tools') continue;
    for (const space of item.tools ?? []) {
      const exec = (space.tools ?? []).find((tool) => tool.type === 'custom' && tool.name === 'exec');
      // The nested tools the description documents (`### \`name\``); deferred ones are only in ALL_TOOLS.
      if (exec)
        return { namespace: space.name, builtIns: [...exec.description.matchAll(/^### `([^`]+)`/gm)].map((m) => m[1]) };
    }
  }
  return undefined;
}

const DISCOVER = '// discover\ntext(JSON.stringify(ALL_TOOLS.map((tool) => tool.name)));';

/** The JavaScript a model in code mode writes to call one nested tool and read what it returns. */
function execSource(step) {
  const call = `tools.${step.name}(${JSON.stringify(step.input)})`;
  return `// step ${step.label}\nconst result = await ${call};\ntext(typeof result === 'string' ? result : JSON.stringify(result));`;
}

/**
 * The agent in Codex's code mode: its tools are nested in one `exec` tool (JavaScript), and MCP tools
 * are deferred (in ALL_TOOLS, not in the description), so it first lists ALL_TOOLS, then calls each
 * tool from a script that prints what the tool returned.
 */
function codeModeTurn(body, mode, root, record) {
  const calls = toolResults(body.input);
  const discovered = calls.find((result) => String(result.input).startsWith('// discover'));
  let names = mode.builtIns;
  if (discovered) {
    try {
      names = [...new Set([...names, ...JSON.parse(modelTextOf(discovered.text))])];
    } catch {
      // Not a list: the agent goes on with the documented tools.
    }
  }
  const results = calls
    .filter((result) => /^\/\/ step /.test(String(result.input)))
    .map((result) => ({ ...result, label: /^\/\/ step (\S+)/.exec(result.input)[1] }));
  record.agentRequests.push({
    mode: 'code',
    names,
    results,
    discoveredOnRequest: discovered ? undefined : true,
    tools: body.tools,
    input: body.input,
  });
  if (!discovered) return { source: DISCOVER };
  const move = record.script === false ? { text: 'Nothing to do.' } : nextMove('codex', names, results.length, root);
  return move.step ? { source: execSource(move.step) } : { text: move.text };
}

/** The words of an exec output without Codex's frame (wall time, status lines). */
function modelTextOf(text) {
  return text.replace(/^(?:Script [^\n]*\n)?(?:Wall time:? [^\n]*\n)?(?:Exit code: [^\n]*\n)?(?:Output:\n\n?)?/, '');
}

function openaiHandler({ root, record }) {
  let ids = 0;
  return (request) => {
    if (request.method === 'GET' && /\/models/.test(request.url))
      return { body: { object: 'list', data: [], models: [] } };
    if (request.method !== 'POST' || !/\/responses(\?|$)/.test(request.url)) return undefined;
    const body = request.body ?? {};
    const id = `resp_${++ids}`;
    let item;
    const mode = codeMode(body.input);
    if (mode) {
      const turn = codeModeTurn(body, mode, root, record);
      item = turn.source
        ? {
            type: 'custom_tool_call',
            id: `ctc_${ids}`,
            call_id: `call_${ids}`,
            namespace: mode.namespace,
            name: 'exec',
            input: turn.source,
            status: 'completed',
          }
        : {
            type: 'message',
            id: `msg_${ids}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: turn.text, annotations: [] }],
          };
    } else {
      const tools = toolNames(body.tools);
      const results = toolResults(body.input);
      record.agentRequests.push({
        mode: 'functions',
        tools: body.tools,
        names: tools,
        instructions: body.instructions,
        results,
      });
      const move =
        record.script === false ? { text: 'Nothing to do.' } : nextMove('codex', tools, results.length, root);
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

module.exports = { openaiHandler, toolNames, toolResults, modelTextOf };
