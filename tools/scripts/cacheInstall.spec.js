// cacheInstall.js: one install per cache folder however many runs ask at once, no half-installed
// folder ever under the final name, the installer's whole output kept, a failed attempt cleaned and retried.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterEach, beforeEach, expect, test } = require('@jest/globals');
const { installOnce, isInstalled, runLogged, MARKER } = require('./cacheInstall');

let cache;
let said;
const say = (line) => said.push(line);
beforeEach(() => {
  cache = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-cache-install-'));
  said = [];
});
afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

/** An installer that writes a file, prints to stdout and stderr through a real child process, and counts its calls. */
function fakeInstaller({ fail = 0 } = {}) {
  const calls = [];
  const install = async (dir, logFile) => {
    calls.push(dir);
    fs.writeFileSync(path.join(dir, 'half.txt'), 'half');
    const failing = calls.length <= fail;
    const script = `console.log('out of attempt ${calls.length}'); console.error('err of attempt ${calls.length}'); process.exit(${failing ? 1 : 0})`;
    await runLogged(process.execPath, ['-e', script], { cwd: dir, logFile });
    fs.writeFileSync(path.join(dir, 'tool.txt'), 'v1');
  };
  return { install, calls };
}
const leftovers = () => fs.readdirSync(cache).filter((f) => f !== 'tool' && f !== 'logs');
const logText = () =>
  fs
    .readdirSync(path.join(cache, 'logs'))
    .map((f) => fs.readFileSync(path.join(cache, 'logs', f), 'utf8'))
    .join('\n');

test('installs into a temporary folder, marks it finished and renames it into place; the next call reuses it', async () => {
  const { install, calls } = fakeInstaller();
  const target = await installOnce({ cache, name: 'tool', id: 'tool@1', install, say });
  expect(target).toBe(path.join(cache, 'tool'));
  expect(calls).toHaveLength(1);
  expect(path.dirname(calls[0])).toBe(cache);
  expect(calls[0]).not.toBe(target);
  expect(fs.readFileSync(path.join(target, 'tool.txt'), 'utf8')).toBe('v1');
  expect(isInstalled(target, 'tool@1')).toBe(true);
  expect(isInstalled(target, 'tool@2')).toBe(false);
  expect(leftovers()).toEqual([]);
  expect(logText()).toContain('out of attempt 1');
  expect(logText()).toContain('err of attempt 1');

  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say });
  expect(calls).toHaveLength(1);
});

test('a failed attempt is removed and retried; the log keeps every attempt, the failure prints its tail and path', async () => {
  const { install, calls } = fakeInstaller({ fail: 1 });
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say });
  expect(calls).toHaveLength(2);
  expect(fs.existsSync(calls[0])).toBe(false);
  expect(logText()).toMatch(/out of attempt 1[\s\S]*err of attempt 1[\s\S]*attempt 1 failed[\s\S]*out of attempt 2/);
  const failure = said.find((line) => line.includes('failed (attempt 1 of 3)'));
  expect(failure).toContain('err of attempt 1');
  expect(failure).toContain(path.join(cache, 'logs'));
  expect(leftovers()).toEqual([]);
});

test('when every attempt fails it says where the whole output is, and leaves no folder and no lock', async () => {
  const { install, calls } = fakeInstaller({ fail: 5 });
  await expect(installOnce({ cache, name: 'tool', id: 'tool@1', install, say, attempts: 2 })).rejects.toThrow(
    /did not install after 2 attempts .*whole output is in .*logs\/tool-.*\.log/,
  );
  expect(calls).toHaveLength(2);
  expect(leftovers()).toEqual([]);
  expect(fs.existsSync(path.join(cache, 'tool'))).toBe(false);
});

