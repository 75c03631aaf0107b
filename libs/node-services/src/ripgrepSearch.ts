// grep through ripgrep, made to return exactly what the scanner returns. ripgrep applies the
// .gitignore files itself (nested ones, negations, info/exclude; `--no-require-git` so it does the
// same outside a repository; not the user's global excludes, as the scanner); what it reports is
// then filtered by the scanner's own rules and the include glob (ripgrep walks only the include's
// plain leading folders), and tracked files that a rule ignores (ripgrep would skip them; git never
// hides them) are passed to it by name.
import { spawn } from 'node:child_process';
import { lstatSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { CancellationToken } from '@toolpacks/base';
import { WorkspaceError, type GrepMatch, type GrepQuery } from '@toolpacks/services';
import {
  DEFAULT_MEMORY_LIMITS,
  outOfMemoryMessage,
  ranOutOfMemory,
  withMemoryLimit,
  wrapperExecFailure,
} from './childLimits';
import type { IgnoreRules } from './gitIgnoreRules';
import { literalFolderPrefix } from './glob';
import { killProcessGroup, trackProcessGroup } from './processGroup';
import type { SafeOpener } from './safeOpen';
import { searchTimeoutError } from './searchScanner';
import { compareMatches, comparePaths, MAX_SEARCH_FILE_BYTES, type CompiledQuery } from './searchLimits';
import { openStderrFile } from './ripgrepStderr';
import { verifyMatches } from './searchVerify';
import {
  cachedTrackedIgnored,
  hasGitAbove,
  loadTrackedIgnored,
  mainThreadRules,
  type IgnoreContext,
} from './searchIgnoreContext';

/**
 * Past this many matches (at most 20,000, the most sorted here), unsorted parallel output is dropped
 * for ripgrep's own sorted mode, which stops at the match after the last one returned: with four
 * times as many matches as are wanted, that walk covers about a quarter of the tree on one thread,
 * where the parallel one would read all of it and print every match (a common word: thousands).
 */
const sortedModeAbove = (maxResults: number) => Math.min(20_000, Math.max(200, 4 * (maxResults + 1)));
/**
 * A repository of at most this many tracked files is walked in ripgrep's sorted mode from the start
 * when what git says is already at hand: one process, which stops at the match after the last one
 * returned (a common word: a few files read). On a tree this size a rare word costs the sorted walk
 * about 5 % over the parallel one (3,000 files: 48 against 46 ms); a larger tree starts parallel.
 */
const SORTED_FIRST_MAX_TRACKED = 5_000;
/** More tracked-but-ignored files than this do not fit a command line: the scanner searches instead. */
const MAX_EXPLICIT_FILES = 2_000;

export interface RipgrepRun {
  readonly rg: string;
  readonly root: string;
  readonly query: GrepQuery;
  readonly compiled: CompiledQuery;
  /** Loaded while git lists the tracked-but-ignored files; at hand when kept from an earlier search. */
  readonly context: Promise<IgnoreContext> | IgnoreContext;
  readonly opener: SafeOpener;
  readonly timeoutMs: number;
  readonly token?: CancellationToken;
  /** Private writable memory each rg may take (childLimits.ts); default DEFAULT_MEMORY_LIMITS.ripgrep, 0 or Infinity: none. */
  readonly memoryLimitBytes?: number;
  /** Files larger than this are skipped and counted (default MAX_SEARCH_FILE_BYTES). */
  readonly maxFileBytes?: number;
}

export interface RipgrepOutcome {
  readonly matches: GrepMatch[];
  readonly truncated: boolean;
  readonly skippedLarge: string[];
}

/** Undefined when ripgrep cannot run this search (look-around, a glob it rejects, too many tracked-but-ignored files, git failed). */
export async function grepWithRipgrep(run: RipgrepRun): Promise<RipgrepOutcome | undefined> {
  const folder = searchFolder(run.root, run.query.includePattern);
  const known = knownBeforehand(run, folder);
  if (known === null) return undefined;
  if (known && known.sortedFirst) {
    const { rules, explicit, globs } = known;
    return sortedWalk(run, rules, [folder, ...explicit.map((file) => `./${file}`)], new Set(explicit), globs);
  }
  // ripgrep starts at once; meanwhile git says what is tracked and what a rule ignores. Either can
  // fail while the other is pending (a timeout, a cancellation): each promise is awaited together
  // with the other, so a failure is the search's answer at once and never goes unhandled (an
  // unhandled rejection ends the process, every MCP session with it).
  const walk = runRipgrep(run, [folder], new Set(), 'parallel', hiddenGlobs(run.root));
  const prepared = (known ? Promise.resolve(known) : prepare(run, folder)).catch((error: unknown) => {
    walk.stop();
    throw error;
  });
  const ready = await Promise.race([prepared, walk.done.then(() => prepared)]);
  if (!ready) {
    walk.stop();
    await walk.done.catch(() => undefined);
    return undefined;
  }
  const { rules, explicit, globs } = ready;
  const extra =
    explicit.length > 0
      ? runRipgrep(
          run,
          explicit.map((file) => `./${file}`),
          new Set(explicit),
          'parallel',
          globs,
        )
      : undefined;
  const [walked, more] = await allOrStop([walk, ...(extra ? [extra] : [])]);
  if (walked === undefined || (extra && more === undefined)) return undefined;
  if (walked !== 'too-many' && more !== 'too-many') {
    return finish(
      run,
      rules,
      [...walked.matches, ...(more ? (more as Collected).matches : [])],
      [...walked.skippedLarge, ...(more ? (more as Collected).skippedLarge : [])],
    );
  }
  // Too many to sort here: ripgrep's single-threaded sorted walk, which stops early.
  return sortedWalk(run, rules, [folder, ...explicit.map((file) => `./${file}`)], new Set(explicit), globs);
}

async function sortedWalk(
  run: RipgrepRun,
  rules: IgnoreRules,
  paths: readonly string[],
  explicit: ReadonlySet<string>,
  globs: readonly string[],
): Promise<RipgrepOutcome | undefined> {
  const sorted = await runRipgrep(run, paths, explicit, 'sorted', globs, rules).done;
  if (sorted === undefined || sorted === 'too-many') return undefined;
  return finish(run, rules, sorted.matches, sorted.skippedLarge);
}

type RipgrepProcess = ReturnType<typeof runRipgrep>;

/** Every run's outcome; when one fails, the others are stopped (their ends are handled by Promise.all). */
function allOrStop(runs: readonly RipgrepProcess[]): Promise<Awaited<RipgrepProcess['done']>[]> {
  return Promise.all(
    runs.map((one) =>
      one.done.catch((error: unknown) => {
        for (const other of runs) if (other !== one) other.stop();
        throw error;
      }),
    ),
  );
}

interface Prepared {
  readonly rules: IgnoreRules;
  /** Tracked files a rule ignores (and the include selects): ripgrep is given them by name. */
  readonly explicit: string[];
  readonly globs: readonly string[];
}

/**
 * What git says, when it was all kept from an earlier search (no git runs): then a small repository
 * is walked sorted from the start. Null: ripgrep cannot run this search; undefined: not at hand.
 */
function knownBeforehand(run: RipgrepRun, folder: string): (Prepared & { sortedFirst: boolean }) | null | undefined {
  if (run.context instanceof Promise) return undefined;
  const trackedIgnored = cachedTrackedIgnored(run.context, folder);
  if (!trackedIgnored) return undefined;
  const prepared = prepareWith(run, run.context, trackedIgnored);
  if (!prepared) return null;
  const tracked = run.context.config.tracked;
  return { ...prepared, sortedFirst: tracked !== undefined && tracked.length <= SORTED_FIRST_MAX_TRACKED };
}

async function prepare(run: RipgrepRun, folder: string): Promise<Prepared | undefined> {
  // A context at hand (kept) lets git's answer below be kept with it; else both are asked at once.
  const [context, trackedIgnored] =
    run.context instanceof Promise
      ? await Promise.all([run.context, loadTrackedIgnored(run.root, folder, run.token)])
      : [run.context, await loadTrackedIgnored(run.root, folder, run.token, run.context)];
  return prepareWith(run, context, trackedIgnored);
}

function prepareWith(run: RipgrepRun, context: IgnoreContext, trackedIgnored: string[] | undefined) {
  if (context.repository && !trackedIgnored) return undefined;
  const rules = mainThreadRules(run.root, context);
  const explicit = (context.repository ? trackedIgnored! : []).filter(
    (file) => (!run.compiled.include || run.compiled.include(file)) && !rules.isHiddenFile(file),
  );
  if (explicit.length > MAX_EXPLICIT_FILES) return undefined;
  return { rules, explicit, globs: context.hiddenGlobs };
}

/**
 * Names ripgrep skips outright; outside a repository node_modules too (the rules hide it again after).
 * The write path's temp files are not among them: only a name that proves it is ours is hidden, which
 * a glob cannot check; the rules hide those from what ripgrep reports.
 */
function hiddenGlobs(root: string): string[] {
  return hasGitAbove(root) ? ['.git'] : ['.git', 'node_modules'];
}

interface Collected {
  readonly matches: GrepMatch[];
  readonly skippedLarge: string[];
}

/** The rules applied, in walk order, the lines returned re-read through the safe opener, cut at maxResults. */
async function finish(
  run: RipgrepRun,
  rules: IgnoreRules,
  found: readonly GrepMatch[],
  large: readonly string[],
): Promise<RipgrepOutcome> {
  // Per file (a common word is in thousands of them): the rules asked once, duplicate lines (a file
  // given by name and also walked) dropped, files put in walk order, then each file's lines.
  const byFile = new Map<string, Map<number, GrepMatch>>();
  for (const match of found) {
    let lines = byFile.get(match.path);
    if (!lines) byFile.set(match.path, (lines = new Map()));
    if (!lines.has(match.line)) lines.set(match.line, match);
  }
  const files = [...byFile.keys()].filter((file) => !rules.isHiddenFile(file)).sort(comparePaths);
  const matches = files.flatMap((file) => [...byFile.get(file)!.values()].sort((a, b) => a.line - b.line));
  // Verified in walk order up to the match after the last one shown (it says whether there are more).
  const verified = await verifyMatches(
    run.opener,
    matches,
    run.maxFileBytes ?? MAX_SEARCH_FILE_BYTES,
    run.query.maxResults + 1,
  );
  // As the scanner, which stops at the match after the last one shown: files past it were not reached.
  const stopAt = verified[run.query.maxResults];
  const reached = [...new Set(large)].filter(
    (file) => !rules.isHiddenFile(file) && (!stopAt || compareMatches({ path: file, line: 0, text: '' }, stopAt) < 0),
  );
  return {
    matches: verified.slice(0, run.query.maxResults),
    truncated: verified.length > run.query.maxResults,
    skippedLarge: walkOrder(reached),
  };
}

/**
 * One rg process. `parallel`: every core, everything collected ('too-many' past sortedModeAbove);
 * `sorted`: one thread in walk order, stopped at maxResults + 1 matches from the walk (`explicit`
 * files, given by name, do not count). Undefined: rg cannot run the pattern.
 */
function runRipgrep(
  run: RipgrepRun,
  paths: readonly string[],
  explicit: ReadonlySet<string>,
  mode: 'parallel' | 'sorted',
  globs: readonly string[],
  rules?: IgnoreRules,
): { done: Promise<Collected | 'too-many' | undefined>; stop(): void } {
  const { query } = run;
  const args = [
    ...(mode === 'sorted' ? ['--sort', 'path'] : []),
    '--no-config',
    '--no-heading',
    '--line-number',
    '--with-filename',
    '--null',
    '--hidden',
    '--no-messages',
    '--color',
    'never',
  ];
  args.push('--no-require-git', '--no-ignore-global', '--no-ignore-parent', '--no-ignore-dot');
  // --debug is how ripgrep names the files over --max-filesize ("ignoring ./x: N bytes").
  args.push('--debug', '--max-filesize', String(run.maxFileBytes ?? MAX_SEARCH_FILE_BYTES));
  args.push(query.caseSensitive ? '--case-sensitive' : '--ignore-case');
  if (!query.isRegexp) args.push('--fixed-strings');
  // The include glob is not given to ripgrep: it would override the ignore rules, its syntax is not
  // quite ours, and with --debug it names every file it does not match. It is applied here.
  for (const name of globs) args.push('--glob', `!${name}`);
  args.push('-e', query.pattern, '--', ...paths);
  const switchAt = sortedModeAbove(query.maxResults);
  const selected = (file: string) =>
    (!run.compiled.include || run.compiled.include(file)) && (!rules || !rules.isHiddenFile(file));

  // Bounded: a huge line is buffered whole, and rg's allocation failure must not be the machine's.
  const memoryLimit = run.memoryLimitBytes ?? DEFAULT_MEMORY_LIMITS.ripgrep;
  const env: Record<string, string | undefined> = { ...process.env };
  const limited = withMemoryLimit(run.rg, args, memoryLimit, env);
  const stderrFile = openStderrFile(); // read when rg has ended (ripgrepStderr.ts); else a pipe
  let child;
  try {
    child = spawn(limited.command, limited.args, {
      cwd: run.root,
      env,
      stdio: ['ignore', 'pipe', stderrFile ? stderrFile.fd : 'pipe'],
      detached: true,
    });
  } catch (error) {
    stderrFile?.close();
    throw error;
  }
  let stopped: 'enough' | 'too-many' | 'timeout' | 'cancelled' | 'unneeded' | undefined;
  const stop = (why: typeof stopped) => {
    stopped ??= why;
    killProcessGroup(child.pid);
  };
  const done = new Promise<Collected | 'too-many' | undefined>((resolve, reject) => {
    const tracked = child.pid !== undefined ? trackProcessGroup(child.pid) : undefined;
    const matches: GrepMatch[] = [];
    const skippedLarge: string[] = [];
    let errors = '';
    let outOfMemory = false;
    let walked = 0;
    const timer = setTimeout(() => stop('timeout'), run.timeoutMs);
    const cancellation = run.token?.onCancellationRequested(() => stop('cancelled'));
    if (run.token?.isCancellationRequested) stop('cancelled');
    const onStderrLine = (line: string) => {
      // rg 13: `DEBUG|ignore::walk|…: ignoring ./x: N bytes`; later versions prefix it (`rg: `).
      const large = /DEBUG\|ignore::walk\|.*: ignoring (.*): (\d+) bytes$/.exec(line);
      if (large) {
        const file = large[1].replace(/^\.\//, '');
        if (selected(file)) skippedLarge.push(file);
      } else if (!line.includes('DEBUG|')) {
        if (ranOutOfMemory(line)) outOfMemory = true;
        else if (errors.length < 2000) errors += `${line}\n`;
      }
    };
    if (child.stderr) createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', onStderrLine);
    const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (stopped) return;
      const nul = line.indexOf('\0');
      const colon = line.indexOf(':', nul);
      if (nul < 0 || colon < 0) return;
      const file = line.slice(0, nul).replace(/^\.\//, '');
      if (!selected(file)) return;
      matches.push({ path: file, line: Number(line.slice(nul + 1, colon)), text: line.slice(colon + 1) });
      if (!explicit.has(file)) walked++;
      if (mode === 'sorted' && walked > query.maxResults) stop('enough');
      else if (mode === 'parallel' && matches.length > switchAt) stop('too-many');
    });
    const settle = () => {
      clearTimeout(timer);
      cancellation?.dispose();
      tracked?.dispose();
      stderrFile?.close();
    };
    child.on('error', (error) => {
      settle();
      reject(new Error(`ripgrep could not run: ${error.message}`));
    });
    child.on('close', (code) => {
      stderrFile?.readLines(onStderrLine);
      settle();
      lines.close();
      if (stopped === 'timeout') return reject(searchTimeoutError(run.timeoutMs));
      if (stopped === 'cancelled') return reject(new WorkspaceError('The search was cancelled.'));
      if (stopped === 'too-many') return resolve('too-many');
      if (stopped === 'unneeded') return resolve(undefined);
      const notRun = wrapperExecFailure(code, errors);
      if (notRun !== undefined) return reject(new Error(`ripgrep could not run: ${notRun}`));
      if (outOfMemory && !stopped) {
        return reject(
          new WorkspaceError(
            outOfMemoryMessage(
              'The search (ripgrep)',
              memoryLimit,
              'A file with very long lines can take this much: narrow the search (includePattern) to leave such files out.',
            ),
          ),
        );
      }
      if (code === 2 && !stopped && /regex parse error|error parsing|look-around|backreferences/i.test(errors))
        return resolve(undefined);
      if (code !== 0 && code !== 1 && !stopped)
        return reject(new Error(`ripgrep failed (exit ${code}): ${errors.trim().slice(0, 500)}`));
      resolve({ matches, skippedLarge });
    });
  });
  return { done, stop: () => stop('unneeded') };
}

/**
 * The include's plain leading folders ('packages/core/**' → ./packages/core), when they are real
 * folders: ripgrep then walks only them (with an include glob, --debug names every other file).
 */
function searchFolder(root: string, includePattern: string | undefined): string {
  const names = includePattern ? literalFolderPrefix(includePattern) : [];
  let folder = '.';
  for (const name of names) {
    try {
      if (!lstatSync(path.join(root, folder, name)).isDirectory()) break;
    } catch {
      break;
    }
    folder = `${folder}/${name}`;
  }
  return folder;
}

function walkOrder(files: string[]): string[] {
  return files
    .map((file) => ({ path: file, line: 0, text: '' }))
    .sort(compareMatches)
    .map((match) => match.path);
}
