// The client profile (libs/mcp-server/src/clientProfiles.ts) says which of our tools a client's own
// tools make redundant; this checks the claim against what the real client's model received: each
// job the profile leaves to the client must be done by a tool the model actually has. The profile is
// read the way a person reads it, `toolpacks resolve --client NAME --json`.
const { spawnSync } = require('node:child_process');
const { TOOLPACKS } = require('./workspace');

/** The `clientInfo.name` each client sends in its initialize request (clientFamilies.ts). */
const CLIENT_INFO = { claude: 'claude-code', codex: 'codex-mcp-client', gemini: 'gemini-cli-mcp-client' };

const profiles = new Map();

/** What `toolpacks resolve --client` leaves out for `client`: [{tool, job, builtIn}], read once per client. */
function leftOutFor(client, cwd) {
  if (!profiles.has(client)) {
    const run = spawnSync(process.execPath, [TOOLPACKS, 'resolve', '--client', CLIENT_INFO[client], '--json'], {
      cwd,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (run.status !== 0)
      throw new Error(`toolpacks resolve --client failed (${run.status}): ${run.stderr.slice(-600)}`);
    profiles.set(client, JSON.parse(run.stdout).client.leftOut);
  }
  return profiles.get(client);
}

/** The jobs the profile leaves to the client for which the model has none of the client's tools named. */
function jobsWithoutBuiltIn(leftOut, modelTools) {
  const jobs = new Map();
  for (const { tool, job, builtIn } of leftOut) {
    const entry = jobs.get(job) ?? { job, builtIn, leftOut: [] };
    entry.leftOut.push(tool);
    jobs.set(job, entry);
  }
  return [...jobs.values()].filter((entry) => !entry.builtIn.some((name) => modelTools.includes(name)));
}

/** The check of one task session: every job left to the client has a tool of the client's. */
function profileCheck(client, modelTools, cwd) {
  return {
    name: "the jobs our profile leaves to the client are done by the client's own tools",
    run: () => {
      const leftOut = leftOutFor(client, cwd);
      const missing = jobsWithoutBuiltIn(leftOut, modelTools);
      if (missing.length)
        throw new Error(
          missing
            .map(
              (m) =>
                `${m.job}: none of ${m.builtIn.join(', ')} among the model's tools, yet ${m.leftOut.join(', ')} left out`,
            )
            .join('; ') + ` (the client's tools: ${modelTools.join(', ')})`,
        );
      const jobs = new Set(leftOut.map((l) => l.job));
      return `${jobs.size} jobs, ${leftOut.length} tools of ours left out, each job done by a tool the model has`;
    },
  };
}

module.exports = { profileCheck, jobsWithoutBuiltIn, CLIENT_INFO };