test('an install that does not verify is a failed attempt; a finished folder that stops verifying is reinstalled', async () => {
  const { install, calls } = fakeInstaller();
  let verifications = 0;
  const verify = async (dir) =>
    fs.existsSync(path.join(dir, 'tool.txt')) && ++verifications !== 1 ? undefined : 'broken';
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, verify, say });
  expect(calls).toHaveLength(2);
  fs.rmSync(path.join(cache, 'tool', 'tool.txt'));
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, verify, say });
  expect(calls).toHaveLength(3);
  expect(fs.existsSync(path.join(cache, 'tool', 'tool.txt'))).toBe(true);
});

test('an unmarked folder (half-installed, or from before markers) or another version in the way is replaced', async () => {
  fs.mkdirSync(path.join(cache, 'tool'));
  fs.writeFileSync(path.join(cache, 'tool', 'old.txt'), 'half-installed');
  const { install } = fakeInstaller();
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say });
  expect(fs.readdirSync(path.join(cache, 'tool')).sort()).toEqual([MARKER, 'half.txt', 'tool.txt']);
  await installOnce({ cache, name: 'tool', id: 'tool@2', install, say });
  expect(isInstalled(path.join(cache, 'tool'), 'tool@2')).toBe(true);
  expect(leftovers()).toEqual([]);
});

test('the loser of a rename race uses the finished folder already there', async () => {
  // Another run (one that did not see the lock) finishes first, while this one installs.
  const install = async (dir) => {
    fs.mkdirSync(path.join(cache, 'tool'));
    fs.writeFileSync(path.join(cache, 'tool', 'theirs.txt'), '');
    fs.writeFileSync(path.join(cache, 'tool', MARKER), JSON.stringify({ id: 'tool@1' }));
    fs.writeFileSync(path.join(dir, 'ours.txt'), '');
  };
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say });
  expect(fs.existsSync(path.join(cache, 'tool', 'theirs.txt'))).toBe(true);
  expect(fs.existsSync(path.join(cache, 'tool', 'ours.txt'))).toBe(false);
  expect(leftovers()).toEqual([]);
});

test("a dead run's lock is broken and its temporary folder removed", async () => {
  const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  const pid = Number(dead.stdout.trim());
  fs.writeFileSync(path.join(cache, '.tool.lock'), JSON.stringify({ pid, host: os.hostname(), token: 'dead' }));
  fs.mkdirSync(path.join(cache, `.tool.tmp-${pid}-abcd`));
  const { install, calls } = fakeInstaller();
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say, pollMs: 10 });
  expect(calls).toHaveLength(1);
  expect(said.join('\n')).toContain(`pid ${pid} has exited`);
  expect(leftovers()).toEqual([]);
});

test('a lock whose heartbeat stopped is broken, though its pid lives (pid reuse, a frozen run)', async () => {
  const lock = path.join(cache, '.tool.lock');
  fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: os.hostname(), token: 'silent' }));
  const old = new Date(Date.now() - 10 * 60_000);
  fs.utimesSync(lock, old, old);
  const { install, calls } = fakeInstaller();
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say, pollMs: 10 });
  expect(calls).toHaveLength(1);
  expect(said.join('\n')).toMatch(/no heartbeat for \d+ s/);
});

test('while a live run holds the lock the others wait, then use what it installed', async () => {
  const lock = path.join(cache, '.tool.lock');
  fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), token: 'live' }));
  const { install, calls } = fakeInstaller();
  const waiting = installOnce({ cache, name: 'tool', id: 'tool@1', install, say, pollMs: 20 });
  await new Promise((r) => setTimeout(r, 300));
  expect(said.join('\n')).toContain(`waiting for pid ${process.pid}`);
  // The holder finishes: its folder appears (by rename) and its lock goes.
  const theirs = path.join(cache, '.tool.tmp-x');
  fs.mkdirSync(theirs);
  fs.writeFileSync(path.join(theirs, MARKER), JSON.stringify({ id: 'tool@1' }));
  fs.renameSync(theirs, path.join(cache, 'tool'));
  fs.rmSync(lock);
  await waiting;
  expect(calls).toHaveLength(0);
});

