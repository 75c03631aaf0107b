#!/usr/bin/env node
// End-to-end tests in real VS Code (code-server 4.139.1 = VS Code 1.139.1) driven by headless
// Chromium. Installs what it needs (Debian packages; Node 24 and code-server from the npm registry,
// cached in ~/.cache/toolpacks-e2e by tools/scripts/e2eToolchain.js, safe when several checkouts
// run at once), builds and packages the runtime and the four pack extensions with vsce, installs
// the .vsix files into a fresh code-server, opens the workbench, and reads the observations the
// probe extension writes from inside the extension host. Phase 2 uninstalls the git pack and checks
// its tools are gone. Both run the proposal flavour (dist/vsix-proposed/). The Marketplace phase then
// installs the Marketplace flavour (dist/vsix/, checked with vsce's publish validation) into a fresh
// code-server that grants an extension only the proposals it declares, as stable VS Code does
// (e2eToolchain.js), and checks what a Marketplace user gets (./marketplace.js). Ends every process
// it started (./codeServer.js ends code-server's whole process group); writes only under .e2e/ and
// its cache. Prints `e2e: N passed, N failed`; `--summary FILE` also writes the counts as JSON. `--install-only`
// installs (or checks) Node 24 and code-server in the cache and stops. Phase 1 ends with checks
// driven in the browser (./ui.js) whose screenshots stay in .e2e/artifacts/ after the run.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const toolchain = require('../../../tools/scripts/e2eToolchain');
const { codeServerEnv, groupAlive, startCodeServer, stopCodeServer } = require('./codeServer');
const { uiChecks } = require('./ui');
const { marketplaceUiChecks, outputLogProblems } = require('./marketplace');
const { packageExtension } = require('../../../tools/scripts/packageExtension');
const { vscePublishProblem } = require('../../../tools/scripts/vscePublishCheck');

const REPO = path.resolve(__dirname, '../../..');
const { CODE_SERVER } = toolchain;
const CHROMIUM = '/usr/bin/chromium';
const EXTENSIONS = [
  'runtime-extension',
  'pack-editor-extension',
  'pack-search-extension',
  'pack-git-extension',
  'pack-debug-extension',
];
const PHASE_TIMEOUT_MS = 240_000;
/** The runtime's bundle must stay within this (issue 34; it was 1.60 MB). */
const RUNTIME_BUNDLE_LIMIT = 1_000_000;

