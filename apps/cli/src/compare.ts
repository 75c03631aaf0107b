// `toolpacks resolve --compare a,b,c`: one request resolved for several model families side by side.
// One row per job (a toolReferenceName: read_file, edit_file, grep_search…) and one column per
// family, each cell the tool that family is sent for the job; then what each family is not sent
// that another one is (model selectors, variants, overrides, the tool limit) and why, in the
// registry's words. What no family is sent (when clauses, choices) is named once.
import type {
  Diagnostic,
  ModelInfo,
  NotSentEntry,
  ResolvedToolEntry,
  ResolvedToolSet,
  ResolveRequest,
  ToolRegistry,
} from '@toolpacks/registry/host';
import { renderTable } from './table';

/**
 * The model `--compare` resolves for: the request's vendor and tool limit, the family as id, family and version (as
 * `--family` does).
 */
export function compareModel(base: ModelInfo, family: string): ModelInfo {
  return {
    id: family,
    vendor: base.vendor,
    family,
    version: family,
    ...(base.maxTools !== undefined ? { maxTools: base.maxTools } : {}),
  };
}

/** The tool one family is sent for one job: its name as sent, and the group it waits in when it is not sent yet. */
export interface JobTool {
  readonly name: string;
  readonly sent: boolean;
  readonly group?: string;
  /** For an override: the tool whose implementation runs under this name. */
  readonly implementation?: string;
}

export interface Comparison {
  readonly families: readonly { readonly family: string; readonly resolved: ResolvedToolSet }[];
  /** Every job some family has a tool for, in first-seen order. */
  readonly jobs: readonly { readonly job: string; readonly tools: readonly (JobTool | undefined)[] }[];
  /**
   * Per family (same order), the tools not sent to it that another family is sent or for a reason of its own (model,
   * variant, override, limit).
   */
  readonly notSent: readonly (readonly NotSentEntry[])[];
  /** Tools not sent to any family, for the same reason (when clauses, choices). */
  readonly notSentToAny: readonly NotSentEntry[];
}

/** The jobs an entry does: its own toolReferenceName, and for a tool that does several, the jobs enabled for it. */
function jobsOf(entry: ResolvedToolEntry): readonly string[] {
  // `enabledJobs` belongs to tools that replace several general ones (a vendor's native editor).
  const several = (entry as { enabledJobs?: readonly string[] }).enabledJobs ?? [];
  return [entry.toolReferenceName, ...several.filter((job) => job !== entry.toolReferenceName)];
}

export function compareFamilies(
  registry: ToolRegistry,
  request: ResolveRequest,
  families: readonly string[],
): Comparison {
  const resolutions = families.map((family) => ({
    family,
    resolved: registry.resolve({ ...request, model: compareModel(request.model, family) }),
  }));
  const order: string[] = [];
  const seen = new Set<string>();
  const note = (job: string) => {
    if (seen.has(job)) return;
    seen.add(job);
    order.push(job);
  };
  const byJob = resolutions.map(({ resolved }) => {
    const tools = new Map<string, JobTool>();
    for (const entry of resolved.entries)
      for (const job of jobsOf(entry)) {
        note(job);
        // A job's own tool (its toolReferenceName) beats a tool that also does it.
        if (tools.has(job) && job !== entry.toolReferenceName) continue;
        tools.set(job, {
          name: entry.sentName ?? entry.name,
          sent: entry.sent,
          ...(entry.group ? { group: entry.group } : {}),
          ...(entry.reason === 'override' ? { implementation: entry.implementationName } : {}),
        });
      }
    return tools;
  });

  const key = (e: NotSentEntry) => `${e.name}\u0000${e.reason}\u0000${e.detail}`;
  const everywhere = resolutions
    .map(({ resolved }) => new Set(resolved.notSent.map(key)))
    .reduce((all, set) => new Set([...all].filter((k) => set.has(k))));
  const first = resolutions[0]?.resolved.notSent ?? [];
  return {
    families: resolutions,
    jobs: order.map((job) => ({ job, tools: byJob.map((tools) => tools.get(job)) })),
    notSent: resolutions.map(({ resolved }) => resolved.notSent.filter((e) => !everywhere.has(key(e)))),
    notSentToAny: first.filter((e) => everywhere.has(key(e))),
  };
}

function cell(tool: JobTool | undefined): string {
  if (!tool) return '-';
  const notes = [
    ...(tool.implementation ? [`override: ${tool.implementation}`] : []),
    ...(tool.sent ? [] : [`in ${tool.group ?? 'a group'}`]),
  ];
  return notes.length ? `${tool.name} (${notes.join(', ')})` : tool.name;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function comparisonText(comparison: Comparison): string {
  const { families } = comparison;
  const out: string[] = [];
  const vendor = families[0]?.resolved.model?.vendor;
  out.push(
    `The tool each family is sent for each job (toolReferenceName)${vendor ? `, vendor ${vendor}` : ''}; - is none:`,
  );
  out.push(
    families
      .map(
        ({ family, resolved }) =>
          `  ${family}: ${plural(resolved.tools.length, 'tool')} sent, about ${resolved.estimatedTokens} tokens of ` +
          `definitions`,
      )
      .join('\n'),
  );
  out.push('');
  out.push(
    renderTable(
      ['JOB', ...families.map((f) => f.family)],
      comparison.jobs.map(({ job, tools }) => [job, ...tools.map(cell)]),
    ),
  );
  const rows = families.flatMap(({ family }, i) =>
    comparison.notSent[i].map((e) => [family, e.name, e.reason, e.detail]),
  );
  if (rows.length) {
    out.push('', 'Not sent to some of them:');
    out.push(renderTable(['FAMILY', 'TOOL', 'WHY NOT', 'DETAIL'], rows));
  }
  if (comparison.notSentToAny.length)
    out.push(
      '',
      `Not sent to any of them: ${comparison.notSentToAny.map((e) => `${e.name} (${e.reason})`).join(', ')}. ` +
        `\`toolpacks resolve --family <family>\` explains each.`,
    );
  const diagnostics = uniqueDiagnostics(families.map((f) => f.resolved));
  if (diagnostics.length) {
    out.push('', 'Diagnostics:');
    for (const d of diagnostics) out.push(`  ${d.severity} ${d.code}: ${d.message}`);
  }
  return out.join('\n');
}

export function comparisonJson(comparison: Comparison) {
  const { families } = comparison;
  return {
    families: families.map(({ family, resolved }) => ({
      family,
      model: resolved.model,
      tools: resolved.tools.map((t) => t.name),
      estimatedTokens: resolved.estimatedTokens,
    })),
    jobs: comparison.jobs.map(({ job, tools }) => ({
      job,
      tools: Object.fromEntries(families.map(({ family }, i) => [family, tools[i] ?? null])),
    })),
    notSent: Object.fromEntries(families.map(({ family }, i) => [family, comparison.notSent[i]])),
    notSentToAny: comparison.notSentToAny,
    diagnostics: uniqueDiagnostics(families.map((f) => f.resolved)),
  };
}

function uniqueDiagnostics(sets: readonly ResolvedToolSet[]): Diagnostic[] {
  const seen = new Set<string>();
  return sets
    .flatMap((s) => s.diagnostics)
    .filter((d) => {
      const k = JSON.stringify(d);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}
