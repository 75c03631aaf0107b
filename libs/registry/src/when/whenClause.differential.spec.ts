// Differential test: our when clauses against VS Code's own code (monaco-editor-core's
// ContextKeyExpr.deserialize(when).evaluate(context), run by whenClauseOracle.mjs in a child
// `node`). fast-check generates valid and malformed clauses and contexts from a fixed seed
// (override with WHEN_FUZZ_SEED / WHEN_FUZZ_RUNS); the cases go to the oracle in one batch.
// A divergence passes only if it is one of the deliberate differences listed in whenClause.ts.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseWhenClause } from './whenClause';

const SEED = Number(process.env.WHEN_FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.WHEN_FUZZ_RUNS ?? 4000);

type Context = Record<string, unknown>;
interface Case {
  readonly when: string;
  readonly context: Context;
}
type Outcome = { malformed: true } | { value: boolean } | { error: string };

// ---- generators ----

const KEYS = [
  'a',
  'b',
  'k',
  'n',
  'z',
  'foo.bar',
  'x-y',
  'vim.use<C-r>',
  'fee.bee<K-loo+1>',
  'a<b',
  'path/x',
  'toString',
  'in2',
  '"q"',
  '1',
  'é.ü',
  'a:b*c?',
];
const WORD_VALUES = [
  'b',
  'B',
  '1',
  '2.5',
  '-1',
  '1x',
  'abc',
  'true',
  'false',
  'in',
  'not',
  '"b"',
  'zee',
  'foo.bar',
  '1e3',
  '0x10',
  'Infinity',
  '.5',
  'é',
];
const QUOTED_VALUES = ["'b'", "'b c'", "'true'", "'false'", "''", "'1'", '\'"b"\'', "'foo.bar'", "'k'"];
const REGEXES = [
  '/b/',
  '/b/i',
  '/^b/i',
  '/zee/g',
  '/a.*/',
  '/d.*/',
  '/e/',
  '/\\//',
  '/[/]x/',
  '/x/d',
  '/(/',
  '/b/gy',
  '/B/im',
  '/x/ii',
  '/b/gg',
  '/^(a+)+$/',
  '/\\d+/u',
  '/\\-/u',
  '/a\\/',
  '/^$/',
  '/1/s',
  '/a b/',
  '/a)/',
  '/[a-z]+/i',
  '/é/u',
];
const EQUALITY = ['==', '===', '!=', '!==', ' == ', ' != ', ' === '];
const COMPARE = ['<', '<=', '>', '>=', ' < ', ' <= ', ' > ', ' >= '];
const NOISE = [
  '(',
  ')',
  '!',
  '==',
  '=',
  '&',
  '|',
  '~',
  "'",
  '/',
  'not',
  'in',
  '"',
  '&&',
  '||',
  ' ',
  '!=',
  '=~',
  '{',
  'true',
  '\u00a0',
  '\t',
  '\n',
  '\u2003',
  'é',
  '😀',
  '`',
  '#',
  '\\',
];

const sp = fc.constantFrom('', ' ', ' ', '  ');
// Two keys come up often so that one clause tests one key several ways (`n > 1 || n <= 1`).
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 2, arbitrary: fc.constantFrom('n', 'k') },
);
const value = fc.oneof(fc.constantFrom(...WORD_VALUES), fc.constantFrom(...QUOTED_VALUES), fc.constant(''));

