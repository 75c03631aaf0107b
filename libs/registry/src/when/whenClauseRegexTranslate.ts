// Translates a JavaScript regex (as V8 reads it without the `u` flag, Annex B syntax) into RE2
// syntax that matches exactly the same strings, so `=~` can run on re2js in linear time. RE2 reads
// several things differently, so nothing is passed through as written:
// - every character is emitted as \x{…} or an explicit class: JS `.` excludes \r, U+2028, U+2029,
//   JS `\s` includes U+00A0, U+FEFF…, JS `[]` matches nothing and `[^]` everything;
// - JS without `u` sees UTF-16 code units, RE2 code points: the value's surrogates are moved to
//   U+F0000+ (one code point each, see mapValue) and the pattern's surrogates with them;
// - JS `i` without `u` maps a letter by toUpperCase, never onto ASCII from outside it (`/k/i` does
//   not match the Kelvin sign, RE2's folding does): ASCII letters become [kK], and a pattern whose
//   case-insensitive part is not ASCII is not translated;
// - only `test()` is asked, so every group becomes (?:…) and laziness is dropped.
// `undefined` means "not translated" (backreferences, lookaround, \p, the `u` flag, non-ASCII
// under `i`, counts over 1000): the caller decides what runs it.

type Ranges = [number, number][];

const SURROGATES: [number, number] = [0xd800, 0xdfff];
const MAPPED_SURROGATE_BASE = 0xf0000;
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const ESCAPED_CONTROLS: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b, f: 0x0c };

class NotTranslatable extends Error {}

export interface Translation {
  readonly re2: string;
  /** The pattern has `^`/`$` under `m`: RE2's line ends are \n only, JS's also \r, U+2028, U+2029. */
  readonly multilineAnchors: boolean;
}

/** The RE2 form of `pattern` with JS `flags` (g and y already dropped), or undefined. */
export function translateToRe2(pattern: string, flags: string): Translation | undefined {
  if (flags.includes('u')) return undefined;
  try {
    return new Translator(pattern, flags).run();
  } catch (error) {
    if (error instanceof NotTranslatable) return undefined;
    throw error;
  }
}

/** The value as the translated pattern reads it: each UTF-16 surrogate becomes one code point. */
export function mapValue(value: string): string {
  return /[\ud800-\udfff]/.test(value)
    ? value.replace(/[\ud800-\udfff]/g, (s) => String.fromCodePoint(MAPPED_SURROGATE_BASE + s.charCodeAt(0) - 0xd800))
    : value;
}

class Translator {
  private i = 0;
  private multilineAnchors = false;
  private readonly ignoreCase: boolean;
  private readonly groups: number;

  constructor(
    private readonly p: string,
    private readonly flags: string,
  ) {
    this.ignoreCase = flags.includes('i');
    this.groups = countCapturingGroups(p);
  }

  run(): Translation {
    let out = '';
    while (this.i < this.p.length) out += this.atom();
    return { re2: out === '' ? '(?:)' : out, multilineAnchors: this.multilineAnchors };
  }

