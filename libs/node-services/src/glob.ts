// Globs over workspace-relative paths, gitignore-style like ripgrep's --glob: a pattern without a
// slash matches a file name at any depth (`*.ts`), one with a slash matches the whole path
// (`src/**/*.ts`). Supports `**`, `*`, `?`, `[...]`, `[!...]` and `{a,b}`.
//
// Matching never backtracks exponentially (a regex does: `*a*a*a*a*a*a*a*Q` against a long name
// took V8 40 s): braces are expanded up front (deduplicated, bounded), each path segment is matched
// with the two-pointer wildcard algorithm (O(name × segment)), and `**` is the same algorithm one
// level up, over segments. `createGlobMatcher` is self-contained (no imports, no outer names) so
// the scanner worker can run the very same code from its source text.

export interface GlobSyntax {
  /** `{a,b}` alternatives (default true; git's ignore patterns have none). */
  readonly braces?: boolean;
  /** `\x` means a literal x (default false: a backslash is a character, as in VS Code's globs). */
  readonly escapes?: boolean;
}

/** Returns a matcher, or throws an Error whose message explains the malformed glob. */
export function createGlobMatcher(glob: string, syntax: GlobSyntax = {}): (relativePath: string) => boolean {
  const MAX_ALTERNATIVES = 256;
  const braces = syntax.braces !== false;
  const escapes = syntax.escapes === true;
  let pattern = escapes ? String(glob) : String(glob).trim();
  pattern = pattern.replace(/^\.\//, '').replace(/^\//, '');
  if (pattern === '') throw new Error('The glob pattern is empty.');
  const anyDepth = !pattern.replace(/\/$/, '').includes('/');
  if (pattern.endsWith('/')) pattern += '**';

  // `{a,{b,c}}` → ['a', 'b', 'c']; duplicates merged at every step, so `{*,*}{*,*}…` stays one.
  const expand = (text: string): string[] => {
    let open = -1;
    for (let i = 0; i < text.length && braces; i++) {
      if (escapes && text[i] === '\\') i++;
      else if (text[i] === '[') {
        const end = text.indexOf(']', i + 2);
        if (end < 0) throw new Error(`Unclosed '[' in glob '${glob}'.`);
        i = end;
      } else if (text[i] === '{') {
        open = i;
        break;
      }
    }
    if (open < 0) return [text];
    let depth = 0;
    let close = -1;
    const commas: number[] = [];
    for (let i = open; i < text.length; i++) {
      if (escapes && text[i] === '\\') i++;
      else if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        close = i;
        break;
      } else if (text[i] === ',' && depth === 1) commas.push(i);
    }
    if (close < 0) throw new Error(`Unclosed '{' in glob '${glob}'.`);
    const bounds = [open, ...commas, close];
    const options: string[] = [];
    for (let k = 0; k + 1 < bounds.length; k++) options.push(text.slice(bounds[k] + 1, bounds[k + 1]));
    const head = text.slice(0, open);
    const results = new Set<string>();
    for (const tail of expand(text.slice(close + 1))) {
      for (const option of options) {
        for (const inner of expand(option)) {
          results.add(head + inner + tail);
          if (results.size > MAX_ALTERNATIVES)
            throw new Error(
              `The glob '${glob.length > 200 ? `${glob.slice(0, 200)}…` : glob}' expands to more than ${MAX_ALTERNATIVES} alternatives; use fewer {…} groups.`,
            );
        }
      }
    }
    return [...results];
  };

  type Token =
    | { kind: 'char'; ch: string }
    | { kind: 'any' }
    | { kind: 'star' }
    | { kind: 'class'; negate: boolean; items: string[] };
  const compileSegment = (segment: string): Token[] => {
    const tokens: Token[] = [];
    for (let i = 0; i < segment.length; i++) {
      const ch = segment[i];
      if (escapes && ch === '\\' && i + 1 < segment.length) tokens.push({ kind: 'char', ch: segment[++i] });
      else if (ch === '*') {
        if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
      } else if (ch === '?') tokens.push({ kind: 'any' });
      else if (ch === '[') {
        const end = segment.indexOf(']', i + 2);
        if (end < 0) throw new Error(`Unclosed '[' in glob '${glob}'.`);
        let set = segment.slice(i + 1, end);
        const negate = set[0] === '!' || set[0] === '^';
        if (negate) set = set.slice(1);
        const items: string[] = [];
        for (let k = 0; k < set.length; k++) {
          if (set[k + 1] === '-' && k + 2 < set.length) {
            items.push(set[k] + set[k + 2]);
            k += 2;
          } else items.push(set[k] + set[k]);
        }
        tokens.push({ kind: 'class', negate, items });
        i = end;
      } else tokens.push({ kind: 'char', ch });
    }
    return tokens;
  };
  const matchesOne = (token: Token, ch: string): boolean => {
    if (token.kind === 'any') return true;
    if (token.kind === 'char') return token.ch === ch;
    if (token.kind === 'class') return token.items.some((range) => ch >= range[0] && ch <= range[1]) !== token.negate;
    return false;
  };
  // The classic wildcard algorithm: on a mismatch, retry from the last star one character later.
  // `star` may be any run of units; `isStar`/`same` make it work on characters and on segments.
  const wildcard = <P, U>(
    tokens: readonly P[],
    units: ArrayLike<U>,
    isStar: (p: P) => boolean,
    same: (p: P, u: U) => boolean,
  ): boolean => {
    let t = 0;
    let u = 0;
    let starAt = -1;
    let resumeAt = 0;
    while (u < units.length) {
      if (t < tokens.length && !isStar(tokens[t]) && same(tokens[t], units[u])) {
        t++;
        u++;
      } else if (t < tokens.length && isStar(tokens[t])) {
        starAt = t++;
        resumeAt = u;
      } else if (starAt >= 0) {
        t = starAt + 1;
        u = ++resumeAt;
      } else return false;
    }
    while (t < tokens.length && isStar(tokens[t])) t++;
    return t === tokens.length;
  };

  type Segment = { globstar: true } | { globstar: false; tokens: Token[] };
  const alternatives = expand(pattern).map((alternative): Segment[] => {
    const segments: Segment[] = alternative
      .split('/')
      .map((part) => (part === '**' ? { globstar: true } : { globstar: false, tokens: compileSegment(part) }));
    // A trailing `**` means everything below, so at least one more name (`src/**` is not `src`).
    if (segments[segments.length - 1].globstar) segments.push({ globstar: false, tokens: [{ kind: 'star' }] });
    return anyDepth ? [{ globstar: true }, ...segments] : segments;
  });
  // Characters, not UTF-16 units, when the name has any outside the BMP (so `?` is one character).
  const characters = (name: string): ArrayLike<string> => (/[\uD800-\uDFFF]/.test(name) ? [...name] : name);
  const segmentMatches = (segment: Segment, name: string) =>
    !segment.globstar &&
    wildcard(
      segment.tokens,
      characters(name),
      (token) => token.kind === 'star',
      (token, ch) => matchesOne(token, ch),
    );
  return (relativePath) => {
    const names = relativePath.split('/');
    return alternatives.some((segments) =>
      wildcard(
        segments,
        names,
        (segment) => segment.globstar,
        (segment, name) => segmentMatches(segment, name),
      ),
    );
  };
}

