// What each known MCP client does itself, as data (issue 32): how it shows a tool's result to its
// model, whether it asks the person before each tool call, and the jobs its own built-in tools
// already do. The server uses it to complement the client: a tool whose job the client's built-in
// does is not sent (two tools for one job make a model pick at random and cost tokens), unless it
// adds what the built-in lacks; the words a tool promises reach the model in the form the client
// shows; ordinary writes rely on the client's own question.
import type { ResolveRequest, ResolvedToolSet, ToolRegistry } from '@toolpacks/registry/host';
import { knownClient } from './clientFamilies';

export { knownClient };

/** A job the client's own tools do, and the tools of ours it makes redundant. */
export interface BuiltInJob {
  /** The job, in words (`read and edit files`). */
  readonly job: string;
  /** The client's own tools that do it, by the names its model sees. */
  readonly builtIn: readonly string[];
  /** Our tools (names as sent) left out for this client because of it. */
  readonly leavesOut: readonly string[];
  /** Where the built-in's behaviour is documented (the client's docs or source). */
  readonly source: string;
}

/** A tool of ours kept although the client has a built-in near it, and why. */
export interface KeptJob {
  readonly tools: readonly string[];
  readonly why: string;
}

export interface ClientProfile {
  /** What the client's model reads of a tools/call result: the `structuredContent` when present, or the text. */
  readonly shows: 'structuredContent' | 'text';
  /** The client asks the person before each MCP tool call (reading our annotations), unless they allowed it. */
  readonly asksBeforeEachCall: boolean;
  /** The client drops minimum/maximum/minLength/maxLength/minItems/maxItems from input schemas (Codex): the descriptions carry them. */
  readonly stripsSchemaLimits?: boolean;
  readonly builtIns: readonly BuiltInJob[];
  readonly keeps: readonly KeptJob[];
}

const GIT_AND_DEBUG: KeptJob = {
  tools: ['git_*', 'debug tools'],
  why: 'no built-in of this client runs git with literal pathspecs and neutralised repository programs, nor drives a debugger',
};

/** Keyed by {@link KnownClient.name} (clientFamilies.ts). */
export const CLIENT_PROFILES: Readonly<Record<string, ClientProfile>> = {
  // Claude Code: docs.anthropic.com/en/docs/claude-code/settings (tools available to Claude: Read,
  // Edit, Write, Glob, Grep, LS, Bash); Grep runs ripgrep, which follows .gitignore. MCP results:
  // the structuredContent is given to the model when present (seen with 2026-07-28, issue 32).
  'claude-code': {
    shows: 'structuredContent',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read, create and edit files',
        builtIn: ['Read', 'Write', 'Edit'],
        leavesOut: [
          'str_replace_based_edit_tool',
          'read_file',
          'create_file',
          'replace_string_in_file',
          'multi_replace_string_in_file',
        ],
        source: 'Claude Code settings docs, "Tools available to Claude"',
      },
      {
        job: 'find files by name and search their text (ripgrep, git ignore rules followed)',
        builtIn: ['Glob', 'Grep'],
        leavesOut: ['file_search', 'grep_search'],
        source: 'Claude Code settings docs; Grep is ripgrep',
      },
      { job: 'list a folder', builtIn: ['LS', 'Bash'], leavesOut: ['list_dir'], source: 'Claude Code settings docs' },
    ],
    keeps: [GIT_AND_DEBUG],
  },
  // Codex CLI (openai/codex, codex-rs): its model has `shell` and `apply_patch` built in; MCP results
  // are passed to the model as their structuredContent when present (codex-rs mcp tool call output).
  'codex-mcp-client': {
    shows: 'structuredContent',
    asksBeforeEachCall: true,
    stripsSchemaLimits: true,
    builtIns: [
      {
        job: 'create and edit files with V4A patches',
        builtIn: ['apply_patch'],
        leavesOut: ['apply_patch', 'create_file', 'replace_string_in_file', 'multi_replace_string_in_file'],
        source: 'openai/codex codex-rs/core apply_patch tool',
      },
    ],
    keeps: [
      GIT_AND_DEBUG,
      {
        tools: ['read_file', 'file_search', 'grep_search', 'list_dir'],
        why: 'Codex reads and searches through its shell, which the sandbox or the person must approve; ours are read-only and confined to the root',
      },
    ],
  },
  // Gemini CLI: google-gemini/gemini-cli packages/core/src/tools (read_file, write_file, replace,
  // glob, list_directory, search_file_content, read_many_files); it shows the text content only.
  'gemini-cli-mcp-client': {
    shows: 'text',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read, write and edit files',
        builtIn: ['read_file', 'write_file', 'replace', 'read_many_files'],
        leavesOut: [
          'read_file',
          'write_file',
          'replace',
          'create_file',
          'replace_string_in_file',
          'multi_replace_string_in_file',
        ],
        source: 'gemini-cli packages/core/src/tools/{read-file,write-file,edit}.ts',
      },
      {
        job: 'list folders and find files (git ignore rules followed)',
        builtIn: ['list_directory', 'glob'],
        leavesOut: ['list_directory', 'glob', 'list_dir', 'file_search'],
        source: 'gemini-cli packages/core/src/tools/{ls,glob}.ts (respect_git_ignore)',
      },
      {
        job: 'search file contents (git grep / ripgrep)',
        builtIn: ['search_file_content'],
        leavesOut: ['grep_search'],
        source: 'gemini-cli packages/core/src/tools/grep.ts',
      },
    ],
    keeps: [GIT_AND_DEBUG],
  },
  // VS Code with Copilot: its built-in agent tools (read_file, create_file, replace_string_in_file,
  // list_dir, file_search, grep_search — microsoft/vscode-copilot-chat src/extension/tools); it shows
  // the text content and asks before each MCP call (chat.tools confirmations).
  'Visual Studio Code': {
    shows: 'text',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read, create and edit files',
        builtIn: ['read_file', 'create_file', 'replace_string_in_file', 'multi_replace_string_in_file', 'apply_patch'],
        leavesOut: [
          'read_file',
          'create_file',
          'replace_string_in_file',
          'multi_replace_string_in_file',
          'apply_patch',
          'str_replace_based_edit_tool',
          'write_file',
          'replace',
        ],
        source: 'microsoft/vscode-copilot-chat src/extension/tools/node',
      },
      {
        job: 'list folders, find files and search text (search.exclude and git ignore rules)',
        builtIn: ['list_dir', 'file_search', 'grep_search'],
        leavesOut: ['list_dir', 'file_search', 'grep_search', 'list_directory', 'glob'],
        source: 'microsoft/vscode-copilot-chat src/extension/tools/node',
      },
    ],
    keeps: [GIT_AND_DEBUG],
  },
  // Cursor: docs.cursor.com/agent/tools (Read File, Edit & Reapply, List Directory, Search Files,
  // Grep, Codebase search); closed source. It shows the text content and asks before MCP calls.
  'cursor-vscode': {
    shows: 'text',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read and edit files',
        builtIn: ['read_file', 'edit_file'],
        leavesOut: [
          'read_file',
          'create_file',
          'replace_string_in_file',
          'multi_replace_string_in_file',
          'apply_patch',
          'str_replace_based_edit_tool',
          'write_file',
          'replace',
        ],
        source: 'docs.cursor.com/agent/tools',
      },
      {
        job: 'list folders, find files and grep',
        builtIn: ['list_dir', 'file_search', 'grep_search'],
        leavesOut: ['list_dir', 'file_search', 'grep_search', 'list_directory', 'glob'],
        source: 'docs.cursor.com/agent/tools',
      },
    ],
    keeps: [GIT_AND_DEBUG],
  },
};

