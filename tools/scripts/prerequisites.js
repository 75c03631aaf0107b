// What the tests need from Debian, installed before the first test so that `npm test` passes on
// its own on a fresh machine: git (the git pack and its tests run the real binary), ripgrep (search
// uses it where present; the built-in scanner covers its absence), and for the tests in real
// VS Code chromium and libkrb5-dev (code-server's native build). Installs what is missing when run
// as root (as CI and these machines are); otherwise says exactly what to install.
const { spawnSync } = require('node:child_process');

const PACKAGES = {
  git: 'the git pack and its tests run the real git binary',
  ripgrep: 'search runs ripgrep where present (the tests compare it with the built-in scanner)',
  chromium: 'the tests in real VS Code drive code-server with headless Chromium',
  'libkrb5-dev': "code-server's native modules build against it",
};

// A second checkout's npm test (or unattended upgrades) may hold dpkg's lock: wait for it rather than fail.
const WAIT_FOR_DPKG_LOCK = ['-o', 'DPkg::Lock::Timeout=600'];

function missingPackages(names) {
  return names.filter((name) => {
    const probe = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return probe.error || probe.stdout !== 'install ok installed';
  });
}

/** Installs the missing packages of `names`; returns the ones still missing, with why they matter. */
function ensureDebianPackages(names = Object.keys(PACKAGES), log = console.log) {
  const hasDpkg = !spawnSync('dpkg-query', ['--version'], { stdio: 'ignore' }).error;
  if (!hasDpkg) return [];
  const missing = missingPackages(names);
  if (!missing.length) return [];
  if (process.getuid?.() === 0) {
    log(`Installing ${missing.join(', ')} from Debian (needed by the tests)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', [...WAIT_FOR_DPKG_LOCK, 'update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    spawnSync('apt-get', [...WAIT_FOR_DPKG_LOCK, 'install', '-y', '-qq', '--no-install-recommends', ...missing], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  }
  const still = missingPackages(missing);
  for (const name of still)
    log(
      `Missing Debian package '${name}': ${PACKAGES[name] ?? 'the tests need it'}. Install it with: sudo apt-get install ${name}`,
    );
  return still;
}

module.exports = { ensureDebianPackages, PACKAGES };
