// The CLI as people start it, in real processes: the bin (bundled, cached), `npm start` from
// another folder, `npx toolpacks` from the repository, stdin, --version.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
const REPO = path.resolve(__dirname, '../../..');
const VERSION = (require('../package.json') as { version: string }).version;

/** The environment of a shell: none of the npm variables of the npx/npm that started Jest. */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|INIT_CWD$|COLUMNS$)/i.test(key)) env[key] = value;
  return { ...env, ...extra };
}

function exec(
  command: string,
  args: string[],
  options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {},
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO,
      env: options.env ?? shellEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const toolpacks = (args: string[], options: Parameters<typeof exec>[2] = {}) =>
  exec(process.execPath, [BIN, ...args], options);
/** Without npm's own warnings (a user config it does not know, …): what the CLI said. */
const cliStderr = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line && !line.startsWith('npm warn'))
    .join('\n');

let dir: string;
beforeEach(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-process-')));
  // The workspace is ws/; the input file beside it, outside it.
  await fs.mkdir(path.join(dir, 'ws'));
  await fs.writeFile(path.join(dir, 'ws/a.ts'), 'export class ToolRegistry {}\n');
  await fs.writeFile(path.join(dir, 'q.json'), '{"query":"export class"}\n');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('toolpacks in a real process', () => {
  it('--version prints the CLI’s version', async () => {
    expect(await toolpacks(['--version'])).toEqual({ code: 0, stdout: `toolpacks ${VERSION}\n`, stderr: '' });
  });

  it('invoke reads its input from stdin (-) and from @file relative to the folder it runs in', async () => {
    const fromStdin = await toolpacks(['invoke', 'grep_search', '-', '--root', 'ws'], {
      cwd: dir,
      input: '{"query":"export class"}',
    });
    expect(fromStdin).toEqual({
      code: 0,
      stdout: '1 match for "export class":\na.ts:1: export class ToolRegistry {}\n',
      stderr: '',
    });
    const fromFile = await toolpacks(['invoke', 'grep_search', '@q.json', '--root', 'ws'], { cwd: dir });
    expect(fromFile).toEqual(fromStdin);

    const bad = await toolpacks(['invoke', 'grep_search', '-'], { cwd: dir, input: '{"query":\n  "x" "y"}' });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(
      /^toolpacks: The input of grep_search \(stdin\) is not valid JSON at line 2, column 7 \(near '"y"}'\)/,
    );
    const missing = await toolpacks(['invoke', 'grep_search', '@missing.json'], { cwd: dir });
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain(`toolpacks: @missing.json: no such file (${path.join(dir, 'missing.json')})`);
  });

  it('npm start: --root and @file are relative to the folder npm was run in (INIT_CWD); --silent keeps stdout pure JSON', async () => {
    // npm runs the script in the repository; the user is in `dir`.
    const started = await exec(
      'npm',
      ['--prefix', REPO, 'start', '--silent', '--', 'invoke', 'grep_search', '@q.json', '--root', 'ws', '--json'],
      { cwd: dir },
    );
    expect(cliStderr(started.stderr)).toBe('');
    expect(started.code).toBe(0);
    const result = JSON.parse(started.stdout);
    expect(result).toMatchObject({
      status: 'ok',
      text: '1 match for "export class":\na.ts:1: export class ToolRegistry {}',
    });
  });

  it('npx toolpacks works from the repository, and its --json output is pure JSON', async () => {
    // npx reads the flags after the command as its own (`npx toolpacks --version` is npm's version):
    // they go after a `--`, which npx passes on or not depending on its own flags.
    for (const args of [
      ['toolpacks', '--', '--version'],
      ['--no', 'toolpacks', '--', '--version'],
    ]) {
      const version = await exec('npx', args);
      expect({ args, code: version.code, stdout: version.stdout }).toEqual({
        args,
        code: 0,
        stdout: `toolpacks ${VERSION}\n`,
      });
    }
    const resolved = await exec('npx', ['toolpacks', '--', '--root', dir, '--json', '--toolsets', '-gti']);
    expect(resolved.code).toBe(0);
    const json = JSON.parse(resolved.stdout);
    expect(json.tools.map((t: { name: string }) => t.name)).toContain('grep_search');
    expect(json.diagnostics[0]).toMatchObject({
      code: 'toolset-choice-unknown',
      message: expect.stringContaining("did you mean 'git'?"),
    });
    expect(cliStderr(resolved.stderr)).toBe('');
  });
});

describe('the bin’s cached bundle', () => {
  it('counts an input as changed during the build when its stat moved since before the build, not when it is dated in the future', () => {
    // Required, the bin only exports its helpers (it starts the CLI when run).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bin is plain CommonJS, loaded by path
    const { changedDuringBuild } = require(BIN) as {
      changedDuringBuild(
        before: Map<string, string>,
        file: string,
        stat: { mtimeMs: number; size: number },
        started: number,
        finished: number,
      ): boolean;
    };
    const started = 1_000_000;
    const finished = started + 800;
    const future = started + 365 * 24 * 3600 * 1000;
    const before = new Map([
      ['libs/a.ts', `${future}:10`],
      ['libs/b.ts', `${started - 5000}:10`],
    ]);
    expect(changedDuringBuild(before, 'libs/a.ts', { mtimeMs: future, size: 10 }, started, finished)).toBe(false); // dated in the future, untouched
    expect(changedDuringBuild(before, 'libs/b.ts', { mtimeMs: started - 5000, size: 10 }, started, finished)).toBe(
      false,
    );
    expect(changedDuringBuild(before, 'libs/b.ts', { mtimeMs: started + 100, size: 11 }, started, finished)).toBe(true); // saved while esbuild ran
    expect(changedDuringBuild(before, 'libs/a.ts', { mtimeMs: future + 1, size: 10 }, started, finished)).toBe(true);
    // Not in the snapshot (outside apps/ and libs/): changed only when dated within the build.
    expect(changedDuringBuild(before, 'tools/c.ts', { mtimeMs: started + 100, size: 1 }, started, finished)).toBe(true);
    expect(changedDuringBuild(before, 'tools/c.ts', { mtimeMs: future, size: 1 }, started, finished)).toBe(false);
  });

  it('builds the bundle on the first run, reuses it, rebuilds when a source changes, and can run from source', async () => {
    const cache = path.join(dir, 'cache');
    const env = shellEnv({ TOOLPACKS_CACHE_DIR: cache });
    const first = await toolpacks(['--root', path.join(dir, 'ws'), 'describe', 'grep_search', '--json'], { env });
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toMatchObject({ name: 'grep_search', packId: 'search' });
    const manifest = JSON.parse(await fs.readFile(path.join(cache, 'manifest.json'), 'utf8')) as {
      bundle: string;
      inputs: [string, number, number][];
    };
    // The tsconfig files (decorators, the JSX factory) count as inputs too.
    expect(manifest.inputs.map(([file]) => file)).toEqual(
      expect.arrayContaining([
        'apps/cli/src/cli.ts',
        'apps/cli/src/main.ts',
        'tsconfig.base.json',
        'apps/cli/tsconfig.json',
      ]),
    );
    expect(manifest.inputs.some(([file]) => file.includes('node_modules'))).toBe(false);
    const files = await fs.readdir(cache);
    // The bundle ran: V8's code cache for it was written as it exited.
    expect(files).toEqual(expect.arrayContaining([manifest.bundle, manifest.bundle.replace(/\.js$/, '.cache')]));

    const again = await toolpacks(['--root', path.join(dir, 'ws'), 'list', '--json'], { env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).tools.length).toBeGreaterThan(20);
    expect(JSON.parse(await fs.readFile(path.join(cache, 'manifest.json'), 'utf8'))).toEqual(manifest);

    // A tsconfig that differs from the one the bundle was built with: rebuilt.
    const config = manifest.inputs.findIndex(([file]) => file === 'tsconfig.base.json');
    const staleConfig = {
      ...manifest,
      inputs: manifest.inputs.map(([file, mtime, size], i) => [file, mtime, i === config ? size + 1 : size]),
    };
    await fs.writeFile(path.join(cache, 'manifest.json'), JSON.stringify(staleConfig));
    expect(await toolpacks(['--version'], { env })).toMatchObject({ code: 0, stdout: `toolpacks ${VERSION}\n` });
    const rebuiltForConfig = JSON.parse(
      await fs.readFile(path.join(cache, 'manifest.json'), 'utf8'),
    ) as typeof manifest;
    expect(rebuiltForConfig).not.toEqual(staleConfig);
    expect(rebuiltForConfig.inputs.find(([file]) => file === 'tsconfig.base.json')).toEqual(manifest.inputs[config]);

    // A source that differs from the one the bundle was built from (here: its recorded size): rebuilt.
    const stale = {
      ...manifest,
      inputs: manifest.inputs.map(([file, mtime, size], i) => [file, mtime, i === 0 ? size + 1 : size]),
    };
    await fs.writeFile(path.join(cache, 'manifest.json'), JSON.stringify(stale));
    const rebuilt = await toolpacks(['--root', path.join(dir, 'ws'), '--version'], { env });
    expect(rebuilt).toMatchObject({ code: 0, stdout: `toolpacks ${VERSION}\n` });
    expect(JSON.parse(await fs.readFile(path.join(cache, 'manifest.json'), 'utf8'))).not.toEqual(stale);

    // No usable cache folder: the sources run (as with TOOLPACKS_FROM_SOURCE=1).
    await fs.writeFile(path.join(dir, 'not-a-folder'), '');
    const fallback = await toolpacks(['--root', path.join(dir, 'ws'), '--version'], {
      env: shellEnv({ TOOLPACKS_CACHE_DIR: path.join(dir, 'not-a-folder', 'cache') }),
    });
    expect(fallback).toEqual({ code: 0, stdout: `toolpacks ${VERSION}\n`, stderr: '' });
    expect(await toolpacks(['--version'], { env: shellEnv({ TOOLPACKS_FROM_SOURCE: '1' }) })).toMatchObject({
      code: 0,
      stdout: `toolpacks ${VERSION}\n`,
    });
  });
});
