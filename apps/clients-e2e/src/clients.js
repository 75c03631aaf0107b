// How each client is configured and run, the ordinary way its documentation gives, against its
// stand-in: Claude Code (`claude mcp add`, then `claude -p`), Codex (`config.toml` with a custom
// model provider and `[mcp_servers.toolpacks]`, then `codex exec`) and Gemini CLI (`settings.json`
// `mcpServers` with trust, the folder trusted, then `gemini -p`). Each runs in its own temporary
// HOME, so nothing of the person's own configuration is read or written; telemetry, update checks
// and other traffic are switched off: the only endpoint is the stand-in on 127.0.0.1.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { binOf, clientPath } = require('./clientsToolchain');
const { startStandIn, startRefusingProxy } = require('./standIn');
const { anthropicHandler } = require('./anthropic');
const { openaiHandler } = require('./openai');
const { geminiHandler } = require('./gemini');
const { makeWorkspace, serverCommand } = require('./workspace');

const TASK = 'In notes.txt, change "world" to "there", then commit the change.';
const RUN_TIMEOUT_MS = 240_000;

/** Runs `bin args` to its end (or the timeout, then its process group is killed): {status, output}. */
function runClient(bin, args, { cwd, env, timeoutMs = RUN_TIMEOUT_MS }) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      // Servers the client started and left behind go with its group.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Nothing left.
      }
      resolve({ status, signal, timedOut, output });
    });
  });
}

/** The environment a client runs in: only what it needs, with HOME in the run's folder. */
function baseEnv(ws, extra) {
  const proxy = ws.proxy.url;
  return {
    PATH: clientPath(),
    HOME: ws.home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    CI: '1',
    ...{ HTTPS_PROXY: proxy, HTTP_PROXY: proxy, https_proxy: proxy, http_proxy: proxy, ALL_PROXY: proxy },
    ...{ NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' },
    ...extra,
  };
}

/** One session of a client through its stand-in: {ws, record, requests, run}. `options.script === false`: the model answers at once. */
async function session(client, options = {}) {
  const ws = makeWorkspace(client);
  const record = { agentRequests: [], script: options.script };
  const handler = { claude: anthropicHandler, codex: openaiHandler, gemini: geminiHandler }[client]({
    root: ws.work,
    record,
  });
  const standIn = await startStandIn(handler);
  ws.proxy = await startRefusingProxy();
  try {
    const run = await { claude: runClaude, codex: runCodex, gemini: runGemini }[client](ws, standIn, options);
    return { ws, record, requests: standIn.requests, run, elsewhere: ws.proxy.attempts };
  } finally {
    await standIn.close();
    await ws.proxy.close();
  }
}

async function runClaude(ws, standIn, options) {
  const server = serverCommand(options);
  const env = baseEnv(ws, {
    CLAUDE_CONFIG_DIR: path.join(ws.home, '.claude'),
    ANTHROPIC_BASE_URL: standIn.url,
    ANTHROPIC_API_KEY: 'sk-ant-stand-in',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    // `claude -p` does not wait for MCP servers by default: its first request may go out before our
    // server has listed its tools. "0" makes it wait (the README says so for scripted use).
    MCP_CONNECTION_NONBLOCKING: '0',
  });
  const add = spawnSync(binOf('claude'), ['mcp', 'add', 'toolpacks', '--', server.command, ...server.args], {
    cwd: ws.work,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (add.status !== 0) return { status: add.status, output: `claude mcp add failed: ${add.stdout}${add.stderr}` };
  // -p cannot ask the person: the calls a person would allow are allowed up front (our server's, and
  // Claude's own Edit, which the agent uses when our editor is not there).
  return runClient(
    binOf('claude'),
    ['-p', TASK, '--allowedTools', 'mcp__toolpacks', 'Edit', '--output-format', 'json'],
    {
      cwd: ws.work,
      env,
    },
  );
}

/** Codex's config.toml: the stand-in as a custom provider, our server as an MCP server. */
function codexConfig(url, { required, model, yes }) {
  const server = serverCommand({ yes });
  const toml = (value) => JSON.stringify(value);
  return [
    // No model: Codex's default (a current model from its catalog, which works in code mode: its
    // tools nested in one JavaScript `exec` tool, MCP tools deferred). `model` names another.
    ...(model ? [`model = ${toml(model)}`] : []),
    'model_provider = "stand-in"',
    // `codex exec` cannot ask the person: nothing is asked, and our tools are approved for this
    // server (its own questions, for what only it can judge, still go through elicitation or --yes).
    'approval_policy = "never"',
    'sandbox_mode = "workspace-write"',
    'check_for_update_on_startup = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    // Without these Codex reaches github.com (the plugin marketplace) and chatgpt.com (apps, remote
    // plugins) at start-up: off, nothing but the stand-in is contacted.
    '[features]',
    'plugins = false',
    'remote_plugin = false',
    'apps = false',
    '',
    '[model_providers.stand-in]',
    'name = "Stand-in"',
    `base_url = ${toml(`${url}/v1`)}`,
    'env_key = "STAND_IN_API_KEY"',
    'wire_api = "responses"',
    '',
    '[mcp_servers.toolpacks]',
    `command = ${toml(server.command)}`,
    `args = ${toml(server.args)}`,
    'default_tools_approval_mode = "approve"',
    ...(required ? ['required = true'] : []),
    '',
  ].join('\n');
}

async function runCodex(ws, standIn, { required = false, model, yes } = {}) {
  const codexHome = path.join(ws.home, '.codex');
  fs.mkdirSync(codexHome);
  fs.writeFileSync(path.join(codexHome, 'config.toml'), codexConfig(standIn.url, { required, model, yes }));
  const env = baseEnv(ws, { CODEX_HOME: codexHome, STAND_IN_API_KEY: 'sk-stand-in' });
  return runClient(binOf('codex'), ['exec', TASK], { cwd: ws.work, env });
}

/** Gemini CLI's settings.json: our server, trusted (its calls not confirmed again by the CLI). */
function geminiSettings(options) {
  const server = serverCommand(options);
  return {
    mcpServers: { toolpacks: { command: server.command, args: server.args, trust: true } },
    security: { auth: { selectedType: 'gemini-api-key' } },
    telemetry: { enabled: false },
    privacy: { usageStatisticsEnabled: false },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
  };
}

async function runGemini(ws, standIn, options) {
  const dir = path.join(ws.home, '.gemini');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(geminiSettings(options), null, 2));
  // The workspace trusted as "Trust folder" in the interactive dialog records it.
  fs.writeFileSync(path.join(dir, 'trustedFolders.json'), JSON.stringify({ [ws.work]: 'TRUST_FOLDER' }));
  const env = baseEnv(ws, { GEMINI_API_KEY: 'stand-in-key', GOOGLE_GEMINI_BASE_URL: standIn.url });
  return runClient(binOf('gemini'), ['-p', TASK, '--approval-mode', 'yolo'], { cwd: ws.work, env });
}

module.exports = { session, codexConfig, geminiSettings, TASK };