test('several processes asking at once: one installs, all get the finished folder', async () => {
  const counter = path.join(cache, 'installs.txt');
  const child = `
    const fs = require('node:fs'), path = require('node:path');
    const { installOnce } = require(${JSON.stringify(require.resolve('./cacheInstall'))});
    installOnce({
      cache: ${JSON.stringify(cache)}, name: 'tool', id: 'tool@1', say: () => {}, pollMs: 50,
      install: async (dir) => {
        fs.appendFileSync(${JSON.stringify(counter)}, process.pid + '\\n');
        for (let i = 0; i < 20; i++) { fs.writeFileSync(path.join(dir, 'part' + i), 'x'); await new Promise((r) => setTimeout(r, 50)); }
      },
    }).then((target) => console.log(fs.readdirSync(target).length + ' files in ' + target), (e) => { console.error(e); process.exit(1); });`;
  const runs = Array.from(
    { length: 4 },
    () =>
      new Promise((resolve) => {
        const p = spawn(process.execPath, ['-e', child], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (out += d));
        p.on('close', (status) => resolve({ status, out: out.trim() }));
      }),
  );
  const results = await Promise.all(runs);
  for (const r of results) expect(r).toEqual({ status: 0, out: `21 files in ${path.join(cache, 'tool')}` });
  expect(fs.readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
  expect(fs.readdirSync(cache).sort()).toEqual(['installs.txt', 'logs', 'tool']);
}, 30_000);

test('runLogged keeps stdout and stderr in the log and rejects with the exit status', async () => {
  const log = path.join(cache, 'run.log');
  await expect(
    runLogged(process.execPath, ['-e', "console.log('to stdout'); console.error('to stderr'); process.exit(3)"], {
      cwd: cache,
      logFile: log,
    }),
  ).rejects.toThrow(/failed \(exit 3\)/);
  expect(fs.readFileSync(log, 'utf8')).toMatch(/to stdout[\s\S]*to stderr/);
  await expect(
    runLogged(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { cwd: cache, logFile: log, timeoutMs: 200 }),
  ).rejects.toThrow(/SIGKILL, after the 0.2 s limit/);
});

test('a run stopped mid-install (Ctrl-C, SIGTERM) ends its installer and frees the lock; the next run starts clean', async () => {
  const pidFile = path.join(cache, 'installer.pid');
  const child = `
    const { installOnce, runLogged } = require(${JSON.stringify(require.resolve('./cacheInstall'))});
    installOnce({ cache: ${JSON.stringify(cache)}, name: 'tool', id: 'tool@1', say: () => {},
      install: (dir, logFile) => runLogged('sh', ['-c', 'echo $$ > ${pidFile}; exec sleep 60'], { cwd: dir, logFile }) });`;
  const run = spawn(process.execPath, ['-e', child], { stdio: 'ignore' });
  while (!fs.existsSync(pidFile) || !fs.readFileSync(pidFile, 'utf8').trim())
    await new Promise((r) => setTimeout(r, 50));
  const installer = Number(fs.readFileSync(pidFile, 'utf8'));
  run.kill('SIGTERM');
  const status = await new Promise((resolve) => run.on('close', (code, signal) => resolve(code ?? signal)));
  expect(status).toBe(143);
  await new Promise((r) => setTimeout(r, 200));
  // Gone, or a zombie waiting for whoever adopted it to reap it.
  const state = fs.existsSync(`/proc/${installer}/stat`)
    ? fs.readFileSync(`/proc/${installer}/stat`, 'utf8').split(') ')[1][0]
    : 'gone';
  expect(['gone', 'Z']).toContain(state);
  expect(fs.existsSync(path.join(cache, '.tool.lock'))).toBe(false);
  const { install, calls } = fakeInstaller();
  await installOnce({ cache, name: 'tool', id: 'tool@1', install, say });
  expect(calls).toHaveLength(1);
  expect(leftovers()).toEqual(['installer.pid']);
}, 30_000);
