// The text of `toolpacks --help`: every command, option and example in one place.
import { CONFIG_FILE_NAME, DEFAULT_MODEL } from './defaults';

export const HELP = `toolpacks — what a language model gets from the installed tool packs

Usage:
  toolpacks [resolve] [options]          the tool list one request gets (default command)
  toolpacks list                         packs, toolsets and tools, with when clauses and model selectors
  toolpacks describe <tool>              a tool's description, input schema, variants, overrides,
                                         when clause, toolsets and annotations
  toolpacks invoke <tool> <json> [--yes] runs one tool for real through the registry; the input can
                                         also be - (read from stdin) or @file.json (from a file)
  toolpacks lint                         what the model's API needs changed in each tool's name, description
                                         or input schema (--model/--family), and what the model loses
  toolpacks shell                        an interactive session: one registry and host, tools called by hand
  toolpacks mcp [--http [host:]port]     serves the tools over MCP (stdio, or Streamable HTTP on loopback)
  toolpacks --help | --version

Workspace:
  --root <folder>       the folder the packs work on (default: the current folder; relative paths,
                        here and in --pack, --config and @file, are relative to the folder you ran
                        the command in, also under \`npm start\`)
  --trust-repository-config   trust what the repository configures to run code: git's filters and diff
                        drivers, and the packs and approvals of the root's ${CONFIG_FILE_NAME}
                        (off: read-only git tools neutralise them, that file's packs and approvals are
                        skipped; see SECURITY.md)
  --trust-git-dir       use a .git file or link in the root that points outside it

Packs (the four built-in packs — editor, search, git, debug — load unless --no-default-packs):
  --pack <module|path>  also load this pack: a module name (resolved from the current folder; from the
                        root too, after it, only with --trust-repository-config: a cloned repository's
                        node_modules is not yours) or the path of a .js/.ts file or package folder
                        (relative to the current folder); its default export, its \`pack\` export or its
                        only export that is a pack. Repeat it. A pack runs code: name only packs you
                        trust. A pack that fails to load is reported; the others run.
  --no-default-packs    load only the packs named with --pack or in the config file
  --config <file>       read options from this file (default: ${CONFIG_FILE_NAME} in the root, whose
                        packs and approvals count only with --trust-repository-config)

Model (default: ${DEFAULT_MODEL.vendor}/${DEFAULT_MODEL.family}, id ${DEFAULT_MODEL.id}):
  --model <id>          model id; the family defaults to it when --family is not given
  --family <family>     model family, e.g. gpt-5, gemini-2.5-pro, claude-sonnet-4
  --vendor <vendor>     model vendor (default: copilot)
  --model-version <v>   model version (default: the id)
  --max-tools <n>       the model's tool limit (default: 128)
  --compare <families>  resolve: the request for each of these families side by side, comma-separated
                        (e.g. claude-sonnet-4.5,gpt-5,gemini-2.5-pro): the tool each is sent per job,
                        then what each is not sent and why
  --client <name>       resolve: what toolpacks mcp sends the MCP client of this clientInfo name
                        (claude-code, codex-mcp-client, gemini-cli-mcp-client, …): its model's tools
                        less those whose job the client's own tools do, and why

Request:
  --toolsets <list>     toolset choices, comma-separated: name or name=on enables, -name or name=off disables
  --tools <list>        tool choices (by toolReferenceName), same syntax; a tool's choice beats its toolset's
                        (a name that matches nothing is a warning, with the closest names)
  --context <key=value> a context key for when clauses; repeat it. Values: true, false, numbers, JSON, text
  --reference <name>    a #-referenced tool or toolset: sent even when deselected; repeat it
  --threshold <n>       group tools behind activate_* tools above this count (default: 64)
  --virtual-tools <m>   above the threshold: groups (activate_* tools, the default), search (a
                        search_tools tool that finds and activates tools), or both

Approvals (invoke, shell, mcp):
  --yes                 approve without asking: invoke, the one call you typed; shell and mcp, every
                        call except calls that run code (start_debugging, evaluate_expression, a
                        breakpoint condition: name them with --allow, or answer the question), tools
                        kept manual, and writes to sensitive files such as .git/config (those always
                        ask, and are declined where no one can answer). Tools that change things ask
                        otherwise
  --allow <tools>       comma-separated tools that run without asking (code-running tools included)
  --always-ask <tools>  comma-separated tools that ask even with --yes (kept manual; also honoured
                        from the repository's ${CONFIG_FILE_NAME}, since it only asks more)
  --answers-from-input  shell: read the answers to its questions from the next input line even when
                        input is not a terminal (scripted sessions); without it, and without a
                        terminal, calls that ask are declined
  --timeout <ms>        stop a tool after this long (default: 120000)

MCP, both protocol eras: 2025-11-25 (initialize, sessions) and 2026-07-28 (stateless). A call that
asks is asked through the client when it declares elicitation (a form in 2025-11-25, input_required
in 2026-07-28), else declined unless --yes or --allow covers it. The tools are listed for the model --model/--family or the
config file's "model" names; without one, for the model a known client runs (by the name it sends:
claude-code: claude-sonnet-4.5, codex-mcp-client: gpt-5-codex, gemini-cli-mcp-client:
gemini-2.5-pro), else for the default. The server's instructions and stderr say which, e.g.
"family claude-sonnet-4.5 (anthropic/claude-sonnet-4.5), because the client is claude-code":
  --http [host:]port    serve Streamable HTTP instead of stdio (default host 127.0.0.1; another host
                        needs a token). Without a token one is generated for the run and printed on
                        stderr with the URL and the Authorization header to configure
  --token <token>       the bearer token HTTP clients must send. Prefer TOOLPACKS_MCP_TOKEN=<token>:
                        a --token on the command line is visible to other users (ps)
  --serve-all           mcp: also the tools whose job a known client's own tools already do
                        (left out by default; the instructions say which)
  --no-token            serve HTTP on loopback with no token at all: any local user or process can
                        then call the tools (refused for other hosts)

Output:
  --json                print the result as JSON instead of text (pure JSON on stdout; warnings go
                        into it). Through npm: \`npx toolpacks -- --json\` (npx takes the flags before
                        a --) or \`npm start --silent -- --json\` (without --silent npm prints a banner)
  --version             print the version of toolpacks

Config file (${CONFIG_FILE_NAME}; every field optional):
  { "packs": ["./my-pack.js", "some-pack-module"],
    "model": { "id": "gpt-5", "vendor": "copilot", "family": "gpt-5", "version": "gpt-5", "maxTools": 128 },
    "selection": { "toolSets": { "git": false }, "tools": { "grep_search": true } },
    "context": { "debugState": "inactive" }, "threshold": 64, "virtualTools": "groups", "maxTools": 128,
    "approvals": { "yes": false, "allow": ["read_file"], "alwaysAsk": ["git_commit"] },
    "schemaDialects": [{ "name": "acme", "models": [{ "vendor": "acme" }], "rules": { "maxDescriptionLength": 1024 } }] }

Examples:
  toolpacks --family gemini-2.5-pro
  toolpacks resolve --compare claude-sonnet-4.5,gpt-5,gemini-2.5-pro
  toolpacks invoke grep_search '{"query":"ToolRegistry"}'
  toolpacks invoke grep_search @query.json
  echo '{"query":"TODO"}' | toolpacks invoke grep_search -
  toolpacks describe grep_search --family gemini-2.5-pro
  toolpacks lint --family gemini-2.5-pro
  toolpacks invoke git_commit '{"message":"Fix typo","all":true}' --yes
  toolpacks --model gpt-5 --toolsets -example --reference count_words
  toolpacks --context editorHasSelection=true --json
  toolpacks --pack ./my-pack.js list
  toolpacks shell
  toolpacks mcp --root ~/project
`;
