// The Gemini API as Gemini CLI calls it with an API key (POST /v1beta/models/M:streamGenerateContent
// ?alt=sse, or :generateContent): requests that carry function declarations are the agent's;
// anything else (routing, next-speaker checks) gets a short text. Tool results are read back from
// the functionResponse parts of the conversation.
const { sseEvent } = require('./standIn');
const { nextMove } = require('./agent');

function declarations(tools = []) {
  return tools.flatMap((tool) => tool.functionDeclarations ?? []);
}

/** The text a functionResponse carries (Gemini CLI wraps it as {output} or {content: [parts]}). */
function responseText(response) {
  if (response == null) return '';
  if (typeof response.output === 'string') return response.output;
  if (typeof response.error === 'string') return response.error;
  if (Array.isArray(response.content)) return response.content.map((part) => part.text ?? '').join('\n');
  return JSON.stringify(response);
}

/** Tool results of a Gemini conversation: [{name, input, text}], in order. */
function toolResults(contents = []) {
  const results = [];
  const calls = [];
  for (const content of contents) {
    for (const part of content.parts ?? []) {
      if (part.functionCall) calls.push(part.functionCall);
      if (part.functionResponse) {
        const call = calls.find((c) =>
          part.functionResponse.id ? c.id === part.functionResponse.id : c.name === part.functionResponse.name,
        );
        results.push({
          name: part.functionResponse.name,
          input: call?.args,
          text: responseText(part.functionResponse.response),
          raw: part.functionResponse.response,
        });
      }
    }
  }
  return results;
}

function geminiHandler({ root, record }) {
  let ids = 0;
  return (request) => {
    const match = /\/models\/([^/:?]+):(streamGenerateContent|generateContent|countTokens)/.exec(request.url);
    if (request.method !== 'POST' || !match) return undefined;
    const body = request.body ?? {};
    if (match[2] === 'countTokens') return { body: { totalTokens: 100 } };
    const functions = declarations(body.tools);
    let parts;
    if (functions.length > 0) {
      const tools = functions.map((fn) => fn.name);
      const results = toolResults(body.contents);
      record.agentRequests.push({
        tools: body.tools,
        systemInstruction: body.systemInstruction,
        contents: body.contents,
        results,
        names: tools,
      });
      const move = nextMove('gemini', tools, results.length, root);
      parts = move.step
        ? [{ functionCall: { id: `call_${++ids}`, name: move.step.name, args: move.step.input } }]
        : [{ text: move.text }];
    } else {
      parts = [{ text: '{"reasoning":"a small task","model_choice":"flash","next_speaker":"user"}' }];
    }
    const chunk = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      modelVersion: match[1],
    };
    if (match[2] === 'generateContent') return { body: chunk };
    return { sse: [sseEvent(chunk)] };
  };
}

module.exports = { geminiHandler, toolResults, declarations };
