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
  /** The client's version (and where) its built-in lists were checked against, e.g. `Claude Code 2.1.332, npm`. */
  readonly checkedAgainst: string;
  /** What the client's model reads of a tools/call result: the `structuredContent` when present, or the text. */
  readonly shows: 'structuredContent' | 'text';
  /** The client asks the person before each MCP tool call (reading our annotations), unless they allowed it. */
  readonly asksBeforeEachCall: boolean;
  /** The client drops minimum/maximum/minLength/maxLength/minItems/maxItems from input schemas (Codex): the descriptions carry them. */
  readonly stripsSchemaLimits?: boolean;
  readonly builtIns: readonly BuiltInJob[];
  readonly keeps: readonly KeptJob[];
}

// None of our tools browses the web or runs shell commands, so a client's web and shell tools
// leave nothing out; a shell does count where it is the client's documented way to do a job.
const GIT_AND_DEBUG: KeptJob = {
  tools: ['git_*', 'debug tools'],
  why: 'no built-in of this client runs git with literal pathspecs and neutralised repository programs, nor drives a debugger',
};

/** Our tools for reading, creating and editing files, by every family's name for them. */
const FILE_EDITORS = [
  'str_replace_based_edit_tool',
  'read_file',
  'create_file',
  'replace_string_in_file',
  'multi_replace_string_in_file',
  'apply_patch',
  'write_file',
  'replace',
];
/** Our tools that list folders, find files by name and search text, by every family's name for them. */
const FINDERS = ['list_dir', 'file_search', 'grep_search', 'list_directory', 'glob'];

