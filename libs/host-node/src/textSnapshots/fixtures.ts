// The fixed world the text snapshots are taken in: a folder with known files, a git repository whose
// commits have fixed authors and dates (so their ids are the same on every run), a git that commits
// with a fixed clock, and the packs loaded for one model family at a time.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Container } from 'inversify';
import type { ModelInfo, ToolPack, ToolRegistry } from '@toolpacks/registry/host';
import { ContextKeys } from '@toolpacks/services';
import { createNodeHost, type NodeHost } from '../nodeHost';
import { writeFiles } from '../testing';

/**
 * One model per family the packs treat differently (written out here rather than imported, so that
 * the snapshots keep meaning the same models whatever the shared test models become).
 */
export const SNAPSHOT_FAMILIES: Readonly<Record<string, ModelInfo>> = {
  /** No pack has a variant for it: the general tools. */
  general: { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' },
  /** apply_patch and gpt_get_time. */
  gpt41: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  /** apply_patch and gpt_get_time, the GPT-5 selectors. */
  gpt5: { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '1' },
  /** Anthropic's text editor tool. */
  claude: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
  /** Gemini CLI's file, search and listing tools, and the overrides of read_file, grep_search and count_words. */
  gemini: { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' },
};

/** The fixed author and clock of every commit, the fixture's and the ones the tools make. */
const FIXED_IDENTITY = { name: 'Snapshot Author', email: 'snapshot@example.com', date: '2024-01-01T10:00:00+0000' };

/** A debuggee with a function to stop in, a loop to step through and output at the end. */
export const DEBUGGEE = `function add(a, b) {
  const sum = a + b;
  return sum;
}
const label = 'x'.repeat(600);
let total = 0;
for (const item of [1, 2, 3]) {
  total = add(total, item);
}
console.log('total', total, label.length);
`;

const numbered = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => line(i + 1)).join('\n') + '\n';

/** The files of each commit, oldest first; every commit's author and committer date is the next day. */
const COMMITS: readonly { message: string; files: Record<string, string> }[] = [
  {
    message: 'Add the readme and the app',
    files: {
      'README.md': '# Fixture\n\nA small project for the text snapshots.\n',
      '.gitignore': 'ignored.log\n',
      'src/app.js': "const { add } = require('./util');\n// TODO: read the numbers\nconsole.log(add(1, 2));\n",
      'src/util.js': 'function add(a, b) {\n  return a + b;\n}\nmodule.exports = { add };\n',
    },
  },
  {
    message: 'Add the notes',
    files: { 'notes/long.txt': numbered(150, (i) => `line ${String(i).padStart(3, '0')} alpha beta gamma`) },
  },
  {
    message: 'Add many small files',
    files: Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`many/file-${String(i).padStart(2, '0')}.txt`, `needle ${i}\n`]),
    ),
  },
  {
    message: 'Sum three numbers\n\nadd takes an optional third number.',
    files: { 'src/util.js': 'function add(a, b, c = 0) {\n  return a + b + c;\n}\nmodule.exports = { add };\n' },
  },
  {
    message: 'Add the debug program',
    files: { 'program.js': DEBUGGEE },
  },
  {
    message: 'Edit the notes in three places',
    files: {
      'notes/long.txt': numbered(150, (i) =>
        [20, 80, 140].includes(i) ? `line ${i} CHANGED` : `line ${String(i).padStart(3, '0')} alpha beta gamma`,
      ),
    },
  },
];

/** What the working tree holds beyond the last commit: an unstaged change, a staged one, untracked and ignored files. */
const WORKING_TREE = {
  unstaged: {
    'src/app.js': "const { add } = require('./util');\n// Read the numbers from argv.\nconsole.log(add(1, 2, 3));\n",
  },
  staged: { 'README.md': '# Fixture\n\nA small project for the text snapshots, with a staged change.\n' },
  untracked: {
    'new.txt': 'a new file\nwith two lines\n',
    'ignored.log': 'ignored by .gitignore\n',
    ...Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`untracked/u-${String(i).padStart(2, '0')}.txt`, `u${i}\n`]),
    ),
  },
};

/** Git with the fixed clock: the service hands git no GIT_* variable of ours, so a wrapper pins the dates. */
async function writeGitWithFixedClock(folder: string): Promise<string> {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const wrapper = path.join(folder, 'git');
  const date = FIXED_IDENTITY.date;
  await fs.writeFile(
    wrapper,
    `#!/bin/sh\nGIT_AUTHOR_DATE='${date}' GIT_COMMITTER_DATE='${date}' exec '${realGit}' "$@"\n`,
    { mode: 0o755 },
  );
  return wrapper;
}

