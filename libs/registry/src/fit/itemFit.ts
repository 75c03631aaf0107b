// Fitting at an item boundary: a result's text and its structured data list the same items, so they
// must stop at the same one, or the offset the text names to go on from would skip or repeat some.

/** How much a result may hold: its text, and its data as JSON (the text's budget when not given). */
export interface FitLimits {
  /** Characters the text may hold. */
  readonly maxChars: number;
  /** Characters the data may take as JSON; the text's when not given. */
  readonly maxJsonChars?: number;
}

/**
 * How the items lie in the data's JSON: `array`, each an element of an array (its JSON and a comma);
 * `lines`, each a line of one string (its escaped characters, and an escaped line feed between two).
 */
export type DataLayout = 'array' | 'lines';

/** How the items lie in the text and in the data of an {@link ItemFit}. */
export interface ItemFitOptions {
  /** How the data holds the items. Default: `array`. */
  readonly data?: DataLayout;
  /** Characters between two items of the text. Default: 1 (a line feed). */
  readonly separator?: number;
  /** Text already used before the first item (a header line); then a separator precedes every item. */
  readonly textBefore?: number;
}

/**
 * Takes items one at a time while both their text and their data still fit, and none after the
 * first that does not: for lists built in a walk (a folder tree) as for arrays ({@link fitTextAndJson}).
 */
export class ItemFit {
  private text: number;
  private data = 0;
  private taken = 0;
  private full = false;
  private readonly maxChars: number;
  private readonly maxJsonChars: number;
  private readonly separator: number;
  private readonly lines: boolean;
  private readonly separateFirst: boolean;

  constructor(limits: FitLimits, options: ItemFitOptions = {}) {
    this.maxChars = limits.maxChars;
    this.maxJsonChars = limits.maxJsonChars ?? limits.maxChars;
    this.separator = options.separator ?? 1;
    this.lines = options.data === 'lines';
    this.text = options.textBefore ?? 0;
    this.separateFirst = options.textBefore !== undefined;
  }

  /** How many items were taken. */
  get kept(): number {
    return this.taken;
  }

  /** An item did not fit: nothing more is taken. */
  get stopped(): boolean {
    return this.full;
  }

  /**
   * Takes the next item if its text (`textChars` long) and its data (`dataChars`: its JSON for
   * `array`, its escaped characters for `lines`) still fit; false, and nothing more taken, if not.
   */
  take(textChars: number, dataChars: number): boolean {
    if (this.full) return false;
    const [text, data] = this.after(textChars, dataChars);
    if (text > this.maxChars || data > this.maxJsonChars) {
      this.full = true;
      return false;
    }
    [this.text, this.data] = [text, data];
    this.taken++;
    return true;
  }

  /**
   * Takes an item whatever its size: the first of a result that must show something, cut by the
   * caller to what is left. Items after it are fitted again as before.
   */
  force(textChars: number, dataChars: number): void {
    [this.text, this.data] = this.after(textChars, dataChars);
    this.taken++;
    this.full = false;
  }

  /** The text and data used once the next item is taken. */
  private after(textChars: number, dataChars: number): [number, number] {
    const first = this.taken === 0;
    const text = this.text + textChars + (first && !this.separateFirst ? 0 : this.separator);
    const data = this.data + dataChars + (this.lines ? (first ? 0 : 2) : 1);
    return [text, data];
  }
}

/**
 * How many items, from the first, fit `maxChars` as text lines (joined by line feeds) and
 * `maxJsonChars` as JSON array items (each with its comma): a result's text and its structured
 * data stop at the same item. Reads only as far as it keeps. May be 0.
 *
 * @param textChars - The length of item `i`'s text line.
 * @param dataChars - The length of item `i`'s JSON.
 */
export function fitTextAndJson(
  count: number,
  maxChars: number,
  maxJsonChars: number,
  textChars: (i: number) => number,
  dataChars: (i: number) => number,
): number {
  const fit = new ItemFit({ maxChars, maxJsonChars });
  while (fit.kept < count && fit.take(textChars(fit.kept), dataChars(fit.kept)));
  return fit.kept;
}

/** What {@link fitSections} kept. */
export interface FittedSections {
  /** The kept sections joined by the separator. */
  readonly text: string;
  /** How many sections, from the first, were kept whole. */
  readonly kept: number;
  /** How many were left out. */
  readonly omitted: number;
}

/**
 * The first sections (files, hunks, matches) that fit whole in `maxChars`, joined by `separator`.
 * A section is never cut in the middle; the first one is, when it alone is over the budget and
 * `cutFirst` is set (so the model sees something), at a line boundary.
 */
export function fitSections(
  sections: readonly string[],
  maxChars: number,
  separator = '\n',
  cutFirst = true,
): FittedSections {
  const kept: string[] = [];
  let used = 0;
  for (const section of sections) {
    const cost = section.length + (kept.length ? separator.length : 0);
    if (used + cost > maxChars) break;
    kept.push(section);
    used += cost;
  }
  if (kept.length === 0 && sections.length > 0 && cutFirst) {
    const first = sections[0];
    const cut = first.lastIndexOf('\n', maxChars);
    return { text: first.slice(0, cut > 0 ? cut : maxChars), kept: 0, omitted: sections.length };
  }
  return { text: kept.join(separator), kept: kept.length, omitted: sections.length - kept.length };
}
