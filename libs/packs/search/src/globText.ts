// Small text helpers for the Gemini CLI search tools: globs rewritten for SearchService (which
// matches case-sensitively), and a one-name glob matcher for list_directory's `ignore`.

const SPECIAL = /[*?[\]{}]/;

/** A file or folder name as a glob that matches only itself: each glob character inside a class (`[*]`). */
export function escapeGlobName(name: string): string {
  return [...name].map((ch) => (SPECIAL.test(ch) ? `[${ch}]` : ch)).join('');
}

/** Letters of a class item, in both cases: `a` → `aA`, `a-f` → `a-fA-F`. */
function bothCases(items: string): string {
  let out = '';
  for (let k = 0; k < items.length; k++) {
    const ch = items[k];
    if (items[k + 1] === '-' && k + 2 < items.length) {
      const end = items[k + 2];
      out += `${ch}-${end}`;
      const lower = /^[a-z]$/.test(ch) && /^[a-z]$/.test(end);
      const upper = /^[A-Z]$/.test(ch) && /^[A-Z]$/.test(end);
      if (lower) out += `${ch.toUpperCase()}-${end.toUpperCase()}`;
      if (upper) out += `${ch.toLowerCase()}-${end.toLowerCase()}`;
      k += 2;
    } else out += ch.toLowerCase() === ch.toUpperCase() ? ch : `${ch.toLowerCase()}${ch.toUpperCase()}`;
  }
  return out;
}

/**
 * The same glob, matching letters in either case: `src/*.TS` → `[sS][rR][cC]/*.[tT][sS]`, and a
 * class's letters in both cases. `*`, `?`, `**`, `/`, `{a,b}` are kept as they are.
 */
export function caseInsensitiveGlob(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) return out + glob.slice(i); // malformed: left for the service to explain
      let set = glob.slice(i + 1, end);
      const negate = set[0] === '!' || set[0] === '^' ? set[0] : '';
      set = set.slice(negate.length);
      out += `[${negate}${bothCases(set)}]`;
      i = end;
    } else if (ch.toLowerCase() !== ch.toUpperCase() && ch.length === 1) {
      out += `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
    } else out += ch;
  }
  return out;
}

/**
 * Whether one name matches a glob of `*` (any run), `?` (one character) and `[...]`/`[!...]`
 * classes; other characters are literal. Linear (two-pointer wildcard matching, no regex).
 */
export function matchesNameGlob(glob: string, name: string): boolean {
  type Token =
    { kind: 'star' } | { kind: 'any' } | { kind: 'char'; ch: string } | { kind: 'class'; test: (c: string) => boolean };
  const tokens: Token[] = [];
  const pattern = [...glob];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (ch === '?') tokens.push({ kind: 'any' });
    else if (ch === '[' && pattern.indexOf(']', i + 2) > 0) {
      const end = pattern.indexOf(']', i + 2);
      let set = pattern.slice(i + 1, end);
      const negate = set[0] === '!' || set[0] === '^';
      if (negate) set = set.slice(1);
      const ranges: [string, string][] = [];
      for (let k = 0; k < set.length; k++) {
        if (set[k + 1] === '-' && k + 2 < set.length) {
          ranges.push([set[k], set[k + 2]]);
          k += 2;
        } else ranges.push([set[k], set[k]]);
      }
      tokens.push({ kind: 'class', test: (c) => ranges.some(([lo, hi]) => c >= lo && c <= hi) !== negate });
      i = end;
    } else tokens.push({ kind: 'char', ch });
  }
  const chars = [...name];
  const same = (token: Token, c: string) =>
    token.kind === 'any' || (token.kind === 'char' && token.ch === c) || (token.kind === 'class' && token.test(c));
  let t = 0;
  let c = 0;
  let star = -1;
  let resume = 0;
  while (c < chars.length) {
    if (t < tokens.length && tokens[t].kind !== 'star' && same(tokens[t], chars[c])) {
      t++;
      c++;
    } else if (t < tokens.length && tokens[t].kind === 'star') {
      star = t++;
      resume = c;
    } else if (star >= 0) {
      t = star + 1;
      c = ++resume;
    } else return false;
  }
  while (t < tokens.length && tokens[t].kind === 'star') t++;
  return t === tokens.length;
}
