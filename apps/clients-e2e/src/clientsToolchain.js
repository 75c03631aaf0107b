// The three agent clients the real-client tests drive, installed from the npm registry at pinned
// versions into the same per-machine cache as the e2e's Node 24 and code-server
// (~/.cache/toolpacks-e2e, see tools/scripts/e2eToolchain.js): a cache, not devDependencies, because
// they are large (native binaries of 100–250 MB), need Node 22+ (the repo runs on 20), and only this
// run uses them. cacheInstall.js makes the installs safe when several checkouts test at once.
// Each client's native binary ships inside an npm package (an optionalDependency per platform);
// nothing is downloaded from elsewhere at install or at run.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { installOnce, runLogged } = require('../../../tools/scripts/cacheInstall');
const { CACHE, NODE24, ensureNode24 } = require('../../../tools/scripts/e2eToolchain');

const CLIENTS = {
  claude: {
    spec: '@anthropic-ai/claude-code@2.1.332',
    bin: 'claude',
    allowScripts: { '@anthropic-ai/claude-code': true },
  },
  codex: { spec: '@openai/codex@0.169.0', bin: 'codex' },
  gemini: { spec: '@google/gemini-cli@0.61.0', bin: 'gemini' },
};

const folder = (name) => path.join(CACHE, `client-${name}`);
const binOf = (name) => path.join(folder(name), 'node_modules/.bin', CLIENTS[name].bin);

/** The environment every client runs in: Node 24 first on PATH. */
function clientPath() {
  return `${NODE24}/bin:${process.env.PATH}`;
}

/** `client --version` or why it failed. */
function versionError(name, dir) {
  const bin = path.join(dir, 'node_modules/.bin', CLIENTS[name].bin);
  const want = CLIENTS[name].spec.split('@').pop();
  const result = spawnSync(bin, ['--version'], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, PATH: clientPath(), DISABLE_AUTOUPDATER: '1', CI: '1' },
  });
  const out = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status === 0 && out.includes(want)) return undefined;
  return `${bin} --version: ${result.error?.message ?? `exit ${result.status ?? result.signal}`} ${out.trim().slice(-400)}`;
}

/** Installs (once per machine) the client `name` (claude, codex or gemini); returns its binary. */
async function ensureClient(name, { say = console.log } = {}) {
  await ensureNode24({ say });
  const { spec, allowScripts } = CLIENTS[name];
  await installOnce({
    cache: CACHE,
    name: `client-${name}`,
    id: spec,
    label: spec,
    say,
    install: async (dir, logFile) => {
      fs.writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ private: true, ...(allowScripts ? { allowScripts } : {}) }) + '\n',
      );
      // The outer `npm test`'s npm_* variables must not configure this npm (see e2eToolchain.js).
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
      await runLogged('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', spec], {
        cwd: dir,
        env: { ...env, PATH: clientPath() },
        logFile,
      });
    },
    verify: async (dir) => versionError(name, dir),
  });
  return binOf(name);
}

module.exports = { CLIENTS, ensureClient, binOf, clientPath, NODE24 };

if (require.main === module) {
  (async () => {
    for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(CLIENTS)) {
      console.log(name, await ensureClient(name));
    }
  })().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