/** The glob's leading plain folder names ('packages/core/**' → ['packages', 'core']): no match lies outside them. Self-contained, for the worker too. */
export function literalFolderPrefix(glob: string): string[] {
  const pattern = String(glob).trim().replace(/^\.\//, '').replace(/^\//, '');
  if (!pattern.replace(/\/$/, '').includes('/')) return [];
  const names: string[] = [];
  for (const name of pattern.split('/').slice(0, -1)) {
    if (name === '' || name === '.' || name === '..' || /[*?[{\\]/.test(name)) break;
    names.push(name);
  }
  return names;
}

export function compileGlob(glob: string): (relativePath: string) => boolean {
  return createGlobMatcher(glob);
}

/**
 * The glob as a regular expression, for callers that need one (configured sensitive paths). Not
 * for a model's input: a regex backtracks, so search uses `createGlobMatcher`.
 */
export function globToRegExp(glob: string): RegExp {
  let pattern = glob.trim().replace(/^\.\//, '').replace(/^\//, '');
  if (pattern === '') throw new Error('The glob pattern is empty.');
  const anyDepth = !pattern.includes('/');
  if (pattern.endsWith('/')) pattern += '**';
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        const atStart = i === 0 || pattern[i - 1] === '/';
        const atEnd = i + 2 === pattern.length || pattern[i + 2] === '/';
        if (atStart && atEnd) {
          // `**/` matches zero or more folders; a trailing `**` matches everything below.
          out += i + 2 === pattern.length ? '.*' : '(?:[^/]*/)*';
          i += 2;
          continue;
        }
        i++;
      }
      out += '[^/]*';
    } else if (ch === '?') out += '[^/]';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new Error(`Unclosed '[' in glob '${glob}'.`);
      let set = pattern.slice(i + 1, end);
      if (set.startsWith('!')) set = `^${set.slice(1)}`;
      out += `[${set.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (ch === '{') {
      braces++;
      out += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (ch === ',' && braces > 0) out += '|';
    else out += ch.replace(/[.+^$()|\\{}]/g, '\\$&');
  }
  if (braces > 0) throw new Error(`Unclosed '{' in glob '${glob}'.`);
  return new RegExp(anyDepth ? `(?:^|/)${out}$` : `^${out}$`);
}
