// The MCP clients toolpacks knows, by the `clientInfo.name` of their initialize request, and the model
// each one runs, so that a session whose host chose no model explicitly gets the tools that model's
// family is given (Claude Code: str_replace_based_edit_tool; Codex: apply_patch; Gemini CLI: its own
// file tools). A plain table: a client missing here, or one whose model is chosen per chat, keeps
// the host's default. Names are compared case-insensitively.
import { inertLine, type ModelInfo } from '@toolpacks/registry/host';
import type { McpModelChoice, McpSessionModel } from './types';

/** An MCP client toolpacks knows by its `clientInfo.name`, and the model its tools are resolved for. */
export interface KnownClient {
  /** `clientInfo.name` as the client sends it (compared case-insensitively). */
  readonly name: string;
  /** Also a name that starts with `name` followed by `-` or a space (a suffix the client adds). */
  readonly prefix?: boolean;
  /** What the client is, for people. */
  readonly title: string;
  /**
   * The model to resolve for. Undefined: the host's default, because the client runs models of
   * several families, picked per chat, which the server is not told.
   */
  readonly model?: ModelInfo;
}

/** The known MCP clients, as data: one row per client, with where its name comes from. */
export const KNOWN_CLIENTS: readonly KnownClient[] = [
  // Claude Code (Anthropic's CLI, closed source) sends "claude-code", as seen by MCP servers in the wild
  // (and named so in the brief for this table); it runs Claude Opus 5.x by default and does not say
  // which model: claude-opus-5 is a fallback, any claude* family gets the same (Claude's) tools.
  {
    name: 'claude-code',
    title: 'Claude Code',
    model: { id: 'claude-opus-5', vendor: 'anthropic', family: 'claude-opus-5', version: 'claude-opus-5' },
  },
  // OpenAI's Codex CLI (codex-rs, its MCP client's Implementation name) sends "codex-mcp-client"; its
  // default model is gpt-5-codex (a gpt-5 family: apply_patch).
  {
    name: 'codex-mcp-client',
    title: 'Codex',
    model: { id: 'gpt-5-codex', vendor: 'openai', family: 'gpt-5-codex', version: 'gpt-5-codex' },
  },
  // Gemini CLI: google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts, connectToMcpServer's
  // `new Client({ name: 'gemini-cli-mcp-client' })`; its McpClient class names itself
  // `gemini-cli-mcp-client-<server name>`, hence the prefix. It runs Gemini 3 models and does not say
  // which: gemini-3-pro is a fallback, any gemini* family gets the same (Gemini CLI's) tools.
  {
    name: 'gemini-cli-mcp-client',
    prefix: true,
    title: 'Gemini CLI',
    model: { id: 'gemini-3-pro', vendor: 'google', family: 'gemini-3-pro', version: 'gemini-3-pro' },
  },
  // Cursor sends "cursor-vscode" (observed; closed source). Its model is picked per chat, from any
  // vendor: the default.
  { name: 'cursor-vscode', title: 'Cursor' },
  // VS Code sends its product's long name, "Visual Studio Code" ("… - Insiders" for Insiders: the
  // prefix). Copilot's model is picked per chat and VS Code adapts the tools itself: the default.
  { name: 'Visual Studio Code', prefix: true, title: 'VS Code' },
];

/** The vendors' model lines, by vendor, as the instructions name them. */
const VENDOR_MODELS: Readonly<Record<string, string>> = { anthropic: 'Claude', google: 'Gemini', openai: 'OpenAI GPT' };

/** The row of `clientName` in {@link KNOWN_CLIENTS}, matched case-insensitively; undefined for any other client. */
export function knownClient(
  clientName: string | undefined,
  clients: readonly KnownClient[] = KNOWN_CLIENTS,
): KnownClient | undefined {
  const name = clientName?.trim().toLowerCase();
  if (!name) return undefined;
  return clients.find((client) => {
    const known = client.name.toLowerCase();
    if (name === known) return true;
    return client.prefix === true && (name.startsWith(`${known}-`) || name.startsWith(`${known} `));
  });
}

/**
 * The model a session's tools are resolved for: the host's when it chose one explicitly (or said
 * nothing, `choice` undefined), else the known client's model (keeping the host's tool limit), else
 * the host's default. `clientName` is the initialize request's `clientInfo.name`.
 */
export function chooseSessionModel(
  hostModel: ModelInfo,
  choice: McpModelChoice | undefined,
  clientName: string | undefined,
): McpSessionModel {
  // The name is the client's own text: shown inert and short, on stderr and in the instructions.
  const client = clientName?.trim() ? inertLine(clientName.trim().slice(0, 100)) : undefined;
  const withClient = client !== undefined ? { client } : {};
  if (!choice || choice.chosenBy !== undefined)
    return {
      model: hostModel,
      source: 'explicit',
      because: `because ${choice?.chosenBy ?? 'the host chose it'}`,
      ...withClient,
    };
  const known = knownClient(client);
  if (known?.model)
    return {
      model: { ...known.model, ...(hostModel.maxTools !== undefined ? { maxTools: hostModel.maxTools } : {}) },
      source: 'client',
      // The client does not say its model: the family is what is known, the model a fallback.
      because: `because the client is ${client} (${known.title}), which runs ${VENDOR_MODELS[known.model.vendor] ?? known.model.vendor} models; it does not say which, so ${known.model.id} stands for them (every model of that vendor gets these tools)`,
      ...withClient,
    };
  const because =
    client === undefined
      ? 'the default'
      : known
        ? `the default, because the client is ${client} (${known.title}), whose model is picked per chat`
        : `the default, because the client ${client} is not one toolpacks knows`;
  return { model: hostModel, source: 'default', because, ...withClient };
}

/** `family claude-sonnet-4.5 (anthropic/claude-sonnet-4.5), because the client is claude-code`. */
export function describeSessionModel({ model, because }: McpSessionModel): string {
  return `family ${model.family} (${model.vendor}/${model.id}), ${because}`;
}