const atom: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: key },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false') },
  {
    weight: 4,
    arbitrary: fc.tuple(key, fc.constantFrom(...EQUALITY), sp, value).map(([k, op, s, v]) => `${k}${op}${s}${v}`),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(key, sp, sp, fc.constantFrom(...REGEXES)).map(([k, s1, s2, r]) => `${k}${s1}=~${s2}${r}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        key,
        fc.constantFrom(' in ', ' not in ', ' in', ' not  in '),
        fc.oneof(key, fc.constantFrom(...QUOTED_VALUES)),
      )
      .map(([k, op, c]) => `${k}${op}${c}`),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(key, fc.constantFrom(...COMPARE), sp, value).map(([k, op, s, v]) => `${k}${op}${s}${v}`),
  },
);

const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: atom },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('!', '! ', '!!'), atom).map(([n, a]) => `${n}${a}`) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('!(', '('), tie('e'), sp).map(([o, e, s]) => `${o}${e}${s})`) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(tie('e'), fc.constantFrom(' && ', ' || ', '&&', '||'), tie('e'))
        .map(([l, op, r]) => `${l}${op}${r}`),
    },
  ),
})).e;

/** Most clauses stay as generated; some get a token inserted, a character dropped or the tail cut; some are token soup. */
const soup = fc
  .array(
    fc.oneof(fc.constantFrom(...NOISE), key, fc.constantFrom(...REGEXES, ...QUOTED_VALUES, ...WORD_VALUES, ...COMPARE)),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
const clause = fc.oneof(
  { weight: 4, arbitrary: expr },
  { weight: 1, arbitrary: soup },
  {
    weight: 1,
    arbitrary: fc
      .tuple(expr, fc.nat(), fc.constantFrom(...NOISE), fc.constantFrom('insert', 'drop', 'cut'))
      .map(([e, at, token, how]) => {
        const i = at % (e.length + 1);
        return how === 'insert'
          ? e.slice(0, i) + token + e.slice(i)
          : how === 'drop'
            ? e.slice(0, i) + e.slice(i + 1)
            : e.slice(0, i);
      }),
  },
);

const contextValue = fc.oneof(
  fc.constantFrom(
    'b',
    'B',
    '1',
    '2.5',
    'true',
    'false',
    'undefined',
    'b c',
    '"b"',
    'zee',
    'abc',
    '',
    'x/a/b',
    'foo.bar',
    'aaaaaaab',
    'k',
    '1e3',
    ' 2',
    'é',
    'a)',
  ),
  fc.constantFrom(0, 1, 2, -1, 2.5, 1.5, Number.NaN),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(['b', 1], ['"b"'], [Number.NaN], [null], ['b c', 'k'], [2], []),
  fc.constantFrom({ b: 1 }, { 'b c': true }, { '"b"': 0 }, { k: undefined }, {}),
);
const context = fc.dictionary(fc.constantFrom(...KEYS, 'b c', ''), contextValue, { maxKeys: 6 });

// ---- the two implementations ----

function ours(c: Case): Outcome {
  let clause;
  try {
    clause = parseWhenClause(c.when);
  } catch {
    return { malformed: true };
  }
  try {
    return { value: clause.evaluate(c.context) };
  } catch (error) {
    return { error: String(error) };
  }
}

function vscode(cases: readonly Case[]): Outcome[] {
  const input = JSON.stringify(cases, (_key, v) =>
    typeof v === 'number' && Number.isNaN(v) ? { $nan: true } : v === undefined ? { $undefined: true } : v,
  );
  // monaco-editor-core's .js files are ESM in a package without "type": "module": Node 20.19+ detects
  // that by itself, earlier 20.x needs the flag.
  const detect = process.allowedNodeEnvironmentFlags.has('--experimental-detect-module')
    ? ['--experimental-detect-module']
    : [];
  const child = spawnSync(process.execPath, [...detect, path.join(__dirname, 'whenClauseOracle.mjs')], {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`oracle failed (${child.status ?? child.signal}): ${child.stderr}`);
  return JSON.parse(child.stdout) as Outcome[];
}

// ---- deliberate differences (whenClause.ts lists them) ----

/** The `key =~ /re/flags` terms of a clause, as VS Code's scanner cuts them. */
function regexTerms(when: string): { key: string; lexeme: string }[] {
  const terms: { key: string; lexeme: string }[] = [];
  const re = /([^\s()!&|='~]+)\s*=~\s*(\/(?:\\.|\[[^\]]*\]|[^/\\[])*\/[igsmyu]*)/g;
  for (let m = re.exec(when); m; m = re.exec(when)) terms.push({ key: m[1], lexeme: m[2] });
  return terms;
}

function vscodeRegex(lexeme: string): RegExp | undefined {
  const slash = lexeme.lastIndexOf('/');
  try {
    return new RegExp(lexeme.slice(1, slash), lexeme.slice(slash + 1).replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
}

function explain(c: Case, our: Outcome, theirs: Outcome): string | undefined {
  const terms = regexTerms(c.when);
  if ('malformed' in our && 'value' in theirs && /exponential time/.test(safeMessage(c.when)))
    return 'nested repetition refused';
  if ('value' in our && 'value' in theirs) {
    const own = (k: string) => (Object.prototype.hasOwnProperty.call(c.context, k) ? c.context[k] : undefined);
    if (terms.some((t) => own(t.key) == null && vscodeRegex(t.lexeme)?.test(String(own(t.key)))))
      return 'regex over an unset/null key';
    const sameSource = terms.some((t, i) =>
      terms.some(
        (u, j) =>
          j !== i &&
          u.key === t.key &&
          vscodeRegex(u.lexeme)?.source === vscodeRegex(t.lexeme)?.source &&
          vscodeRegex(u.lexeme)?.flags !== vscodeRegex(t.lexeme)?.flags,
      ),
    );
    if (sameSource) return 'regexes differing only in flags';
  }
  return undefined;
}

function safeMessage(when: string): string {
  try {
    parseWhenClause(when);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const same = (a: Outcome, b: Outcome) =>
  ('malformed' in a && 'malformed' in b) || ('value' in a && 'value' in b && a.value === b.value);

describe('when clauses against VS Code (differential)', () => {
  it(`agrees with ContextKeyExpr.deserialize(when).evaluate(context) — seed ${SEED}, ${RUNS} cases`, () => {
    const cases = fc.sample(fc.record({ when: clause, context }), { seed: SEED, numRuns: RUNS });
    const theirs = vscode(cases);
    const counts = { agree: 0, malformed: 0, explained: new Map<string, number>() };
    const unexplained: string[] = [];
    cases.forEach((c, i) => {
      const our = ours(c);
      if ('error' in theirs[i] || 'error' in our) unexplained.push(report(c, our, theirs[i]));
      else if (same(our, theirs[i])) {
        counts.agree++;
        if ('malformed' in our) counts.malformed++;
      } else {
        const reason = explain(c, our, theirs[i]);
        if (reason) counts.explained.set(reason, (counts.explained.get(reason) ?? 0) + 1);
        else unexplained.push(report(c, our, theirs[i]));
      }
    });
    console.log(
      `when-clause differential (seed ${SEED}): ${counts.agree}/${cases.length} agree (${counts.malformed} malformed in both); explained: ${JSON.stringify(Object.fromEntries(counts.explained))}; unexplained: ${unexplained.length}`,
    );
    expect(unexplained.slice(0, 10)).toEqual([]);
    expect(counts.malformed).toBeGreaterThan(cases.length / 10); // the generator does reach both sides
    expect(counts.agree - counts.malformed).toBeGreaterThan(cases.length / 4);
  });
});

function report(c: Case, our: Outcome, theirs: Outcome): string {
  const context = JSON.stringify(c.context, (_k, v) =>
    v === undefined ? '<undefined>' : typeof v === 'number' && Number.isNaN(v) ? '<NaN>' : v,
  );
  return `${JSON.stringify(c.when)} with ${context}: ours ${JSON.stringify(our)}, VS Code ${JSON.stringify(theirs)}`;
}
