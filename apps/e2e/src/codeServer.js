// code-server for the e2e runs (run.js): its environment, started on a free port with a run's
// folders and stopped with every process it started (its whole process group).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const toolchain = require('../../../tools/scripts/e2eToolchain');

const { CODE_SERVER } = toolchain;

/** code-server's environment; with a run's folders, its config, data, cache and temporary files stay in them. */
function codeServerEnv(dirs) {
  return toolchain.codeServerEnv(
    dirs
      ? { config: dirs.xdgConfig, data: dirs.xdgData, cache: dirs.xdgCache, tmp: dirs.tmp, runtime: dirs.runtime }
      : {},
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts code-server on a free port; another run (another checkout's) may take the port between the probe and the bind: then another port. */
async function startCodeServer(dirs, codeServer = CODE_SERVER) {
  for (let attempt = 1; ; attempt++) {
    const from = fs.existsSync(dirs.log) ? fs.statSync(dirs.log).size : 0;
    try {
      return await startCodeServerOn(dirs, await freePort(), codeServer);
    } catch (error) {
      const output = fs.existsSync(dirs.log) ? fs.readFileSync(dirs.log).subarray(from).toString('utf8') : '';
      if (attempt >= 3 || !/EADDRINUSE/.test(output)) throw error;
      console.log(`e2e: code-server's port was taken meanwhile (EADDRINUSE); trying another`);
    }
  }
}

async function startCodeServerOn(dirs, port, codeServer) {
  const log = fs.openSync(dirs.log, 'a');
  const child = spawn(
    codeServer,
    [
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--user-data-dir',
      dirs.user,
      '--extensions-dir',
      dirs.extensions,
      dirs.workspace,
    ],
    { env: codeServerEnv(dirs), detached: true, stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  const server = { port, child, pgid: child.pid };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}); see ${dirs.log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopCodeServer(server);
  throw new Error(`code-server did not answer /healthz within 60 s; see ${dirs.log}`);
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends the whole process group: killing only code-server's pid leaves its watcher and extension host. */
async function stopCodeServer(server) {
  if (!server) return;
  const alive = () => groupAlive(server.pgid);
  try {
    process.kill(-server.pgid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-server.pgid, 'SIGKILL');
}

module.exports = { codeServerEnv, groupAlive, startCodeServer, stopCodeServer };
