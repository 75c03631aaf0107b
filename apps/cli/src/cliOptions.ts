// What one run of `toolpacks` was asked to do: the options args.ts reads from the command line and
// the config file, and every command runs from. Types only (and the list of commands): a leaf that
// the parser, the commands and the session share.
import type { ResolveRequest, SchemaDialect } from '@toolpacks/registry/host';
import type { ChoiceSources } from './suggest';

export type Command = 'resolve' | 'list' | 'describe' | 'invoke' | 'lint' | 'shell' | 'mcp' | 'help' | 'version';
export const COMMANDS: readonly Command[] = [
  'resolve',
  'list',
  'describe',
  'invoke',
  'lint',
  'shell',
  'mcp',
  'help',
  'version',
];

/** Where invoke's input comes from: the JSON on the command line, stdin (`-`) or a file (`@file`). */
export type InvokeInputSource =
  { readonly kind: 'stdin' } | { readonly kind: 'file'; readonly path: string; readonly written: string };

/** A pack to import: what the user wrote, and where a relative path and a module name resolve from. */
export interface PackSpec {
  readonly spec: string;
  /** The folder a relative path is relative to: the current folder, or the config file's. */
  readonly base: string;
  /** The folders a module name is looked up from, in order. */
  readonly searchPaths: readonly string[];
  /** Where it was named: 'the command line' or the config file's path. */
  readonly from: string;
}

export interface Approvals {
  /**
   * invoke: approve the one call (by the tool's name, so a call that runs code is covered too);
   * shell and mcp: global auto-approve (not alwaysAsk tools, nor calls that run code the model wrote).
   */
  readonly yes: boolean;
  /** Tools that run without asking. */
  readonly allow: readonly string[];
  /** Tools that ask even with --yes. */
  readonly alwaysAsk: readonly string[];
}

export interface CliOptions {
  readonly command: Command;
  readonly request: ResolveRequest;
  /**
   * What named the request's model: `--model`, `--family`, or the config file's "model". Absent: the
   * built-in default, which `toolpacks mcp` replaces with the model of a known MCP client.
   */
  readonly modelChosenBy?: string;
  /** `resolve --compare a,b,c`: the model families to resolve for side by side. */
  readonly compare?: readonly string[];
  /**
   * `resolve --client NAME`: what `toolpacks mcp` sends that client (its clientInfo.name): its profile's tools left
   * out.
   */
  readonly client?: string;
  readonly json: boolean;
  readonly root: string;
  /** What the user trusts of the repository (SECURITY.md): its configured programs, a .git outside the root. */
  readonly trust: { readonly repositoryConfig: boolean; readonly gitDirOutsideRoot: boolean };
  readonly invoke?: {
    readonly tool: string;
    readonly input: unknown;
    /** Set when the input is still to be read (`-`, `@file`): main reads it into `input`. */
    readonly inputFrom?: InvokeInputSource;
    readonly yes: boolean;
    readonly alwaysAsk: readonly string[];
    readonly allow?: readonly string[];
    readonly timeoutMs?: number;
  };
  /** describe: the tool to describe. */
  readonly describe?: { readonly tool: string };
  /** Where each tool and toolset choice came from (a flag or the config file), for the warnings. */
  readonly choiceSources: ChoiceSources;
  /** Packs to load beside (or, without defaultPacks, instead of) the built-in four, in order. */
  readonly packs: readonly PackSpec[];
  readonly defaultPacks: boolean;
  /** The config file's schema dialects (from a repository's own file only when trusted). */
  readonly schemaDialects?: readonly SchemaDialect[];
  /** `--config <file>`: named by the user, so trusted. */
  readonly configPath?: string;
  readonly approvals: Approvals;
  readonly timeoutMs?: number;
  readonly mcp?: {
    readonly http?: { readonly host: string; readonly port: number };
    /** The bearer token HTTP clients must send; without one (and without noToken) `mcp` generates one. */
    readonly token?: string;
    /** `--no-token`: serve loopback HTTP with no token (the person asked for it). */
    readonly noToken?: boolean;
    /** `--serve-all`: also the tools whose job a known client's own tools do. */
    readonly serveAll?: boolean;
  };
  /** shell: `--answers-from-input`: questions read the next input line even when it is not a terminal. */
  readonly shell?: { readonly answersFromInput: boolean };
  /** What the config file asked for and did not get (untrusted packs, approvals): said on stderr. */
  readonly notices: readonly string[];
}
