// What one model can get at one registry version, whatever the request: the variant chosen per
// toolReferenceName, the override chosen per tool, and the tools this model never gets (another
// model's tools, beaten variants, overrides that replace nothing here), each with its reason.
import { bestMatch, BestMatch } from '../bestMatch';
import { matchSpecificity, describeSelectors } from '../modelSelector';
import type { ToolEntry } from '../store/toolEntry';
import type { ToolStore } from '../store/toolStore';
import type { Diagnostic, ModelInfo } from '../definitions';
import type { NotSentEntry, NotSentReason } from './resolutionTypes';

export interface ModelCandidates {
  /** The chosen variant of each toolReferenceName that matches the model, in load order. */
  readonly bases: readonly ToolEntry[];
  /** Base tool name → the override whose implementation replaces it for this model. */
  readonly overrides: ReadonlyMap<string, ToolEntry>;
  readonly diagnostics: readonly Diagnostic[];
  readonly notSent: readonly NotSentEntry[];
}

/** The override of `baseName` for this model (the one rule of bestMatch), if any matches. */
export function overrideFor(store: ToolStore, baseName: string, model: ModelInfo): BestMatch<ToolEntry> | undefined {
  const overrides = store.overridesByBase.get(baseName);
  return overrides && bestMatch(overrides, (o) => matchSpecificity(o.definition.models, model));
}

export function notSentEntry(tool: ToolEntry, reason: NotSentReason, detail: string): NotSentEntry {
  return { name: tool.definition.name, toolReferenceName: tool.referenceName, packId: tool.packId, reason, detail };
}

/** Why a tool that does several jobs is not sent: the tool that beat it for one, and whether only load order did. */
interface Withdrawal {
  readonly winner: ToolEntry;
  readonly tie: boolean;
}

/**
 * The variants of each job (toolReferenceName) compete by bestMatch's rule. A tool that does several
 * jobs (`replaces`) competes in each and must win every one: where it loses one, it withdraws from
 * all, and those jobs go to the next best variant (a general tool, or another pack's native tool).
 */
function competeForJobs(
  store: ToolStore,
  model: ModelInfo,
  notSent: NotSentEntry[],
): { variants: Map<string, BestMatch<ToolEntry>>; withdrawn: Map<ToolEntry, Withdrawal> } {
  const scored: { entry: ToolEntry; score: number }[] = [];
  let severalJobs = false;
  for (const entry of store.entries.values()) {
    if (entry.kind === 'override') continue;
    const score = matchSpecificity(entry.definition.models, model);
    if (score < 0) notSent.push(notSentEntry(entry, 'model', `only for ${entry.selectors}`));
    else {
      scored.push({ entry, score });
      severalJobs ||= entry.definition.replaces !== undefined;
    }
  }
  const withdrawn = new Map<ToolEntry, Withdrawal>();
  for (;;) {
    const variants = new Map<string, BestMatch<ToolEntry>>();
    const offer = (job: string, entry: ToolEntry, score: number) => {
      const match = variants.get(job);
      if (match) match.offer(entry, score);
      else variants.set(job, new BestMatch(entry, score));
    };
    for (const { entry, score } of scored) {
      if (withdrawn.has(entry)) continue;
      // Most tools do one job: offered under their reference name, with no list built per tool.
      const jobs = entry.definition.replaces;
      if (jobs) for (const job of jobs) offer(job, entry, score);
      else offer(entry.referenceName, entry, score);
    }
    if (!severalJobs) return { variants, withdrawn };
    // Losers this round; a winner that may itself withdraw must not take another tool down with it,
    // so only tools beaten by a settled winner (one job, or every one of its jobs won) withdraw now.
    const losing: { entry: ToolEntry; match: BestMatch<ToolEntry> }[] = [];
    for (const { entry } of scored) {
      if (withdrawn.has(entry) || entry.definition.replaces === undefined) continue;
      const lost = entry.jobs.find((job) => variants.get(job)!.winner !== entry);
      if (lost !== undefined) losing.push({ entry, match: variants.get(lost)! });
    }
    if (losing.length === 0) return { variants, withdrawn };
    const settledWinner = (winner: ToolEntry) => winner.jobs.every((job) => variants.get(job)!.winner === winner);
    const now = losing.some(({ match }) => settledWinner(match.winner))
      ? losing.filter(({ match }) => settledWinner(match.winner))
      : losing;
    for (const { entry, match } of now) withdrawn.set(entry, { winner: match.winner, tie: match.tied === entry });
  }
}

/** What one model's candidates record beside the tools: diagnostics, and why a tool is not sent. */
interface CandidateRecord {
  readonly diagnostics: Diagnostic[];
  readonly notSent: NotSentEntry[];
}

