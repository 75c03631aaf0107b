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

export function modelCandidates(store: ToolStore, model: ModelInfo): ModelCandidates {
  const diagnostics: Diagnostic[] = [];
  const notSent: NotSentEntry[] = [];
  // One pass in load order: the variants of each toolReferenceName compete by bestMatch's rule.
  const variants = new Map<string, BestMatch<ToolEntry>>();
  for (const entry of store.entries.values()) {
    if (entry.kind === 'override') continue;
    const score = matchSpecificity(entry.definition.models, model);
    if (score < 0) {
      notSent.push(notSentEntry(entry, 'model', `only for ${entry.selectors}`));
      continue;
    }
    const match = variants.get(entry.referenceName);
    if (match) match.offer(entry, score);
    else variants.set(entry.referenceName, new BestMatch(entry, score));
  }
  const bases: ToolEntry[] = [];
  for (const { winner, tied, losers } of variants.values()) {
    bases.push(winner);
    for (const loser of losers ?? [])
      notSent.push(
        notSentEntry(
          loser,
          'variant',
          `'${winner.definition.name}' (${winner.selectors}) is the variant for this model`,
        ),
      );
    if (tied)
      diagnostics.push({
        severity: 'warning',
        code: 'variant-tie',
        message: `Tools '${winner.definition.name}' and '${tied.definition.name}' share toolReferenceName '${winner.referenceName}' and match model '${model.id}' equally; '${winner.definition.name}' (loaded first) is used.`,
        toolName: winner.definition.name,
      });
  }
  bases.sort((a, b) => a.seq - b.seq);

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
          `overrides '${baseName}'; '${winner.definition.name}' wins for this model (closer selectors, or loaded first)`,
        ),
      );
    const base = store.entries.get(baseName);
    if (!base) {
      diagnostics.push({
        severity: 'warning',
        code: 'override-base-missing',
        message: `Override '${winner.definition.name}' targets '${baseName}', which is not registered; the override is inert.`,
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
        message: `Overrides '${winner.definition.name}' and '${tied.definition.name}' of '${baseName}' match model '${model.id}' equally (${describeSelectors(winner.definition.models)}); '${winner.definition.name}' (loaded first) is used.`,
        toolName: baseName,
      });
    overrides.set(baseName, winner);
  }
  return { bases, overrides, diagnostics, notSent };
}