  private atom(): string {
    const ch = this.p[this.i++];
    switch (ch) {
      case '\\':
        return this.escape();
      case '[':
        return this.charClass();
      case '.':
        return emit(this.flags.includes('s') ? [[0, 0xffff]] : complement(LINE_TERMINATORS));
      case '^':
      case '$':
        if (this.flags.includes('m')) this.multilineAnchors = true;
        return this.flags.includes('m') ? `(?m:${ch})` : ch;
      case '(':
        if (this.p[this.i] !== '?') return '(?:';
        if (this.p[this.i + 1] === ':') return ((this.i += 2), '(?:');
        if (this.p[this.i + 1] === '<' && this.p[this.i + 2] !== '=' && this.p[this.i + 2] !== '!')
          return ((this.i = this.p.indexOf('>', this.i) + 1), '(?:');
        throw new NotTranslatable(); // lookahead, lookbehind
      case ')':
      case '|':
        return ch;
      case '*':
      case '+':
      case '?':
        return this.lazy(ch);
      case '{': {
        const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.p.slice(this.i - 1, this.i + 40));
        if (!braces) return this.literal(0x7b); // Annex B: a `{` that is no quantifier is itself
        if (Number(braces[1]) > 1000 || (braces[3] !== undefined && braces[3] !== '' && Number(braces[3]) > 1000))
          throw new NotTranslatable(); // RE2's limit
        this.i += braces[0].length - 1;
        return this.lazy(braces[0]);
      }
      default:
        return this.literal(ch.charCodeAt(0));
    }
  }

  private lazy(quantifier: string): string {
    if (this.p[this.i] === '?') this.i++; // only test() is asked: lazy and greedy agree
    return quantifier;
  }

  private literal(unit: number): string {
    return emit(this.caseless([[unit, unit]]));
  }

  private escape(): string {
    const set = this.classEscape(false);
    if (set) return emit(set);
    const ch = this.p[this.i];
    if (ch === 'b' || ch === 'B') return (this.i++, `\\${ch}`); // both ASCII word boundaries without `u`
    if (/[1-9]/.test(ch)) {
      const digits = /^\d+/.exec(this.p.slice(this.i))![0];
      if (Number(digits) <= this.groups) throw new NotTranslatable(); // a backreference
      if (/^[0-7]/.test(digits)) throw new NotTranslatable(); // Annex B octal: rare, left to the fallback
    }
    if (ch === 'k' && /\(\?<[^=!]/.test(this.p)) throw new NotTranslatable(); // a named backreference
    return this.literal(this.characterEscape());
  }

  /** `\d \D \w \W \s \S` as ranges, or undefined (then nothing is consumed). */
  private classEscape(inClass: boolean): Ranges | undefined {
    const ch = this.p[this.i];
    const base =
      ch === 'd' || ch === 'D' ? DIGIT : ch === 'w' || ch === 'W' ? WORD : ch === 's' || ch === 'S' ? SPACE : undefined;
    if (!base) return inClass && ch === 'b' ? (this.i++, [[8, 8]]) : undefined;
    this.i++;
    return ch === ch.toUpperCase() ? complement(base) : base;
  }

  /** One character from an escape (the backslash is consumed): its UTF-16 code unit. */
  private characterEscape(): number {
    const ch = this.p[this.i++];
    if (ch in ESCAPED_CONTROLS) return ESCAPED_CONTROLS[ch];
    if (ch === '0' && !/[0-9]/.test(this.p[this.i] ?? '')) return 0;
    if (ch === 'c' && /[A-Za-z]/.test(this.p[this.i] ?? '')) return this.p.charCodeAt(this.i++) % 32;
    if (ch === 'x' && /^[0-9a-fA-F]{2}/.test(this.p.slice(this.i, this.i + 2)))
      return ((this.i += 2), parseInt(this.p.slice(this.i - 2, this.i), 16));
    if (ch === 'u' && /^[0-9a-fA-F]{4}/.test(this.p.slice(this.i, this.i + 4)))
      return ((this.i += 4), parseInt(this.p.slice(this.i - 4, this.i), 16));
    if (ch === 'p' || ch === 'P' || /[0-9]/.test(ch)) throw new NotTranslatable();
    return ch.charCodeAt(0); // Annex B identity escape: `\-`, `\/`, `\c` alone, `\x` without digits
  }

  private charClass(): string {
    const negated = this.p[this.i] === '^';
    if (negated) this.i++;
    let set: Ranges = [];
    while (this.p[this.i] !== ']') {
      const first = this.classAtom();
      if (this.p[this.i] === '-' && this.p[this.i + 1] !== ']' && this.i + 1 < this.p.length) {
        this.i++;
        const second = this.classAtom();
        // Annex B: a class escape at either end makes the `-` literal.
        if (first.length === 1 && second.length === 1 && first[0][0] === first[0][1] && second[0][0] === second[0][1])
          set.push([first[0][0], second[0][0]]);
        else set.push(...first, [0x2d, 0x2d], ...second);
      } else set.push(...first);
    }
    this.i++;
    set = this.caseless(set);
    return emit(negated ? complement(set) : set);
  }

  private classAtom(): Ranges {
    const ch = this.p[this.i++];
    if (ch !== '\\') return [[ch.charCodeAt(0), ch.charCodeAt(0)]];
    const set = this.classEscape(true);
    if (set) return set;
    if (this.p[this.i] === 'c' && /[0-9_]/.test(this.p[this.i + 1] ?? ''))
      return ((this.i += 2), [[this.p.charCodeAt(this.i - 1) % 32, this.p.charCodeAt(this.i - 1) % 32]]); // Annex B in a class
    if (/[0-9]/.test(this.p[this.i]) && this.p[this.i] !== '0') throw new NotTranslatable(); // octal in a class
    const unit = this.characterEscape();
    return [[unit, unit]];
  }

  /** Under `i`: ASCII letters with their other case; anything non-ASCII is not translated. */
  private caseless(set: Ranges): Ranges {
    if (!this.ignoreCase) return set;
    const out: Ranges = [...set];
    for (const [lo, hi] of set) {
      if (hi >= 0x80 && hasCase(lo, hi)) throw new NotTranslatable();
      for (const [a, z, shift] of [
        [0x41, 0x5a, 32],
        [0x61, 0x7a, -32],
      ]) {
        const from = Math.max(lo, a);
        const to = Math.min(hi, z);
        if (from <= to) out.push([from + shift, to + shift]);
      }
    }
    return out;
  }
}

function hasCase(lo: number, hi: number): boolean {
  for (let c = Math.max(lo, 0x80); c <= hi; c++) {
    const s = String.fromCharCode(c);
    if (s.toUpperCase() !== s || s.toLowerCase() !== s) return true;
  }
  return false;
}

function countCapturingGroups(p: string): number {
  let count = 0;
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '\\') i++;
    else if (p[i] === '[') for (i++; i < p.length && p[i] !== ']'; i++) i += p[i] === '\\' ? 1 : 0;
    else if (p[i] === '(' && (p[i + 1] !== '?' || (p[i + 2] === '<' && p[i + 3] !== '=' && p[i + 3] !== '!'))) count++;
  }
  return count;
}

/** Sorted, merged ranges over the UTF-16 code units. */
function normalise(set: Ranges): Ranges {
  const sorted = [...set].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [lo, hi] of normalise(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

/** An RE2 class for a set of code units, surrogates moved to U+F0000+ like the value's. */
function emit(set: Ranges): string {
  const parts: string[] = [];
  for (const [lo, hi] of normalise(set)) {
    for (const [a, b] of splitAtSurrogates(lo, hi)) parts.push(a === b ? hex(a) : `${hex(a)}-${hex(b)}`);
  }
  return parts.length === 0 ? '[^\\x{0}-\\x{10FFFF}]' : `[${parts.join('')}]`;
}

function splitAtSurrogates(lo: number, hi: number): [number, number][] {
  const [s0, s1] = SURROGATES;
  const out: [number, number][] = [];
  if (lo < s0) out.push([lo, Math.min(hi, s0 - 1)]);
  const from = Math.max(lo, s0);
  const to = Math.min(hi, s1);
  if (from <= to) out.push([MAPPED_SURROGATE_BASE + from - s0, MAPPED_SURROGATE_BASE + to - s0]);
  if (hi > s1) out.push([Math.max(lo, s1 + 1), hi]);
  return out;
}

const hex = (c: number) => `\\x{${c.toString(16)}}`;
