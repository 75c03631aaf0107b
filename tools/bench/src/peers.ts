// Ours beside the servers a user would otherwise pick (issue #33): @modelcontextprotocol/server-filesystem
// for files, @cyanheads/git-mcp-server for git, `rg` for a grep; each started as its README says,
// over stdio, by the same SDK v2 client, in one run, the order of the contenders rotated every round,
// medians. The workspace is one git repository of generated sources with a few changes in it.
import { execFileSync, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median, nowMs } from './measure';
import {
  gitMcpServer,
  memoryAfterCalls,
  ours,
  roundTrips,
  serverFilesystem,
  startUp,
  type Call,
  type ServerSpec,
} from './peerServers';
import type { ScenarioResult } from './scenarios';

/** The common word of the grep row: on about one line in ten of the generated sources. */
const COMMON_WORD = 'import';
const GREP_RESULTS = 50;

interface Sizes {
  readonly files: number;
  readonly startUps: number;
  readonly connections: number;
  readonly callsPerConnection: number;
  readonly grepRounds: number;
  readonly memoryCalls: number;
}

const FULL: Sizes = {
  files: 3_000,
  startUps: 9,
  connections: 9,
  callsPerConnection: 50,
  grepRounds: 7,
  memoryCalls: 1_000,
};
const QUICK: Sizes = { files: 60, startUps: 1, connections: 1, callsPerConnection: 3, grepRounds: 1, memoryCalls: 20 };

/** Samples of each contender over `rounds` rounds, the order rotated each round (no one always goes first). */
export async function rotated(rounds: number, contenders: readonly (() => Promise<number[] | number>)[]) {
  const samples = contenders.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const index = (k + round) % contenders.length;
      samples[index].push(...[await contenders[index]()].flat());
    }
  }
  return samples.map(median);
}

/** A git repository of `files` generated sources (committed), three of them changed and two new files. */
export async function makeWorkspace(dir: string, files: number): Promise<string> {
  const root = path.join(dir, 'workspace');
  const words = ['value', 'result', 'return', 'const', 'export', 'function', 'state', 'index', 'await', 'config'];
  for (let i = 0; i < files; i++) {
    const folder = path.join(root, 'src', `module${i % 40}`);
    if (i < 40) await fs.mkdir(folder, { recursive: true });
    const lines = Array.from({ length: 40 }, (_, line) =>
      line % 10 === 0
        ? `${COMMON_WORD} { ${words[(i + line) % words.length]} } from './dep${line}';`
        : `  ${words[(i * 7 + line) % words.length]}(${line}, ${words[(i + line * 3) % words.length]});`,
    );
    await fs.writeFile(path.join(folder, `file${i}.ts`), `${lines.join('\n')}\n`);
  }
  await fs.writeFile(path.join(root, 'README.md'), '# Bench workspace\n\nA small file to read: one paragraph.\n');
  await fs.writeFile(path.join(root, '.gitignore'), 'dist/\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'generated');
  for (const i of [1, 2, 3]) await fs.appendFile(path.join(root, 'src', `module${i % 40}`, `file${i}.ts`), '// edit\n');
  await fs.writeFile(path.join(root, 'NOTES.md'), 'new\n');
  await fs.writeFile(path.join(root, 'src', 'new.ts'), 'export const n = 1;\n');
  return root;
}

/** `rg` for the common word until it has printed as many lines as ours returns, then stopped (like `| head`). */
function ripgrepFirst(root: string, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = nowMs();
    const child = spawn('rg', ['--no-config', '-n', '-i', '-F', COMMON_WORD, '.'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let lines = 0;
    let done = false;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines++;
      if (!done && lines >= count) {
        done = true;
        resolve(nowMs() - start);
        child.kill();
      }
    });
    child.on('error', (error) => reject(new Error(`rg could not run (${error.message}); the peers bench needs it`)));
    child.on('close', () => {
      if (!done) reject(new Error(`rg found ${lines} lines of '${COMMON_WORD}', fewer than ${count}`));
    });
  });
}

