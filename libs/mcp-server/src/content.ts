// A registry result as an MCP tools/call result (both protocol eras): text as text (prompt-tsx parts
// rendered the way a headless host sends them to a model), data parts as image / audio content or an
// embedded resource blob, and the structured result beside them when the tool returned one that
// matches its output schema (the registry leaves it out otherwise).
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ClientProfile } from './clientProfiles';
import { contentToText, type ToolCallContent, type ToolCallResult } from '@toolpacks/registry/host';

type McpContent = CallToolResult['content'][number];

export async function toMcpContent(result: ToolCallResult, tokenBudget?: number): Promise<McpContent[]> {
  const out: McpContent[] = [];
  let pending: ToolCallContent[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const text = await contentToText(pending, tokenBudget);
    pending = [];
    out.push({ type: 'text', text });
  };
  for (const [index, part] of result.content.entries()) {
    if (part.kind !== 'data') {
      pending.push(part);
      continue;
    }
    await flush();
    const data = Buffer.from(part.data.buffer, part.data.byteOffset, part.data.byteLength).toString('base64');
    if (part.mimeType.startsWith('image/')) out.push({ type: 'image', data, mimeType: part.mimeType });
    else if (part.mimeType.startsWith('audio/')) out.push({ type: 'audio', data, mimeType: part.mimeType });
    else
      out.push({
        type: 'resource',
        resource: {
          uri: `toolpacks:result/${encodeURIComponent(result.callId)}/${index}`,
          mimeType: part.mimeType,
          blob: data,
        },
      });
  }
  await flush();
  return out.length ? out : [{ type: 'text', text: '(the tool returned no output)' }];
}

/**
 * The whole tools/call result: content, isError, and structuredContent when the registry carried one,
 * except for a client that would show its model the data instead of the text (see toMcpTools).
 */
export async function toCallToolResult(result: ToolCallResult, profile?: ClientProfile): Promise<CallToolResult> {
  const structured = profile?.shows !== 'structuredContent';
  return {
    content: await toMcpContent(result),
    isError: result.isError,
    ...(structured && result.structuredContent !== undefined
      ? { structuredContent: { ...result.structuredContent } }
      : {}),
  };
}

/** The output schema a result is checked against for this client: none when it is sent text only. */
export function outputSchemaFor(
  profile: ClientProfile | undefined,
  schema: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  return profile?.shows === 'structuredContent' ? undefined : schema;
}