const results = [];
const record = (name, passed, detail = '') => {
  results.push({ name, passed, detail });
  console.log(`${passed ? '✓' : '✗'} ${name}${passed ? '' : `\n    ${String(detail).split('\n').join('\n    ')}`}`);
};

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${(result.stderr || result.stdout || result.error?.message || '').slice(-3000)}`,
    );
  }
  return result.stdout;
}

async function ensureDebianPackages() {
  const { ensureDebianPackages: ensure } = require('../../../tools/scripts/prerequisites');
  const names = ['chromium', 'libkrb5-dev', 'git', 'ripgrep'];
  let missing = ensure(names, (line) => console.log(`e2e: ${line}`));
  // apt takes one install at a time: while another run (another checkout's npm test) holds its lock, ours fails at once; wait and try again.
  for (let i = 0; missing.length && process.getuid?.() === 0 && i < 12; i++) {
    console.log(`e2e: ${missing.join(', ')} did not install (apt busy?); trying again in 20 s`);
    await new Promise((r) => setTimeout(r, 20_000));
    missing = ensure(missing, (line) => console.log(`e2e: ${line}`));
  }
  if (missing.length) throw new Error(`Install these Debian packages first: ${missing.join(' ')}`);
}

/** Both flavours of every extension (tools/nx-plugin/src/packageExtension.js), and the probe. */
async function buildExtensions() {
  const vsce = path.join(REPO, 'node_modules/.bin/vsce');
  const vsix = { proposed: {}, marketplace: {}, bundleBytes: {} };
  for (const name of EXTENSIONS) {
    const dir = path.join(REPO, 'apps', name);
    run(process.execPath, [path.join(REPO, 'tools/scripts/bundle-extension.js'), dir]);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const id = `${manifest.publisher}.${manifest.name}`;
    const packaged = await packageExtension(REPO, dir, { log: (line) => console.log(`e2e: ${line}`) });
    vsix.proposed[name] = { file: packaged.proposed, id };
    vsix.bundleBytes[name] = packaged.bundleBytes;
    vsix.marketplace[name] = { file: packaged.marketplace, id };
    record(
      `${path.relative(REPO, packaged.marketplace)} (Marketplace) passes vsce's publish validation and the flavour check`,
      packaged.problems.length === 0,
      packaged.problems.join('\n'),
    );
    const refused = await vscePublishProblem(packaged.proposed);
    record(
      `${path.relative(REPO, packaged.proposed)} (proposals) is refused by the same validation`,
      /unallowed proposed API/.test(refused ?? ''),
      refused ?? 'vsce would publish it',
    );
  }
  const probeDir = path.join(REPO, 'apps/e2e/test-extension');
  run(process.execPath, [path.join(REPO, 'tools/scripts/bundle-extension.js'), probeDir]);
  const probe = path.join(REPO, 'dist/vsix-probe/toolpacks.toolpacks-e2e.vsix');
  fs.mkdirSync(path.dirname(probe), { recursive: true });
  run(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', probe], {
    cwd: probeDir,
  });
  return { vsix, probe };
}

/** A pack's bundle carries its pack only; the modules the runtime shares come from it (tools/scripts/bundle-extension.js). */
function checkPackBundles(shippedBytes) {
  // esbuild heads each bundled file with a `// path` comment: a shared module's files would show up here.
  const copy =
    /^\/\/ .*(node_modules\/(inversify|@inversifyjs|reflect-metadata|@vscode\/prompt-tsx)\/|libs\/(base|registry|services)\/|libs\/host-vscode\/src\/(?!runtimeApi\.ts))/m;
  const found = [];
  const sizes = [];
  for (const name of EXTENSIONS) {
    const bundle = fs.readFileSync(path.join(REPO, 'apps', name, 'dist/extension.js'), 'utf8');
    sizes.push(`${name} ${Buffer.byteLength(bundle)} B`);
    if (name === 'runtime-extension') continue;
    const match = copy.exec(bundle);
    if (match) found.push(`${name}: ${match[0]}`);
  }
  console.log(`e2e: dist/extension.js sizes as built: ${sizes.join(', ')}`);
  // One bundle serves both flavours (the runtime finds out at run time which proposals it has), minified in each .vsix.
  console.log(
    `e2e: bundle sizes shipped in each flavour's .vsix (Marketplace and proposals alike): ${Object.entries(shippedBytes)
      .map(([name, bytes]) => `${name} ${bytes} B`)
      .join(', ')}`,
  );
  const runtime = shippedBytes['runtime-extension'];
  record(
    `the runtime's bundle is ${(runtime / 1e6).toFixed(2)} MB in the Marketplace and the proposal .vsix, within ${RUNTIME_BUNDLE_LIMIT / 1e6} MB`,
    runtime <= RUNTIME_BUNDLE_LIMIT,
    `${runtime} B`,
  );
  record(
    "each pack's bundle carries no inversify, reflect-metadata, prompt-tsx or registry of its own",
    found.length === 0,
    found.join('\n'),
  );
}

