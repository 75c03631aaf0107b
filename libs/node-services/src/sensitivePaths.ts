// Files whose contents make tools run code: git hooks and config, editor tasks and settings, the
// project's own approvals. A write there needs the user's confirmation with the diff shown,
// whatever auto-approve says. Matched case-insensitively on the workspace-relative *real* path
// (decided on what was actually opened, so a symlink or a race cannot route around it).
import { globToRegExp } from './glob';

export interface SensitivePathRule {
  /** A glob over the workspace-relative path (`**` for any folders). */
  readonly pattern: string;
  /** Why writing there can make code run: shown to the user. */
  readonly reason: string;
}

export const DEFAULT_SENSITIVE_PATHS: readonly SensitivePathRule[] = [
  { pattern: '**/.git', reason: 'a .git file or folder redirects git to another repository and its config' },
  { pattern: '**/.git/**', reason: 'git config and hooks run programs (core.fsmonitor, filters, hooks/*)' },
  { pattern: '**/.gitattributes', reason: 'attributes select filter, diff and merge drivers that git runs' },
  { pattern: '**/.gitmodules', reason: 'submodule URLs and update commands are fetched and run by git' },
  { pattern: '**/.githooks/**', reason: 'a hooks folder that git runs on commit, checkout and push' },
  { pattern: '**/.husky/**', reason: 'husky hooks run on every git commit and push' },
  {
    pattern: '**/.vscode/settings.json',
    reason: 'editor settings can point tools at programs and enable auto-approval',
  },
  { pattern: '**/.vscode/tasks.json', reason: 'tasks are shell commands the editor runs' },
  { pattern: '**/.vscode/launch.json', reason: 'launch configurations start programs in the debugger' },
  { pattern: '**/.vscode/mcp.json', reason: 'MCP server entries are programs the editor starts' },
  { pattern: '**/*.code-workspace', reason: 'workspace files hold settings, tasks and launch configurations' },
  // The agent clients' project files: MCP servers they start, hooks they run, permissions they grant.
  { pattern: '**/.mcp.json', reason: "MCP server entries are programs Claude Code starts (the project's .mcp.json)" },
  {
    pattern: '**/.claude/settings*.json',
    reason: 'Claude Code settings hold hooks (commands it runs) and permissions that allow tools without asking',
  },
  { pattern: '**/.claude/commands/**', reason: 'Claude Code commands are prompts that can run shell commands' },
  {
    pattern: '**/.gemini/settings.json',
    reason: 'Gemini CLI settings hold MCP servers it starts, tool commands and trust',
  },
  { pattern: '**/.codex/config.toml', reason: 'Codex config holds MCP servers it starts and approval policy' },
  { pattern: '**/.cursor/mcp.json', reason: 'MCP server entries are programs Cursor starts' },
  {
    pattern: '**/.devcontainer/devcontainer.json',
    reason: 'dev container commands (postCreateCommand, …) run on open',
  },
  { pattern: '**/.devcontainer.json', reason: 'dev container commands (postCreateCommand, …) run on open' },
  { pattern: 'toolpacks.config.json', reason: "the tool packs' own configuration, which holds approvals" },
];

export interface SensitivePathsOptions {
  /** Extra rules; a plain string gets a generic reason. */
  readonly add?: readonly (string | SensitivePathRule)[];
  /** Default patterns to drop (exact pattern text). */
  readonly remove?: readonly string[];
}

export class SensitivePaths {
  readonly rules: readonly SensitivePathRule[];
  private readonly compiled: readonly { regex: RegExp; reason: string }[];
  /** Paths the repository's config names (hooks folder, included files): exact, case-folded. */
  private repository: ReadonlyMap<string, string> = new Map();

  constructor(options: SensitivePathsOptions = {}) {
    const removed = new Set(options.remove ?? []);
    const added = (options.add ?? []).map((rule) =>
      typeof rule === 'string' ? { pattern: rule, reason: 'configured as sensitive for this workspace' } : rule,
    );
    this.rules = [...DEFAULT_SENSITIVE_PATHS.filter((rule) => !removed.has(rule.pattern)), ...added];
    this.compiled = this.rules.map((rule) => ({
      regex: new RegExp(globToRegExp(foldCase(rule.pattern)).source),
      reason: rule.reason,
    }));
  }

  /** Replaces the paths learnt from the repository's config (gitConfigSensitivePaths.ts); a folder covers what is below it. */
  setRepositoryPaths(paths: readonly { relative: string; reason: string }[]): void {
    this.repository = new Map(paths.map((p) => [foldCase(p.relative), p.reason]));
  }

  /** Why writing `relative` (workspace-relative, forward slashes) can make code run, or undefined. */
  reason(relative: string): string | undefined {
    const lower = foldCase(relative);
    // A folder being created on the way (`x/.git/y`) is as sensitive as the file itself.
    const parts = lower.split('/');
    for (let end = parts.length; end > 0; end--) {
      const candidate = parts.slice(0, end).join('/');
      const hit = this.compiled.find((rule) => rule.regex.test(candidate))?.reason ?? this.repository.get(candidate);
      if (hit) return `${relative} — ${hit}`;
    }
    return undefined;
  }
}

/**
 * Case folding for case-insensitive volumes: toLowerCase alone leaves `ſ` (long s) and `ı` (dotless
 * i), which such a volume may fold onto `s` and `i` (`.vscode/taſks.json`); upper-casing first
 * maps them to their ASCII letters.
 */
function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase();
}
