// The one rule for tools competing for one model (variants of a toolReferenceName, overrides of a
// tool): the most specific match wins; on a tie the first in load order wins and the tie is reported.
export class BestMatch<T> {
  /** The first other item that matched exactly as well as the winner, if any. */
  tied?: T;
  /** Every other item that matched and lost; allocated only when there is a contest. */
  losers?: T[];

  /** Starts with the first matching item (score ≥ 0); offer the others in load order. */
  constructor(
    public winner: T,
    private score: number,
  ) {}

  offer(item: T, score: number): void {
    if (score > this.score) {
      (this.losers ??= []).push(this.winner);
      [this.winner, this.score, this.tied] = [item, score, undefined];
    } else {
      (this.losers ??= []).push(item);
      if (score === this.score) this.tied ??= item;
    }
  }
}

/** `score` is -1 for an item that does not match; `items` come in load order. */
export function bestMatch<T>(items: Iterable<T>, score: (item: T) => number): BestMatch<T> | undefined {
  let match: BestMatch<T> | undefined;
  for (const item of items) {
    const s = score(item);
    if (s < 0) continue;
    if (match) match.offer(item, s);
    else match = new BestMatch(item, s);
  }
  return match;
}