/** Keyed by {@link KnownClient.name} (clientFamilies.ts). */
export const CLIENT_PROFILES: Readonly<Record<string, ClientProfile>> = {
  // Claude Code 2.1.332 (npm @anthropic-ai/claude-code, a native binary): its tools' inputs are
  // sdk-tools.d.ts (Read, Write, Edit, Glob, Grep, Bash …; no LS any more). The native build turns
  // Glob and Grep off unless the search tools are opted in: its model finds and greps through Bash,
  // whose `grep` it aliases to its embedded ugrep with --ignore-files (.gitignore followed) and `find`
  // to bfs (nothing ignored). Grep, when on, runs ripgrep without --no-ignore (followed); Glob runs
  // `rg --files --no-ignore` unless CLAUDE_CODE_GLOB_NO_IGNORE=false (not followed). Seen in the
  // apps/clients-e2e run: Agent, Bash, Edit, Read, Write, Skill, ToolSearch …, no Glob or Grep.
  // MCP results: the structuredContent is given to the model when present (2026-07-28, issue 32).
  'claude-code': {
    checkedAgainst: 'Claude Code 2.1.332 (npm; bin/claude.exe, sdk-tools.d.ts; the clients-e2e run)',
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
        source: 'Claude Code 2.1.332 sdk-tools.d.ts (FileReadInput, FileWriteInput, FileEditInput)',
      },
      {
        job: 'search file contents (git ignore rules followed: grep is ugrep --ignore-files, Grep is ripgrep)',
        builtIn: ['Bash', 'Grep'],
        leavesOut: ['grep_search'],
        source: 'Claude Code 2.1.332 bin/claude.exe (the Bash grep alias; the Grep tool’s rg arguments)',
      },
      {
        job: 'list a folder (ls)',
        builtIn: ['Bash'],
        leavesOut: ['list_dir'],
        source: 'Claude Code 2.1.332 bin/claude.exe (ls is a read-only command it runs without asking)',
      },
    ],
    keeps: [
      GIT_AND_DEBUG,
      {
        tools: ['file_search'],
        why: 'Claude Code’s Glob lists files with ripgrep’s --no-ignore and its Bash find is bfs: neither leaves out what .gitignore ignores; file_search lists the files git lists',
      },
    ],
  },
  // Codex CLI 0.169.0 (npm @openai/codex, codex-rs): its model gets exec_command/write_stdin (the
  // shell), view_image and, for the models of its catalog, an apply_patch tool; a model outside it
  // (gpt-5-codex) sends apply_patch as a command, which Codex intercepts and applies itself
  // (openai/codex codex-rs/core/src/tools/handlers/apply_patch.rs). No read, list or search tool: it
  // reads and searches by running commands (the package ships ripgrep, codex-path/rg). Seen in the
  // clients-e2e run. MCP results: the structuredContent is given to the model when present.
  'codex-mcp-client': {
    checkedAgainst: 'Codex 0.169.0 (npm; codex-rs tools; the clients-e2e run)',
    shows: 'structuredContent',
    asksBeforeEachCall: true,
    stripsSchemaLimits: true,
    builtIns: [
      {
        job: 'create and edit files with V4A patches (apply_patch, a tool or a command Codex intercepts)',
        builtIn: ['apply_patch', 'exec_command'],
        leavesOut: ['apply_patch', 'create_file', 'replace_string_in_file', 'multi_replace_string_in_file'],
        source: 'openai/codex codex-rs/core/src/tools/handlers/apply_patch.rs; Codex 0.169.0 as run by clients-e2e',
      },
    ],
    keeps: [
      GIT_AND_DEBUG,
      {
        tools: ['read_file', 'file_search', 'grep_search', 'list_dir'],
        why: 'Codex has no read, list or search tool of its own: it runs shell commands for them, which its sandbox or the person must allow; ours are read-only and confined to the root',
      },
    ],
  },
  // Gemini CLI 0.61.0 (npm @google/gemini-cli, bundle/; google-gemini/gemini-cli packages/core/src/
  // tools/tool-names.ts): read_file, write_file, replace, list_directory, glob and grep_search (the
  // ripgrep tool, or grep.ts's git grep --untracked when ripgrep is missing); read_many_files is not
  // registered. ls, glob and grep follow .gitignore (respect_git_ignore, default on) and
  // .geminiignore. Seen in the clients-e2e run. It shows the text content only.
  'gemini-cli-mcp-client': {
    checkedAgainst: 'Gemini CLI 0.61.0 (npm; bundle/ tools, tool-names.ts; the clients-e2e run)',
    shows: 'text',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read, write and edit files',
        builtIn: ['read_file', 'write_file', 'replace'],
        leavesOut: [
          'read_file',
          'write_file',
          'replace',
          'create_file',
          'replace_string_in_file',
          'multi_replace_string_in_file',
        ],
        source: 'Gemini CLI 0.61.0 packages/core/src/tools/{read-file,write-file,edit}.ts',
      },
      {
        job: 'list folders and find files (git ignore rules followed)',
        builtIn: ['list_directory', 'glob'],
        leavesOut: ['list_directory', 'glob', 'list_dir', 'file_search'],
        source: 'Gemini CLI 0.61.0 packages/core/src/tools/{ls,glob}.ts (respect_git_ignore)',
      },
      {
        job: 'search file contents (ripgrep or git grep: git ignore rules followed)',
        builtIn: ['grep_search'],
        leavesOut: ['grep_search'],
        source: 'Gemini CLI 0.61.0 packages/core/src/tools/{ripGrep,grep}.ts',
      },
    ],
    keeps: [GIT_AND_DEBUG],
  },
  // VS Code with Copilot Chat (microsoft/vscode-copilot-chat 0.42.0, 31acd00: src/extension/tools/
  // common/toolNames.ts and tools/node): read_file, create_file, replace_string_in_file,
  // multi_replace_string_in_file, insert_edit_into_file, apply_patch, list_dir, file_search,
  // grep_search. file_search and grep_search search with search.exclude and the .gitignore files
  // (findFiles2's and findTextInFiles' defaults; includeIgnoredFiles is off). get_changed_files only
  // reads the changes: git stays. MCP results: microsoft/vscode src/vs/workbench/contrib/mcp/common/
  // mcpLanguageModelToolContribution.ts gives the model JSON.stringify(structuredContent) in place of
  // the text when there is one. It asks before each non-read-only MCP call (readOnlyHint).
  'Visual Studio Code': {
    checkedAgainst: 'vscode-copilot-chat 0.42.0 (toolNames.ts, tools/node); microsoft/vscode 027907c (MCP results)',
    shows: 'structuredContent',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read, create and edit files',
        builtIn: [
          'read_file',
          'create_file',
          'replace_string_in_file',
          'multi_replace_string_in_file',
          'insert_edit_into_file',
          'apply_patch',
        ],
        leavesOut: FILE_EDITORS,
        source:
          'vscode-copilot-chat 0.42.0 src/extension/tools/node/{readFile,createFile,replaceString,applyPatch}Tool.tsx',
      },
      {
        job: 'list folders, find files and search text (search.exclude and git ignore rules)',
        builtIn: ['list_dir', 'file_search', 'grep_search'],
        leavesOut: FINDERS,
        source: 'vscode-copilot-chat 0.42.0 src/extension/tools/node/{listDir,findFiles,findTextInFiles}Tool.tsx',
      },
    ],
    keeps: [GIT_AND_DEBUG],
  },
  // Cursor (closed source): cursor.com/docs/agent/tools lists Read File, List Directory, Codebase,
  // Grep, Search Files, Web, Fetch Rules, Edit & Reapply, Delete File and Terminal, by these names (the
  // names its model sees are not published); cursor.com/help/customization/ignore-files: its search
  // follows .gitignore and .cursorignore. It asks before MCP calls. Whether its model reads a result's
  // structuredContent or its text is not documented: counted as the data, so the server sends only the
  // text and the model reads it either way.
  'cursor-vscode': {
    checkedAgainst: 'Cursor’s documentation as of Cursor 3.11 (cursor.com/docs/agent/tools)',
    shows: 'structuredContent',
    asksBeforeEachCall: true,
    builtIns: [
      {
        job: 'read and edit files',
        builtIn: ['Read File', 'Edit & Reapply'],
        leavesOut: FILE_EDITORS,
        source: 'cursor.com/docs/agent/tools',
      },
      {
        job: 'list folders, find files and grep (git ignore rules followed)',
        builtIn: ['List Directory', 'Search Files', 'Grep'],
        leavesOut: FINDERS,
        source: 'cursor.com/docs/agent/tools; cursor.com/help/customization/ignore-files',
      },
      {
        job: 'delete a file',
        builtIn: ['Delete File'],
        leavesOut: ['delete_file'],
        source: 'cursor.com/docs/agent/tools',
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
