// Which `=~` patterns V8's own (backtracking) RegExp runs in linear time, so they need not pay
// re2js's cost (a 50 MB value: seconds on re2js, milliseconds on V8, which is also what VS Code
// runs). A pattern is proven linear when, from any start position, V8 can only try a bounded
// number of ways to match (no unbounded repetition, few alternatives), or when it is anchored at
// the start (`^` without `m`: one start position does the work) and has exactly one unbounded
// repetition, of a single character, outside any repeated group: the loop backs off at most n
// times and each try of the rest is bounded. Anything else (two loops, a loop over a group, a loop
// without the anchor, lookaround, backreferences, the `v` flag) is not proven and goes to re2js.

/** The most ways a pattern may match from one start position and still count as bounded. */
const MAX_PATHS = 256;
/**
 * The most characters one try may walk before it fails, counted repeats multiplied out: `.{100000}x`
 * has one way to match yet walks 100,000 characters from every position (quadratic in the value).
 */
const MAX_WIDTH = 1024;

interface Item {
  readonly atom: Atom;
  readonly min: number;
  readonly max: number;
}
type Atom =
  | { readonly kind: 'char' }
  | { readonly kind: 'assert'; readonly start: boolean }
  | { readonly kind: 'group'; readonly options: Item[][] };

class NotProven extends Error {}

/** True when V8's RegExp runs `pattern` with `flags` in time linear in the value's length. */
export function isLinearOnBacktracking(pattern: string, flags: string): boolean {
  if (flags.includes('v')) return false; // nested classes: not parsed here
  let options: Item[][];
  try {
    const parser = new Parser(pattern);
    options = parser.alternatives();
    if (parser.i !== pattern.length) return false;
  } catch (error) {
    if (error instanceof NotProven) return false;
    throw error;
  }
  if (alternativesWidth(options) > MAX_WIDTH) return false;
  const loops = { count: 0 };
  const paths = alternativesPaths(options, false, loops);
  if (loops.count === undefined || paths > MAX_PATHS) return false;
  if (loops.count === 0) return true;
  const anchored =
    !flags.includes('m') && options.every((items) => items[0]?.atom.kind === 'assert' && items[0].atom.start);
  return loops.count === 1 && anchored;
}

/**
 * An upper bound of the ways `options` can match from one position (a loop counts once: its
 * length is the n of the linear bound). Counts unbounded loops in `loops`; sets it to undefined
 * for a loop that is not over one character or that sits in a repeated group.
 */
function alternativesPaths(options: Item[][], repeated: boolean, loops: { count: number | undefined }): number {
  let sum = 0;
  for (const items of options) {
    let product = 1;
    for (const item of items) product = Math.min(product * itemPaths(item, repeated, loops), MAX_PATHS + 1);
    sum += product;
  }
  return Math.min(sum, MAX_PATHS + 1);
}

function itemPaths(item: Item, repeated: boolean, loops: { count: number | undefined }): number {
  const { atom, min, max } = item;
  if (max === Infinity) {
    if (atom.kind !== 'char' || repeated) loops.count = undefined;
    else if (loops.count !== undefined) loops.count++;
    return 1;
  }
  const inner = atom.kind === 'group' ? alternativesPaths(atom.options, repeated || max > 1, loops) : 1;
  let total = 0;
  for (let k = min, power = inner ** min; k <= max && total <= MAX_PATHS; k++, power *= inner) total += power;
  return Math.min(total, MAX_PATHS + 1);
}

/** The most characters one try of `options` reads, an unbounded loop counted once (its length is the n of the bound). */
function alternativesWidth(options: Item[][]): number {
  let widest = 0;
  for (const items of options) {
    let width = 0;
    for (const { atom, max } of items) {
      const one = atom.kind === 'char' ? 1 : atom.kind === 'group' ? alternativesWidth(atom.options) : 0;
      width += one * (max === Infinity ? 1 : max);
      if (width > MAX_WIDTH) return MAX_WIDTH + 1;
    }
    widest = Math.max(widest, width);
  }
  return widest;
}

class Parser {
  i = 0;
  constructor(private readonly p: string) {}

  alternatives(): Item[][] {
    const options: Item[][] = [this.sequence()];
    while (this.p[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options;
  }

  private sequence(): Item[] {
    const items: Item[] = [];
    while (this.i < this.p.length && this.p[this.i] !== '|' && this.p[this.i] !== ')') {
      const atom = this.atom();
      const quantifier = this.quantifier();
      if (quantifier && atom.kind === 'assert') throw new NotProven(); // a quantified assertion: rare, not analysed
      items.push({ atom, min: quantifier?.min ?? 1, max: quantifier?.max ?? 1 });
    }
    return items;
  }

  private atom(): Atom {
    const ch = this.p[this.i++];
    if (ch === '^' || ch === '$') return { kind: 'assert', start: ch === '^' };
    if (ch === '[') return this.skipClass();
    if (ch === '\\') return this.escape();
    if (ch === '(') {
      const head = /^\?(?::|<(?![=!])[^>]*>)?/.exec(this.p.slice(this.i, this.i + 64))?.[0] ?? '';
      if (head === '?') throw new NotProven(); // lookaround or modifiers
      this.i += head.length;
      const options = this.alternatives();
      if (this.p[this.i++] !== ')') throw new NotProven();
      return { kind: 'group', options };
    }
    return { kind: 'char' }; // a literal, `.`, or Annex B's literal `{` `}` `]`
  }

  private escape(): Atom {
    const ch = this.p[this.i++];
    if (ch === 'b' || ch === 'B') return { kind: 'assert', start: false };
    if (/[1-9k]/.test(ch ?? '')) throw new NotProven(); // a backreference (or Annex B octal)
    const rest = this.p.slice(this.i, this.i + 16);
    const long =
      ch === 'x'
        ? /^[0-9a-fA-F]{2}/.exec(rest)
        : ch === 'u'
          ? /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]+\})/.exec(rest)
          : ch === 'c'
            ? /^[A-Za-z]/.exec(rest)
            : ch === 'p' || ch === 'P'
              ? /^\{[^}]*\}/.exec(rest)
              : null;
    if (long) this.i += long[0].length;
    return { kind: 'char' };
  }

  private skipClass(): Atom {
    while (this.i < this.p.length && this.p[this.i] !== ']') this.i += this.p[this.i] === '\\' ? 2 : 1;
    this.i++;
    return { kind: 'char' };
  }

  private quantifier(): { min: number; max: number } | undefined {
    const ch = this.p[this.i];
    let bound: { min: number; max: number; length: number } | undefined;
    if (ch === '*') bound = { min: 0, max: Infinity, length: 1 };
    else if (ch === '+') bound = { min: 1, max: Infinity, length: 1 };
    else if (ch === '?') bound = { min: 0, max: 1, length: 1 };
    else if (ch === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.p.slice(this.i, this.i + 24));
      if (braces) {
        const min = Number(braces[1]);
        const max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
        bound = { min, max, length: braces[0].length };
      }
    }
    if (!bound) return undefined;
    this.i += bound.length;
    if (this.p[this.i] === '?') this.i++; // lazy: the same paths in another order
    return bound;
  }
}
