// A resolution as MCP tool descriptions (both protocol eras): names, descriptions and schemas as
// resolved, the output schema of every tool that has one, and every annotation set explicitly and
// honestly, straight from the definition (a destructive tool says so even when it also claims to be
// read-only: a client that auto-approves must never take a deletion for a read).
import type { Tool as McpTool } from '@modelcontextprotocol/server';
import type { ResolvedToolSet } from '@toolpacks/registry/host';
import type { ClientProfile } from './clientProfiles';
import {
  ACTIVATE_OUTPUT_SCHEMA,
  ACTIVATE_PREFIX,
  SEARCH_TOOLS_OUTPUT_SCHEMA,
  type JsonSchemaObject,
} from '@toolpacks/registry/host';

/** The tools/list result's `_meta` key of the model the list was resolved for. */
export const MODEL_META_KEY = 'toolpacks/model';
/** The tools/list result's `_meta` key of why that model was chosen (`because the client is claude-code`). */
export const MODEL_REASON_META_KEY = 'toolpacks/modelReason';

type OutputSchema = NonNullable<McpTool['outputSchema']>;

/** A tool's output schema (an object schema, as the registry checks at load) in the SDK's type. */
const outputSchema = (schema: JsonSchemaObject): OutputSchema => schema as OutputSchema;

/**
 * MCP tool descriptions from a resolution: names, descriptions and schemas as resolved, with
 * annotations set explicitly. For a client that gives its model the structuredContent instead of
 * the text (Claude Code, Codex), no outputSchema: its results are text only, so the model reads the
 * words each tool promises (cat -n lines, git's short status), not JSON.
 */
export function toMcpTools(resolved: ResolvedToolSet, profile?: ClientProfile): McpTool[] {
  const structured = profile?.shows !== 'structuredContent';
  const entries = new Map<string, ResolvedToolSet['entries'][number]>();
  for (const entry of resolved.entries) if (entry.sent) entries.set(entry.sentName ?? entry.name, entry);
  return resolved.tools.map((tool) => {
    const entry = entries.get(tool.name);
    const canonical = (tool.inputSchema ?? { type: 'object', properties: {} }) as McpTool['inputSchema'];
    const inputSchema = profile?.stripsSchemaLimits
      ? (limitsInDescriptions(canonical) as McpTool['inputSchema'])
      : canonical;
    if (entry) {
      const { definition } = entry;
      const a = definition.annotations ?? {};
      const title = definition.displayName ?? tool.name;
      return {
        name: tool.name,
        title,
        description: tool.description,
        inputSchema,
        ...(structured && definition.outputSchema ? { outputSchema: outputSchema(definition.outputSchema) } : {}),
        annotations: {
          title,
          readOnlyHint: a.readOnly === true,
          destructiveHint: a.destructive === true,
          idempotentHint: a.idempotent === true,
          openWorldHint: a.openWorld === true,
        },
      };
    }
    // The registry's own tools (activate_<group>, search_tools): they change which tools are offered,
    // nothing else. A second search with the same query finds the next tools: not idempotent.
    const kind = resolved.toolKinds[tool.name];
    const isSearch = kind === 'search';
    const title = isSearch
      ? 'Search tools'
      : kind === 'activate'
        ? `Activate ${tool.name.slice(ACTIVATE_PREFIX.length).replace(/_/g, ' ')} tools`
        : tool.name;
    return {
      name: tool.name,
      title,
      description: tool.description,
      inputSchema,
      ...(structured
        ? { outputSchema: outputSchema(isSearch ? SEARCH_TOOLS_OUTPUT_SCHEMA : ACTIVATE_OUTPUT_SCHEMA) }
        : {}),
      annotations: {
        title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: !isSearch,
        openWorldHint: false,
      },
    };
  });
}

const LIMITS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;
const LIMIT_WORDS: Record<(typeof LIMITS)[number], string> = {
  minimum: 'at least',
  maximum: 'at most',
  exclusiveMinimum: 'more than',
  exclusiveMaximum: 'less than',
  minLength: 'characters at least',
  maxLength: 'characters at most',
  minItems: 'items at least',
  maxItems: 'items at most',
};

/**
 * A schema whose limits are also said in words, in each property's description: a client that
 * strips the keywords (Codex) still tells its model what the server will refuse. The keywords stay.
 */
export function limitsInDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(limitsInDescriptions);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = limitsInDescriptions(value);
  const said = LIMITS.filter((limit) => typeof out[limit] === 'number').map(
    (limit) => `${LIMIT_WORDS[limit]} ${String(out[limit])}`,
  );
  if (!said.length) return out;
  const description = typeof out.description === 'string' ? out.description : '';
  const words = `Limits: ${said.join(', ')}.`;
  out.description = description ? `${description} ${words}` : words;
  return out;
}
