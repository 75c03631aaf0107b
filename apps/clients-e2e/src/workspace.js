// The folder each client works in: a temporary git repository with one committed file, and the
// command line that serves our tools over MCP in it (`toolpacks mcp` from this checkout, over stdio).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { FILE, BEFORE } = require('./agent');

const repo = path.resolve(__dirname, '../../..');
const TOOLPACKS = path.join(repo, 'apps/cli/bin/toolpacks.js');

/** A fresh run folder: {home (the client's config and HOME), work (the git repository), remove()}. */
function makeWorkspace(client) {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `toolpacks-${client}-`)));
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  fs.mkdirSync(home);
  fs.mkdirSync(work);
  const git = (...args) => execFileSync('git', args, { cwd: work, stdio: 'pipe', encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Client Test');
  git('config', 'user.email', 'client-test@example.invalid');
  git('config', 'commit.gpgsign', 'false');
  fs.writeFileSync(path.join(work, FILE), BEFORE);
  git('add', FILE);
  git('commit', '-q', '-m', 'Add notes');
  return { base, home, work, git, remove: () => fs.rmSync(base, { recursive: true, force: true }) };
}

/**
 * The server command every client is configured with: `node …/toolpacks.js mcp --root . --yes`
 * (`yes: false`: without --yes, so that what the server itself asks is asked through the client).
 */
function serverCommand({ yes = true } = {}) {
  return { command: process.execPath, args: [TOOLPACKS, 'mcp', '--root', '.', ...(yes ? ['--yes'] : [])] };
}

module.exports = { makeWorkspace, serverCommand, TOOLPACKS, repo };
