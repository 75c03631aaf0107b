// Installs a tool into a folder of a cache that several runs share (two checkouts running `npm test`
// at once share ~/.cache/toolpacks-e2e), so that no run ever sees a half-installed folder:
// - each attempt installs into a fresh temporary folder beside the target, writes a completion
//   marker last, and renames the folder into place (a rename is atomic); a reader trusts a folder
//   only when its marker names what it wants;
// - a lock (a file holding the owner's pid, host and a token, kept fresh by a heartbeat) lets one
//   run install while the others wait for its result; a lock whose pid is dead, or whose heartbeat
//   stopped, is broken. The lock only saves work: if two runs ever install at once, the loser of
//   the rename uses the winner's folder;
// - the installer's whole stdout and stderr go to a log file under <cache>/logs (its tail and path
//   are printed on failure); a failed attempt's folder is removed and the install retried.
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MARKER = '.toolpacks-install.json';
const LOGS_KEPT = 10;

/** The marker of a completed install, or undefined. */
function readMarker(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when `dir` is a finished install of `id` (what was installed, e.g. `code-server@4.139.1`). */
function isInstalled(dir, id) {
  return readMarker(dir)?.id === id;
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/** Removes a folder without ever leaving a half-removed one under its own name: renamed aside first. */
function removeDir(dir) {
  const aside = `${dir}.trash-${unique()}`;
  try {
    fs.renameSync(dir, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

/** A lock file created atomically with its contents (written beside, then hard-linked into place). */
class Lock {
  constructor(file, { staleAfterMs, heartbeatMs, log }) {
    this.file = file;
    this.log = log;
    this.staleAfterMs = staleAfterMs;
    this.heartbeatMs = heartbeatMs;
    this.token = crypto.randomBytes(8).toString('hex');
  }

  /** The current owner ({pid, host, token, since}) and whether the lock may be broken; undefined when free. */
  inspect() {
    let text;
    let stat;
    try {
      stat = fs.statSync(this.file);
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    }
    let owner;
    try {
      owner = JSON.parse(text);
    } catch {
      owner = {};
    }
    const silentMs = Date.now() - stat.mtimeMs;
    const dead = owner.host === os.hostname() && Number.isInteger(owner.pid) && !pidAlive(owner.pid);
    return {
      owner,
      stale: dead || silentMs > this.staleAfterMs,
      why: dead ? `pid ${owner.pid} has exited` : `no heartbeat for ${Math.round(silentMs / 1000)} s`,
    };
  }

  tryAcquire() {
    const draft = `${this.file}.draft-${unique()}`;
    fs.writeFileSync(
      draft,
      JSON.stringify({
        pid: process.pid,
        host: os.hostname(),
        token: this.token,
        since: new Date().toISOString(),
        log: this.log,
      }),
    );
    try {
      fs.linkSync(draft, this.file);
    } catch (error) {
      if (error.code === 'EEXIST') return false;
      throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    // The heartbeat: a live owner's lock never looks silent, however long the install takes.
    this.timer = setInterval(() => {
      try {
        const now = new Date();
        fs.utimesSync(this.file, now, now);
      } catch {
        // broken by someone who thought us gone: the rename below still keeps the cache whole
      }
    }, this.heartbeatMs);
    this.timer.unref();
    this.onExit = () => this.release();
    process.on('exit', this.onExit);
    return true;
  }

  /** Breaks a stale lock whose token was `token`; puts back a lock that turned out to be a new owner's. */
  breakStale(token) {
    const aside = `${this.file}.stale-${unique()}`;
    try {
      fs.renameSync(this.file, aside);
    } catch (error) {
      if (error.code === 'ENOENT') return;
      throw error;
    }
    let taken;
    try {
      taken = JSON.parse(fs.readFileSync(aside, 'utf8')).token;
    } catch {
      taken = undefined;
    }
    if (taken !== token) {
      try {
        fs.linkSync(aside, this.file);
      } catch {
        // someone else holds it now; the atomic rename of installs keeps both right
      }
    }
    fs.rmSync(aside, { force: true });
  }

  release() {
    clearInterval(this.timer);
    if (this.onExit) process.removeListener('exit', this.onExit);
    this.onExit = undefined;
    try {
      if (JSON.parse(fs.readFileSync(this.file, 'utf8')).token === this.token) fs.rmSync(this.file, { force: true });
    } catch {
      // already gone
    }
  }
}

/**
 * Runs a command with its stdout and stderr appended to `logFile` (the whole output, as it comes).
 * Resolves when it exits 0; rejects otherwise, or after `timeoutMs` (its process group is killed).
 */
function runLogged(command, args, { cwd, env = process.env, logFile, timeoutMs = 30 * 60_000 }) {
  return new Promise((resolve, reject) => {
    const fd = fs.openSync(logFile, 'a');
    fs.writeSync(fd, `\n$ ${command} ${args.join(' ')}   (in ${cwd})\n`);
    let child;
    try {
      child = spawn(command, args, { cwd, env, stdio: ['ignore', fd, fd], detached: true });
    } finally {
      fs.closeSync(fd);
    }
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(killGroup, timeoutMs);
    // The installer has its own process group (so a timeout ends its whole tree), which Ctrl-C does not reach: end it with us.
    const onSignal = (signal) => {
      killGroup();
      process.exit(128 + os.constants.signals[signal]);
    };
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, onSignal);
    const done = () => {
      clearTimeout(timer);
      for (const signal of signals) process.removeListener(signal, onSignal);
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('exit', (code, signal) => {
      done();
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${path.basename(command)} ${args.join(' ')} failed (${signal ? `${signal}${signal === 'SIGKILL' ? `, after the ${timeoutMs / 1000} s limit` : ''}` : `exit ${code}`})`,
          ),
        );
    });
  });
}

/** The last `lines` lines of a file from byte `from` on. */
function tail(file, from = 0, lines = 40) {
  try {
    const text = fs.readFileSync(file).subarray(from).toString('utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** What runs that died left: temporary install folders, half-removed folders, lock drafts. */
function removeLeftovers(cache, name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const leftover = new RegExp(`^\\.?${escaped}(\\.lock)?\\.(tmp|trash|draft|stale)-(\\d+)-`);
  for (const entry of fs.readdirSync(cache)) {
    const match = leftover.exec(entry);
    if (match && !pidAlive(Number(match[3]))) fs.rmSync(path.join(cache, entry), { recursive: true, force: true });
  }
}

/** Keeps the newest LOGS_KEPT logs of `name`. */
function pruneLogs(logs, name) {
  const mine = fs
    .readdirSync(logs)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.log'))
    .map((f) => ({ f, t: fs.statSync(path.join(logs, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of mine.slice(LOGS_KEPT)) fs.rmSync(path.join(logs, f), { force: true });
}

/**
 * Makes `<cache>/<name>` a finished install of `id` and returns its path.
 * - install(dir, logFile): fills the empty folder `dir` (not the final one: installs must not
 *   depend on where they end up); runLogged keeps a command's output in logFile.
 * - verify(dir): resolves to an error message when the installed folder does not work, else undefined.
 * Already installed (and verified): returns at once. Otherwise takes the lock (waiting while a live
 * run holds it, then using what it installed), installs, verifies, marks and renames into place;
 * a failed attempt's folder is removed and the install retried, `attempts` times in all.
 */
async function installOnce({
  cache,
  name,
  id,
  install,
  verify = async () => undefined,
  label = id,
  attempts = 3,
  say = console.log,
  pollMs = 1000,
  staleAfterMs = 120_000,
  heartbeatMs = 5000,
  waitTimeoutMs = 60 * 60_000,
}) {
  const target = path.join(cache, name);
  const ready = async () => isInstalled(target, id) && !(await verify(target));
  fs.mkdirSync(cache, { recursive: true });
  if (await ready()) return target;

  const logs = path.join(cache, 'logs');
  const logFile = path.join(logs, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
  const lock = new Lock(path.join(cache, `.${name}.lock`), { staleAfterMs, heartbeatMs, log: logFile });
  const waitStart = Date.now();
  let toldAt = 0;
  while (!lock.tryAcquire()) {
    const state = lock.inspect();
    if (state?.stale) {
      say(`breaking the install lock of ${label} (${state.why})`);
      lock.breakStale(state.owner.token);
      continue;
    }
    if (state && Date.now() - toldAt > 60_000) {
      const since = toldAt ? ` (still, after ${Math.round((Date.now() - waitStart) / 1000)} s)` : '';
      say(
        `waiting for pid ${state.owner.pid}, which is installing ${label} into ${cache}${since}; its output: ${state.owner.log ?? 'unknown'}`,
      );
      toldAt = Date.now();
    }
    if (Date.now() - waitStart > waitTimeoutMs)
      throw new Error(
        `${label}: gave up waiting ${Math.round(waitTimeoutMs / 1000)} s for the install lock ${lock.file} (held by ${JSON.stringify(state?.owner)})`,
      );
    await sleep(pollMs + Math.random() * pollMs);
  }

  try {
    // Whoever held the lock before may have installed it meanwhile.
    if (await ready()) return target;
    // Marked finished but not working (a damaged cache): the rename below keeps a marked folder, so remove it first.
    if (isInstalled(target, id)) {
      say(`${target} is marked installed but does not work (${await verify(target)}); installing it again`);
      removeDir(target);
    }
    removeLeftovers(cache, name);
    fs.mkdirSync(logs, { recursive: true });
    say(`installing ${label} into ${target} (output: ${logFile})…`);
    let lastError;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const temp = path.join(cache, `.${name}.tmp-${unique()}`);
      fs.mkdirSync(temp);
      const from = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      fs.appendFileSync(
        logFile,
        `\n=== ${label}: attempt ${attempt} of ${attempts}, pid ${process.pid}, ${new Date().toISOString()}, into ${temp}\n`,
      );
      try {
        await install(temp, logFile);
        const broken = await verify(temp);
        if (broken) throw new Error(`installed, but it does not work: ${broken}`);
        fs.writeFileSync(
          path.join(temp, MARKER),
          JSON.stringify({ id, pid: process.pid, at: new Date().toISOString(), log: logFile }) + '\n',
        );
        publish(temp, target, id);
        fs.appendFileSync(logFile, `\n=== ${label}: installed into ${target}\n`);
        pruneLogs(logs, name);
        return target;
      } catch (error) {
        lastError = error;
        fs.appendFileSync(logFile, `\n=== ${label}: attempt ${attempt} failed: ${error.message}\n`);
        fs.rmSync(temp, { recursive: true, force: true });
        say(
          `the install of ${label} failed (attempt ${attempt} of ${attempts}): ${error.message}\n--- last lines of ${logFile}:\n${tail(logFile, from)}\n---`,
        );
        if (attempt < attempts) say(`removed the failed attempt's folder; installing ${label} again…`);
      }
    }
    throw new Error(
      `${label} did not install after ${attempts} attempts (${lastError?.message}); the installer's whole output is in ${logFile}`,
    );
  } finally {
    lock.release();
  }
}

/** Renames the finished `temp` into `target`; a finished install already there wins, anything else there is replaced. */
function publish(temp, target, id) {
  for (let i = 0; ; i++) {
    try {
      fs.renameSync(temp, target);
      return;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes(error.code) || i >= 3) throw error;
    }
    if (isInstalled(target, id)) {
      fs.rmSync(temp, { recursive: true, force: true });
      return;
    }
    // An unfinished or older install (or a folder from before the marker existed) is in the way.
    removeDir(target);
  }
}

module.exports = { installOnce, isInstalled, runLogged, tail, MARKER };
