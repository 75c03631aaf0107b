// What one request enables: the model's candidates through when clauses, the picker and `#`
// references, each in the form it would be sent (with its override's description and schema when
// one runs), and why every other registered tool is not sent, decided where it is decided.
import { notSentEntry, type ModelCandidates } from './modelCandidates';
import type { AdaptedTool } from '../schema/schemaTypes';
import type { ToolEntry } from '../store/toolEntry';
import type { ToolSetGraph } from '../store/toolSetGraph';
import type { ToolStore } from '../store/toolStore';
import type { ContextKeys, Diagnostic, LanguageModelToolInformation } from '../definitions';
import type { NotSentEntry, NotSentReason, ResolvedReason, ResolveRequest } from './resolutionTypes';
import type { GroupableTool } from './virtualTools';

/** A tool this request enables, before grouping decides whether it is sent. */
export interface EnabledTool extends GroupableTool {
  readonly base: ToolEntry;
  readonly implementation: ToolEntry;
  readonly reason: ResolvedReason;
  readonly info: LanguageModelToolInformation;
  readonly cost: number;
  /** Set when the tool is sent changed by the model's dialect. */
  asSent?: AdaptedTool;
  /** For a tool that does several jobs: those enabled in this request. */
  readonly enabledJobs?: readonly string[];
}

/** What one resolution selected: the enabled tools, what is not sent and why, and how to exclude one more. */
export interface Selection {
  readonly enabled: EnabledTool[];
  readonly diagnostics: Diagnostic[];
  readonly notSent: NotSentEntry[];
  readonly exclude: (base: ToolEntry, reason: NotSentReason, detail: string, override?: ToolEntry) => void;
}

/**
 * The tools this request may be sent — model, when clause, selection and references decided — and why each other one
 * is not.
 */
export function selectTools(
  store: ToolStore,
  candidates: ModelCandidates,
  request: ResolveRequest,
  context: ContextKeys,
  graph: ToolSetGraph,
  contextKeyHints: Readonly<Record<string, string>>,
): Selection {
  const diagnostics: Diagnostic[] = [...graph.diagnostics, ...candidates.diagnostics];
  const notSent: NotSentEntry[] = [...candidates.notSent];
  const referenced = expandReferences(store, request.referencedTools ?? [], graph, diagnostics);
  const isSelected = graph.selectionView(request.selection);
  const enabled: EnabledTool[] = [];
  // A base that is not sent takes the override that would have run along, for the same reason.
  const exclude = (
    base: ToolEntry,
    reason: NotSentReason,
    detail: string,
    override = candidates.overrides.get(base.definition.name),
  ) => {
    notSent.push(notSentEntry(base, reason, detail));
    if (override)
      notSent.push(notSentEntry(override, reason, `replaces '${base.definition.name}', which is not sent: ${detail}`));
  };
  for (const base of candidates.bases) {
    if (base.whenError) {
      diagnostics.push({
        severity: 'error',
        code: 'when-invalid',
        message: `${base.whenError} — tool '${base.definition.name}' is not sent.`,
        toolName: base.definition.name,
        packId: base.packId,
      });
      exclude(base, 'when-invalid', base.whenError);
      continue;
    }
    if (!base.isAvailable(context)) {
      exclude(base, 'when', whenFalse(base, context, contextKeyHints));
      continue;
    }
    let isReferenced = referenced.has(base.referenceName) || referenced.has(base.definition.name);
    let selected = isSelected(base.referenceName, base.enabledByDefault);
    // A tool that does several jobs is sent when any of them is on; the call learns which are.
    let enabledJobs: string[] | undefined;
    if (base.definition.replaces) {
      enabledJobs = jobsEnabled(base, isSelected, referenced);
      selected = base.jobs.some((job) => isSelected(job, base.enabledByDefault));
      isReferenced = referenced.has(base.definition.name) || base.jobs.some((job) => referenced.has(job));
    }
    if (!selected && !isReferenced) {
      exclude(base, 'deselected', DESELECTED);
      continue;
    }
    let override = candidates.overrides.get(base.definition.name);
    if (override && !override.isAvailable(context)) {
      notSent.push(
        notSentEntry(
          override,
          override.whenError ? 'when-invalid' : 'when',
          override.whenError ?? whenFalse(override, context, contextKeyHints),
        ),
      );
      override = undefined;
    }
    const reason = !selected ? 'referenced' : override ? 'override' : baseReason(base);
    enabled.push(enabledTool(base, override, reason, isReferenced, graph, enabledJobs));
  }
  return { enabled, diagnostics, notSent, exclude };
}

/** The one place a tool's sent form is built: with its override's description and schema when one runs. */
export function enabledTool(
  base: ToolEntry,
  override: ToolEntry | undefined,
  reason: ResolvedReason,
  pinned: boolean,
  graph: ToolSetGraph | undefined,
  enabledJobs?: readonly string[],
): EnabledTool {
  return {
    enabledJobs,
    name: base.definition.name,
    base,
    implementation: override ?? base,
    reason,
    info: override ? override.info(base) : base.info(),
    cost: override ? override.tokenCost(base) : base.tokenCost(),
    asSent: undefined,
    pinned: pinned || base.core,
    toolSet: graph?.primarySet(base.referenceName),
    packId: base.packId,
  };
}

/** Why a tool with no override is sent: it is general, or this model's variant. */
export function baseReason(base: ToolEntry): ResolvedReason {
  return base.kind === 'model-specific' ? 'model-specific' : 'general';
}

/**
 * The jobs of a tool that does several (`replaces`) that are on: selected, referenced, or all of them when the tool
 * itself is referenced.
 */
export function jobsEnabled(
  base: ToolEntry,
  isSelected: (referenceName: string, enabledByDefault: boolean) => boolean,
  referenced: ReadonlySet<string>,
): string[] {
  const byName = referenced.has(base.definition.name);
  return base.jobs.filter((job) => byName || referenced.has(job) || isSelected(job, base.enabledByDefault));
}

/** Why a tool's when clause keeps it back: the clause, then what each false condition's key means. */
function whenFalse(entry: ToolEntry, context: ContextKeys, contextKeyHints: Readonly<Record<string, string>>): string {
  const hints = (entry.when?.falseKeys(context) ?? [])
    .map((key) => (Object.hasOwn(contextKeyHints, key) ? contextKeyHints[key] : undefined))
    .filter((hint): hint is string => !!hint);
  const clause = `its when clause is false: ${entry.definition.when}`;
  return hints.length ? `${clause} — ${[...new Set(hints)].join('; ')}` : clause;
}

/** The tools `#` references name (a toolset stands for its members); an unknown name is a warning. */
function expandReferences(
  store: ToolStore,
  references: readonly string[],
  graph: ToolSetGraph,
  diagnostics: Diagnostic[],
): Set<string> {
  const result = new Set<string>();
  for (const reference of references) {
    if (graph.has(reference)) for (const tool of graph.expand(reference)) result.add(tool);
    else if (store.entries.has(reference) || store.derived().firstByReference.has(reference)) result.add(reference);
    else
      diagnostics.push({
        severity: 'warning',
        code: 'reference-unknown',
        message: `#${reference} is neither a tool nor a toolset; it is ignored.`,
      });
  }
  return result;
}

const DESELECTED = 'turned off in the tool picker: the tool, or a toolset it is in';