/**
 * Tools whose change cannot be undone (a deleted file, discarded changes): the client's question
 * shows only the arguments, so the server still asks, showing what is lost.
 */
export const IRREVERSIBLE_TOOLS: readonly string[] = ['delete_file', 'git_restore'];

/** A patch (apply_patch's, or a freeform one) that deletes a file or moves one away from its path. */
const LOSES_A_FILE = /^\*\*\* (?:Delete File|Move to):/m;

/**
 * Whether the client's own question before this call stands for the server's (one question per
 * action): not for an irreversible tool, nor for a patch that deletes or moves a file (its question
 * names what is lost; the client's shows only the patch).
 */
export function clientConfirms(profile: ClientProfile | undefined, tool: string, input?: unknown): boolean {
  if (profile?.asksBeforeEachCall !== true || IRREVERSIBLE_TOOLS.includes(tool)) return false;
  const patch = typeof input === 'string' ? input : (input as { input?: unknown } | null)?.input;
  return !(typeof patch === 'string' && LOSES_A_FILE.test(patch));
}

/** The profile of the client named `clientName` (its `clientInfo.name`); undefined for a client toolpacks does not know. */
export function clientProfile(clientName: string | undefined): ClientProfile | undefined {
  const known = knownClient(clientName);
  return known ? CLIENT_PROFILES[known.name] : undefined;
}

/** Our tools the client's built-ins make redundant, with the job; empty when serving everything. */
export function leftOutFor(profile: ClientProfile | undefined, servesEverything = false): Map<string, BuiltInJob> {
  const out = new Map<string, BuiltInJob>();
  if (!profile || servesEverything) return out;
  for (const job of profile.builtIns) for (const tool of job.leavesOut) if (!out.has(tool)) out.set(tool, job);
  return out;
}

/**
 * The resolution for a client: the request as asked, less the tools whose job the client's own
 * tools do (turned off by their picker identity, so they are neither listed nor run).
 */
export function resolveForClient(
  registry: ToolRegistry,
  request: ResolveRequest,
  profile: ClientProfile | undefined,
  servesEverything = false,
): ResolvedToolSet {
  const resolved = registry.resolve(request);
  const leftOut = leftOutFor(profile, servesEverything);
  if (!leftOut.size) return resolved;
  const off = resolved.entries.filter((e) => leftOut.has(e.sentName ?? e.name) || leftOut.has(e.name));
  if (!off.length) return resolved;
  const tools = { ...request.selection?.tools };
  // A native tool that does several jobs (Claude's editor reads, creates and edits) is off only with all of them.
  for (const entry of off)
    for (const job of [entry.toolReferenceName, ...(entry.definition.replaces ?? [])]) tools[job] = false;
  return registry.resolve({ ...request, selection: { ...request.selection, tools } });
}

/** What is left out for this client and why, for the instructions and `toolpacks resolve --client`. */
export function describeComplement(profile: ClientProfile | undefined, servesEverything = false): string | undefined {
  if (!profile) return undefined;
  if (servesEverything) return 'Every tool is served, also those whose job this client’s own tools do (--serve-all).';
  const jobs = profile.builtIns.map(
    (j) => `${j.job}: use the client’s ${j.builtIn.join(', ')} (not sent here: ${j.leavesOut.join(', ')})`,
  );
  const kept = profile.keeps.map((k) => `kept: ${k.tools.join(', ')}, because ${k.why}`);
  return `Jobs this client does with its own tools, so this server does not send a second tool for them — ${[...jobs, ...kept].join('; ')}.`;
}
