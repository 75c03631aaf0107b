// What a commit would record and which of the repository's programs it would run (hooks, signing,
// filters), so the confirmation can show it and the commit can refuse to run what was not shown.
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { CommitDescription, RepositoryPrograms } from '@toolpacks/services';
import { repositoryFilterPrograms, type ConfigEntry } from './gitSafety';

/** Hooks `git commit` may run, in order (reference-transaction when it moves the branch). */
export const COMMIT_HOOKS = [
  'pre-commit',
  'prepare-commit-msg',
  'commit-msg',
  'reference-transaction',
  'post-index-change',
  'post-commit',
] as const;

/** Hooks of the other writes: the index written (add), files checked out of the index or HEAD (restore, staged too), a ref moved (branch), a checkout (switch). */
export const ADD_HOOKS = ['post-index-change'] as const;
export const RESTORE_HOOKS = ['post-checkout', 'post-index-change'] as const;
export const BRANCH_HOOKS = ['reference-transaction'] as const;
export const SWITCH_HOOKS = ['post-checkout', 'reference-transaction', 'post-index-change'] as const;

export interface CommitPlanInputs {
  /** The hooks folder git would use (`git rev-parse --git-path hooks`, core.hooksPath honoured), absolute. */
  readonly hooksDir: string;
  /** The config as git reads it (system, global, local, included), without our own overrides. */
  readonly config: readonly ConfigEntry[];
  readonly trustRepositoryConfig: boolean;
  readonly files: readonly string[];
  readonly outsideStagedCount: number;
}

export async function executableHooks(hooksDir: string, names: readonly string[] = COMMIT_HOOKS): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) {
    const hook = path.join(hooksDir, name);
    try {
      if (!(await fs.stat(hook)).isFile()) continue;
      await fs.access(hook, constants.X_OK);
      found.push(hook);
    } catch {
      // missing or not executable: git skips it too
    }
  }
  return found;
}

const TRUE = new Set(['true', 'yes', 'on', '1', '']);

function last(config: readonly ConfigEntry[], key: string): ConfigEntry | undefined {
  for (let i = config.length - 1; i >= 0; i--) if (config[i].key === key) return config[i];
  return undefined;
}

/** The signing program when commit.gpgsign is on, with where the setting came from. */
export function signingProgram(config: readonly ConfigEntry[]): string | undefined {
  const sign = last(config, 'commit.gpgsign');
  if (!sign || !TRUE.has(sign.value.toLowerCase())) return undefined;
  const format = last(config, 'gpg.format')?.value.toLowerCase() || 'openpgp';
  const candidates: Record<string, [string[], string]> = {
    openpgp: [['gpg.openpgp.program', 'gpg.program'], 'gpg'],
    x509: [['gpg.x509.program'], 'gpgsm'],
    ssh: [['gpg.ssh.program'], 'ssh-keygen'],
  };
  const [keys, fallback] = candidates[format] ?? candidates.openpgp;
  const program = keys.map((k) => last(config, k)).find((e) => e !== undefined);
  return program
    ? `${program.value} (${program.key}, from ${program.scope} config; commit.gpgsign from ${sign.scope} config)`
    : `${fallback} (gpg.format ${format}; commit.gpgsign from ${sign.scope} config)`;
}

export async function planCommit(inputs: CommitPlanInputs): Promise<Omit<CommitDescription, 'receipt'>> {
  return {
    files: inputs.files,
    outsideStagedCount: inputs.outsideStagedCount,
    hooks: await executableHooks(inputs.hooksDir),
    signing: signingProgram(inputs.config),
    filters: inputs.trustRepositoryConfig ? [] : repositoryFilterPrograms(inputs.config),
  };
}

export interface ProgramsInputs {
  readonly hooksDir: string;
  readonly config: readonly ConfigEntry[];
  readonly trustRepositoryConfig: boolean;
  /** The hooks the command runs. */
  readonly hooks: readonly string[];
  /** The command reads or writes file content through the attributes' filters (add, restore, switch). */
  readonly filters: boolean;
}

/** The programs a write other than a commit would run (no signing: only commits sign). */
export async function planPrograms(inputs: ProgramsInputs): Promise<RepositoryPrograms> {
  return {
    hooks: await executableHooks(inputs.hooksDir, inputs.hooks),
    filters: inputs.filters && !inputs.trustRepositoryConfig ? repositoryFilterPrograms(inputs.config) : [],
  };
}

export function runsPrograms(description: RepositoryPrograms): boolean {
  return description.hooks.length > 0 || description.signing !== undefined || description.filters.length > 0;
}

/** The programs as lines for a confirmation or a refusal. */
export function describePrograms(description: RepositoryPrograms): string[] {
  const lines = description.hooks.map((hook) => `hook ${path.basename(hook)} (${hook})`);
  if (description.signing) lines.push(`signing: ${description.signing}`);
  for (const filter of description.filters) lines.push(`repository filter: ${filter}`);
  return lines;
}