/** Makes `root` the fixture repository: the commits above on main, two more branches, a tag and the working-tree state. */
async function buildRepository(root: string): Promise<void> {
  const git = (args: string[], day = 1) => {
    const date = `2024-01-${String(day).padStart(2, '0')}T10:00:00+0000`;
    const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: '1' };
    return execFileSync('git', args, { cwd: root, env, stdio: 'pipe', encoding: 'utf8' });
  };
  git(['init', '--quiet', '--initial-branch=main']);
  git(['config', 'user.name', FIXED_IDENTITY.name]);
  git(['config', 'user.email', FIXED_IDENTITY.email]);
  git(['config', 'commit.gpgsign', 'false']);
  git(['config', 'core.autocrlf', 'false']);
  for (const [index, commit] of COMMITS.entries()) {
    await writeFiles(root, commit.files);
    git(['add', '--all']);
    git(['commit', '--quiet', '-m', commit.message], index + 1);
    if (index === 1) git(['tag', 'v1']);
    if (index === 2) git(['branch', 'feature/numbers']);
    if (index === 3) git(['branch', 'release']);
  }
  await writeFiles(root, WORKING_TREE.staged);
  git(['add', 'README.md']);
  await writeFiles(root, { ...WORKING_TREE.unstaged, ...WORKING_TREE.untracked });
}

/** The packs over the fixture for one family's run, as a host runs them. */
export interface SnapshotHarness {
  /** The fixture's folder (its real path). */
  readonly root: string;
  readonly host: NodeHost;
  readonly registry: ToolRegistry;
  /**
   * What the registry reported about structured results since the last {@link takeProblems}: a
   * host logs these and passes the call on (the shared test harness throws instead, which would
   * hide the text the model gets).
   */
  takeProblems(): string[];
  /** The tools `model` is offered now (the host's live context keys). */
  names(model: ModelInfo): string[];
  dispose(): Promise<void>;
}

/**
 * Gives every fixture file a fixed modification time, as Gemini's glob orders by it (files changed in
 * the last day newest first, older ones by path): files under many/ and notes/ are old, the others
 * recent, a minute apart in a fixed order. Writing them left times that differ from run to run.
 */
async function pinModificationTimes(root: string): Promise<void> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith(`.git${path.sep}`))
    .sort();
  const nowSeconds = Math.floor(Date.now() / 1000);
  const oldSeconds = Date.parse('2024-02-01T00:00:00Z') / 1000;
  for (const [index, file] of files.entries()) {
    const seconds = /^(many|notes)\//.test(file) ? oldSeconds + index : nowSeconds - 60 * (index + 1);
    await fs.utimes(path.join(root, file), seconds, seconds);
  }
}

/**
 * `packs` over a fresh fixture, with what `configure` binds beside the host (this file is not a spec,
 * so by the layering it may not import packs itself), and an editor with a selection open.
 */
export async function createSnapshotHarness(
  packs: readonly ToolPack[],
  configure: (container: Container) => void,
): Promise<SnapshotHarness> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-snapshot-')));
  const gitFolder = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-snapshot-git-')));
  await buildRepository(root);
  await pinModificationTimes(root);
  const host = await createNodeHost(root, {
    git: { git: await writeGitWithFixedClock(gitFolder), timeoutMs: 120_000 },
    // A debuggee that has not stopped by then is reported as running: on a loaded machine the
    // default 10 s could change the text; every program here stops or ends on its own.
    debug: { stopWaitMs: 60_000 },
  });
  let problems: string[] = [];
  const { registry, loaded } = await host.createRegistry(packs, configure, {
    onStructuredContentProblem: (tool, found) => problems.push(...found.map((p) => `${tool}: ${p}`)),
  });
  const refused = loaded.filter((p) => !p.loaded).flatMap((p) => p.diagnostics.map((d) => d.message));
  if (refused.length) throw new Error(refused.join('\n'));
  host.contextKeys.set(ContextKeys.hasOpenEditors, true);
  host.contextKeys.set('editorHasSelection', true);
  return {
    root,
    host,
    registry,
    takeProblems: () => [problems, (problems = [])][0],
    names: (model) => registry.resolve({ model, context: host.contextKeys.values }).tools.map((t) => t.name),
    async dispose() {
      await host.debug.stop();
      host.dispose();
      await registry.dispose();
      await fs.rm(root, { recursive: true, force: true });
      await fs.rm(gitFolder, { recursive: true, force: true });
    },
  };
}