export function modelCandidates(store: ToolStore, model: ModelInfo): ModelCandidates {
  const record: CandidateRecord = { diagnostics: [], notSent: [] };
  const { variants, withdrawn } = competeForJobs(store, model, record.notSent);
  const bases = chosenBases(variants, withdrawn, model, record);
  const overrides = chosenOverrides(store, model, variants, record);
  return { bases, overrides, diagnostics: record.diagnostics, notSent: record.notSent };
}

/** The winner of each job, once each, in load order; each loser and each withdrawn tool says why. */
function chosenBases(
  variants: ReadonlyMap<string, BestMatch<ToolEntry>>,
  withdrawn: ReadonlyMap<ToolEntry, Withdrawal>,
  model: ModelInfo,
  { diagnostics, notSent }: CandidateRecord,
): ToolEntry[] {
  for (const [entry, { winner, tie }] of withdrawn) {
    notSent.push(
      notSentEntry(
        entry,
        'variant',
        `'${winner.definition.name}' (${winner.selectors}) ` +
          `${tie ? 'matches this model as well and was loaded first' : 'fits this model better'} for one of its ` +
          `jobs, and a tool that does several jobs is sent only when it wins them all`,
      ),
    );
    if (tie)
      diagnostics.push({
        severity: 'warning',
        code: 'variant-tie',
        message:
          `Tools '${winner.definition.name}' and '${entry.definition.name}' do the same jobs and match model ` +
          `'${model.id}' equally; '${winner.definition.name}' (loaded first) is used.`,
        toolName: winner.definition.name,
      });
  }
  const bases: ToolEntry[] = [];
  const seen = new Set<ToolEntry>();
  for (const [job, { winner, tied, losers }] of variants) {
    if (!seen.has(winner)) {
      seen.add(winner);
      bases.push(winner);
    }
    const severalJobs = winner.definition.replaces !== undefined;
    for (const loser of losers ?? [])
      notSent.push(
        notSentEntry(
          loser,
          'variant',
          severalJobs
            ? `replaced for ${winner.selectors} by '${winner.definition.name}', which does '${job}' for this model`
            : `'${winner.definition.name}' (${winner.selectors}) is the variant for this model`,
        ),
      );
    if (tied)
      diagnostics.push({
        severity: 'warning',
        code: 'variant-tie',
        message:
          `Tools '${winner.definition.name}' and '${tied.definition.name}' both do '${job}' and match model ` +
          `'${model.id}' equally; '${winner.definition.name}' (loaded first) is used.`,
        toolName: winner.definition.name,
      });
  }
  bases.sort((a, b) => a.seq - b.seq);
  return bases;
}

/** Base tool name → the override whose implementation replaces it for this model; the others say why not. */
function chosenOverrides(
  store: ToolStore,
  model: ModelInfo,
  variants: ReadonlyMap<string, BestMatch<ToolEntry>>,
  { diagnostics, notSent }: CandidateRecord,
): Map<string, ToolEntry> {
  const overrides = new Map<string, ToolEntry>();
  for (const [baseName, list] of store.overridesByBase) {
    const match = overrideFor(store, baseName, model);
    for (const other of list)
      if (matchSpecificity(other.definition.models, model) < 0)
        notSent.push(notSentEntry(other, 'override', `overrides '${baseName}' for ${other.selectors}`));
    if (!match) continue;
    const { winner, tied, losers } = match;
    for (const loser of losers ?? [])
      notSent.push(
        notSentEntry(
          loser,
          'override',
          `overrides '${baseName}'; '${winner.definition.name}' wins for this model (closer selectors, or loaded ` +
            `first)`,
        ),
      );
    const base = store.entries.get(baseName);
    if (!base) {
      diagnostics.push({
        severity: 'warning',
        code: 'override-base-missing',
        message:
          `Override '${winner.definition.name}' targets '${baseName}', which is not registered; the override is ` +
          `inert.`,
        toolName: winner.definition.name,
        packId: winner.packId,
      });
      notSent.push(notSentEntry(winner, 'override', `overrides '${baseName}', which is not registered`));
      continue;
    }
    if (variants.get(base.referenceName)?.winner !== base) {
      notSent.push(notSentEntry(winner, 'override', `overrides '${baseName}', which this model does not get`));
      continue;
    }
    if (tied)
      diagnostics.push({
        severity: 'warning',
        code: 'override-tie',
        message:
          `Overrides '${winner.definition.name}' and '${tied.definition.name}' of '${baseName}' match model ` +
          `'${model.id}' equally (${describeSelectors(winner.definition.models)}); '${winner.definition.name}' ` +
          `(loaded first) is used.`,
        toolName: baseName,
      });
    overrides.set(baseName, winner);
  }
  return overrides;
}