function prepareRun(flavour = 'proposed') {
  const runDir = path.join(REPO, '.e2e', `run-${process.pid}-${Date.now()}-${flavour}`);
  const dirs = Object.fromEntries(
    ['user', 'extensions', 'xdgConfig', 'xdgData', 'xdgCache', 'tmp', 'runtime', 'profile', 'workspace'].map((key) => [
      key,
      path.join(runDir, key),
    ]),
  );
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  dirs.root = runDir;
  dirs.results = path.join(runDir, 'results.json');
  dirs.log = path.join(runDir, 'code-server.log');
  fs.mkdirSync(path.join(dirs.user, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(dirs.user, 'User/settings.json'),
    JSON.stringify({
      'toolpacksE2E.resultsFile': dirs.results,
      'toolpacksE2E.flavour': flavour,
      // The chat view, its tool picker and # completions are what the UI checks drive.
      'chat.disableAIFeatures': false,
      'workbench.view.alwaysShowHeaderActions': true,
      'workbench.startupEditor': 'none',
      'security.workspace.trust.enabled': false,
      'extensions.autoUpdate': false,
      'extensions.autoCheckUpdates': false,
      'telemetry.telemetryLevel': 'off',
      'git.autoRepositoryDetection': true,
    }),
  );
  // The workspace: a git repository the harness creates.
  const ws = dirs.workspace;
  fs.writeFileSync(
    path.join(ws, 'README.md'),
    '# e2e workspace readme\n\nA folder for the Tool Packs end-to-end tests.\n',
  );
  fs.mkdirSync(path.join(ws, 'src'));
  fs.writeFileSync(path.join(ws, 'src/app.js'), "console.log('app');\n// needle-e2e\n");
  fs.writeFileSync(path.join(ws, 'note.txt'), 'title: e2e\nstatus: draft\n');
  // A custom agent whose tools: list names one of our toolsets and a tool inside another (ui.js).
  fs.mkdirSync(path.join(ws, '.github/agents'), { recursive: true });
  fs.writeFileSync(
    path.join(ws, '.github/agents/git-only.agent.md'),
    "---\ndescription: Only the git tools of Tool Packs, and reading files\ntools: ['toolpacks-git', 'toolpacks-read/read_file']\n---\nWork with the repository.\n",
  );
  const git = (...args) => run('git', args, { cwd: ws });
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'E2E');
  git('config', 'user.email', 'e2e@example.com');
  git('config', 'commit.gpgsign', 'false');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'initial');
  return dirs;
}

function installExtensions(dirs, vsix, probe, codeServer = CODE_SERVER) {
  const env = codeServerEnv(dirs);
  const common = ['--extensions-dir', dirs.extensions, '--user-data-dir', dirs.user];
  // Each .vsix installs on its own (the runtime first: the packs depend on it).
  for (const name of EXTENSIONS) {
    try {
      run(codeServer, ['--install-extension', vsix[name].file, ...common], { env });
      record(`${path.basename(vsix[name].file)} installs with code-server --install-extension`, true);
    } catch (error) {
      record(`${path.basename(vsix[name].file)} installs with code-server --install-extension`, false, error.message);
    }
  }
  // The probe goes in the same way (an unpacked folder is ignored once extensions.json exists).
  run(codeServer, ['--install-extension', probe, ...common], { env });
}

async function openWorkbench(dirs, server) {
  const { chromium } = require('playwright-core');
  const context = await chromium.launchPersistentContext(dirs.profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${server.port}/?folder=${encodeURIComponent(dirs.workspace)}`, {
    waitUntil: 'domcontentloaded',
  });
  return context;
}

async function waitForPhase(dirs, phase) {
  const deadline = Date.now() + PHASE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(dirs.results)) {
      try {
        const data = JSON.parse(fs.readFileSync(dirs.results, 'utf8'));
        if (data[phase]?.done) return data[phase].observations;
      } catch {
        // being written
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The probe extension wrote no ${phase} results within ${PHASE_TIMEOUT_MS / 1000} s; see ${dirs.log}`);
}