const expectText = (pattern: RegExp) => (result: { text: string }) => {
  if (!pattern.test(result.text)) throw new Error(`unexpected answer: ${result.text.slice(0, 300)}`);
};

function row(
  name: string,
  unit: string,
  oursValue: number,
  baseline: number,
  ratioLabel: string,
  goal: number | undefined,
  notes: string,
): ScenarioResult {
  const ratio = oursValue / baseline;
  return {
    name,
    unit,
    ours: oursValue,
    baseline,
    ratio,
    ratioLabel,
    goal: goal === undefined ? 'reported' : `≤ ${goal.toFixed(1)}×`,
    met: goal === undefined || ratio <= goal,
    notes,
  };
}

/** Every row of the peers scenario. */
export async function peers(quick: boolean): Promise<ScenarioResult[]> {
  const sizes = quick ? QUICK : FULL;
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-bench-peers-')));
  try {
    const root = await makeWorkspace(dir, sizes.files);
    const legacy = ours(root, '2025-11-25');
    const modern = ours(root, '2026-07-28');
    const files = serverFilesystem(root);
    const git = gitMcpServer(root);
    const results: ScenarioResult[] = [];

    // The CLI bundle and its code cache are built on a first run when stale: not start-up.
    for (const spec of [legacy, modern, files, git]) await startUp(spec);
    const chars = new Map<ServerSpec, number>();
    const timed = (spec: ServerSpec) => async () => {
      const { ms, listChars } = await startUp(spec);
      chars.set(spec, listChars);
      return ms;
    };
    const [legacyMs, modernMs, filesMs, gitMs] = await rotated(sizes.startUps, [
      timed(legacy),
      timed(modern),
      timed(files),
      timed(git),
    ]);
    const startNote = `stdio, spawn → first tools/list, median of ${sizes.startUps}; git-mcp-server ${gitMs.toFixed(0)} ms`;
    results.push(
      row('Peers: start-up, 2025-11-25 vs server-filesystem', 'ms', legacyMs, filesMs, 'ours ÷ peer', 1, startNote),
      row('Peers: start-up, 2026-07-28 vs server-filesystem', 'ms', modernMs, filesMs, 'ours ÷ peer', 1, startNote),
    );

    const perConnection = (spec: ServerSpec, request: Call) => () =>
      roundTrips(spec, request, sizes.callsPerConnection);
    const callNote = `median of ${sizes.connections} connections × ${sizes.callsPerConnection} calls`;
    const readOurs: Call = {
      name: 'read_file',
      arguments: { filePath: 'README.md' },
      check: expectText(/one paragraph/),
    };
    const readPeer: Call = {
      name: 'read_text_file',
      arguments: { path: path.join(root, 'README.md') },
      check: expectText(/one paragraph/),
    };
    const [readMs, readPeerMs] = await rotated(sizes.connections, [
      perConnection(legacy, readOurs),
      perConnection(files, readPeer),
    ]);
    results.push(
      row(
        'Peers: read a small file, round trip',
        'ms',
        readMs,
        readPeerMs,
        'ours ÷ server-filesystem',
        1.5,
        `read_file vs read_text_file; ${callNote}`,
      ),
    );

    const statusOurs: Call = { name: 'git_status', arguments: {}, check: expectText(/NOTES\.md/) };
    const statusPeer: Call = { name: 'git_status', arguments: { path: root }, check: expectText(/NOTES\.md/) };
    const [statusMs, statusPeerMs] = await rotated(sizes.connections, [
      perConnection(legacy, statusOurs),
      perConnection(git, statusPeer),
    ]);
    results.push(
      row(
        'Peers: git_status, round trip',
        'ms',
        statusMs,
        statusPeerMs,
        'ours ÷ git-mcp-server',
        1.2,
        `3 changed, 2 new files in ${sizes.files} tracked; ${callNote}`,
      ),
    );

    const grepOurs: Call = {
      name: 'grep_search',
      arguments: { query: COMMON_WORD },
      check: (result) => {
        const matches = (result.structuredContent?.matches as unknown[] | undefined)?.length;
        if (matches !== GREP_RESULTS) throw new Error(`grep_search returned ${matches} matches, not ${GREP_RESULTS}`);
      },
    };
    const [grepMs, rgMs] = await rotated(sizes.grepRounds, [
      async () => median(await roundTrips(legacy, grepOurs, 3)),
      () => ripgrepFirst(root, GREP_RESULTS),
    ]);
    results.push(
      row(
        `Peers: grep a common word, first ${GREP_RESULTS} results`,
        'ms',
        grepMs,
        rgMs,
        'ours ÷ rg',
        2,
        `grep_search {query:'${COMMON_WORD}'} over MCP vs \`rg -n -i -F ${COMMON_WORD}\` stopped at ${GREP_RESULTS} lines; ${sizes.files} files, ~${sizes.files * 4} matching lines`,
      ),
    );

    const listOurs = chars.get(legacy) ?? Number.NaN;
    const listPeers = (chars.get(files) ?? Number.NaN) + (chars.get(git) ?? Number.NaN);
    results.push(
      row(
        "Peers: the tool list's characters (JSON)",
        'chars',
        listOurs,
        listPeers,
        'ours ÷ both peers',
        undefined,
        `ours ${listOurs} (2026-07-28: ${chars.get(modern)}) vs server-filesystem ${chars.get(files)} + git-mcp-server ${chars.get(git)}`,
      ),
    );

    results.push(...(await memory(root, legacy, files, git, sizes.memoryCalls)));
    return results;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** RSS growth over `calls` calls: ours cycling read, status and a grep; each peer its own calls. */
async function memory(
  root: string,
  legacy: ServerSpec,
  files: ServerSpec,
  git: ServerSpec,
  calls: number,
): Promise<ScenarioResult[]> {
  const mix: Call[] = [
    { name: 'read_file', arguments: { filePath: 'README.md' }, check: expectText(/one paragraph/) },
    { name: 'git_status', arguments: {}, check: expectText(/NOTES\.md/) },
    { name: 'grep_search', arguments: { query: 'paragraph' }, check: expectText(/README\.md/) },
    { name: 'read_file', arguments: { filePath: 'src/module1/file1.ts' }, check: expectText(/edit/) },
  ];
  const oursRss = await memoryAfterCalls(legacy, mix, calls);
  const filesRss = await memoryAfterCalls(
    files,
    [{ name: 'read_text_file', arguments: { path: path.join(root, 'README.md') }, check: expectText(/paragraph/) }],
    calls,
  );
  const gitRss = await memoryAfterCalls(
    git,
    [{ name: 'git_status', arguments: { path: root }, check: expectText(/NOTES\.md/) }],
    calls,
  );
  const growth = oursRss.endMb - oursRss.startMb;
  const grew = (r: { startMb: number; endMb: number }) =>
    `${r.startMb.toFixed(0)} → ${r.endMb.toFixed(0)} MB (${r.endMb - r.startMb >= 0 ? '+' : ''}${(r.endMb - r.startMb).toFixed(1)})`;
  return [
    {
      name: 'Peers: RSS growth over a thousand calls (from the first tools/list)',
      unit: 'MB',
      ours: growth,
      baseline: Number.NaN,
      ratio: Number.NaN,
      ratioLabel: '',
      goal: '≤ +20 MB',
      met: growth <= 20,
      notes: `${calls} calls; ours ${grew(oursRss)} over read_file, git_status, grep_search; server-filesystem ${grew(filesRss)}; git-mcp-server ${grew(gitRss)}`,
    },
  ];
}
