// How a resolution reads to a person, one way for every host (the CLI, VS Code's "Show Resolved Tools").
import type { ResolvedGroup, ResolvedToolEntry, ResolvedToolSet } from './resolutionTypes';
import { SEARCH_TOOLS_NAME } from '../definitions';

/** Why a tool is in the set: `general`, `override (gemini_grep)`, `in group activate_git`, … */
export function describeReason(entry: ResolvedToolEntry): string {
  const reason = entry.reason === 'override' ? `override (${entry.implementationName})` : entry.reason;
  if (!entry.group) return reason;
  if (entry.group === SEARCH_TOOLS_NAME) return `reached through ${SEARCH_TOOLS_NAME}`;
  return entry.sent ? `${reason}, in group ${entry.group}` : `in group ${entry.group}`;
}

/** An activation tool's line: how many tools it stands for, and whether they are sent now. */
export function describeGroup(group: ResolvedGroup): string {
  return `group of ${group.tools.length}${group.expanded ? ', expanded' : ''}`;
}

/** The search tool's line in a resolution's table. */
export interface SearchLine {
  /** The name it is sent under. */
  readonly name: string;
  /** Why it is sent: how many tools only it reaches. */
  readonly why: string;
  /** The tools only it reaches, in the set's order. */
  readonly tools: readonly string[];
}

/** The search tool's line, when the set offers one: how many tools only it reaches, and which. */
export function describeSearch(resolved: ResolvedToolSet): SearchLine | undefined {
  const name = Object.keys(resolved.toolKinds).find((sent) => resolved.toolKinds[sent] === 'search');
  if (name === undefined) return undefined;
  const reachable = resolved.entries.filter((e) => e.group === SEARCH_TOOLS_NAME && !e.sent).map((e) => e.name);
  const why = `search over ${reachable.length} tool${reachable.length === 1 ? '' : 's'} not sent`;
  return { name, why, tools: reachable };
}