async function runPhase(dirs, phase, inBrowser, codeServer) {
  let server;
  let browser;
  try {
    server = await startCodeServer(dirs, codeServer);
    browser = await openWorkbench(dirs, server);
    for (const o of await waitForPhase(dirs, phase)) record(o.name, o.passed, o.detail);
    await inBrowser?.(browser.pages()[0]);
  } catch (error) {
    record(`${phase} ran to the end`, false, error.message);
  } finally {
    await browser?.close().catch(() => undefined);
    await stopCodeServer(server);
    if (server)
      record(
        `${phase}: code-server's whole process group has ended`,
        !groupAlive(server.pgid),
        `process group ${server.pgid} still has processes`,
      );
  }
}

async function main() {
  const summaryIndex = process.argv.indexOf('--summary');
  const summaryFile = summaryIndex > 0 ? process.argv[summaryIndex + 1] : undefined;
  const installOnly = process.argv.includes('--install-only');
  let dirs;
  try {
    await ensureDebianPackages();
    const codeServer = await toolchain.ensureCodeServer({ say: (line) => console.log(`e2e: ${line}`) });
    if (installOnly) {
      const { version, error } = toolchain.codeServerVersion();
      const node = run(toolchain.NODE24_BIN, ['--version']).trim();
      record(
        `code-server ${version} (${codeServer}) and Node ${node} (${toolchain.NODE24_BIN}) are installed and run`,
        !error,
        error,
      );
      return finish(summaryFile, dirs);
    }
    const { vsix: flavours, probe } = await buildExtensions();
    const vsix = flavours.proposed;
    checkPackBundles(flavours.bundleBytes);
    dirs = prepareRun();
    installExtensions(dirs, vsix, probe);
    const artifacts = path.join(REPO, '.e2e', 'artifacts');
    await runPhase(dirs, 'phase1', (page) =>
      uiChecks(page, { record, offeredFile: `${dirs.results}.offered.jsonl`, artifacts }),
    );
    console.log(`e2e: screenshots in ${path.relative(REPO, artifacts)}`);
    // Phase 2: the git pack is uninstalled; its tools must be gone from the next resolution.
    run(
      CODE_SERVER,
      [
        '--uninstall-extension',
        vsix['pack-git-extension'].id,
        '--extensions-dir',
        dirs.extensions,
        '--user-data-dir',
        dirs.user,
      ],
      { env: codeServerEnv(dirs) },
    );
    await runPhase(dirs, 'phase2');
    await marketplacePhase(flavours.marketplace, probe, artifacts);
  } catch (error) {
    record('the e2e harness ran', false, error.stack ?? String(error));
  }
  finish(summaryFile, dirs);
}

/** The Marketplace flavour where our extensions get no proposed API (a run of its own, kept lean). */
async function marketplacePhase(vsix, probe, artifacts) {
  const codeServer = await toolchain.ensureCodeServerWithoutProposals({ say: (line) => console.log(`e2e: ${line}`) });
  const dirs = prepareRun('marketplace');
  installExtensions(dirs, vsix, probe, codeServer);
  const shots = path.join(artifacts, 'marketplace');
  await runPhase(
    dirs,
    'marketplace',
    (page) => marketplaceUiChecks(page, { record, offeredFile: `${dirs.results}.offered.jsonl`, artifacts: shots }),
    codeServer,
  );
  const problems = outputLogProblems(dirs.user);
  record(
    "the Marketplace run's Tool Packs log has no line that reads as an error",
    problems.length === 0,
    problems.join('\n'),
  );
  console.log(`e2e: Marketplace screenshots in ${path.relative(REPO, shots)}`);
  const failed = results.some((r) => !r.passed);
  if (!failed) fs.rmSync(dirs.root, { recursive: true, force: true });
  else console.log(`e2e: Marketplace logs kept in ${path.relative(REPO, dirs.root)}`);
}

function finish(summaryFile, dirs) {
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  if (dirs && failed === 0) fs.rmSync(dirs.root, { recursive: true, force: true });
  else if (dirs) console.log(`e2e: logs kept in ${path.relative(REPO, dirs.root)}`);
  if (summaryFile) fs.writeFileSync(summaryFile, JSON.stringify({ passed, failed }));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main();
