// The repository's config as git lists it (`config --show-origin --show-scope --null --list`), with
// the scope and the file each value came from: what the git service checks before it runs git.
import type { ConfigEntry, ConfigOverride } from './gitSafety';
import { GitCommandError } from './gitSession';
import type { GitProcessResult } from './gitProcess';

/** The repository's config as git lists it, with the file each value came from. */
export async function listRepositoryConfig(
  exec: (args: readonly string[], overrides: readonly ConfigOverride[]) => Promise<GitProcessResult>,
  overrides: readonly ConfigOverride[],
): Promise<ConfigEntry[]> {
  const listed = await exec(['config', '--show-origin', '--show-scope', '--null', '--list'], overrides);
  if (listed.code !== 0)
    throw new GitCommandError('config', listed.stderr || 'git could not read the repository config.');
  return parseConfigList(listed.stdout, true).filter((entry) => entry.scope !== 'command');
}

/** `git config --show-scope [--show-origin] --null --list`: scope NUL [origin NUL] key LF value NUL (no LF for a bare key). */
export function parseConfigList(output: string, withOrigin = false): ConfigEntry[] {
  const fields = output.split('\0');
  const width = withOrigin ? 3 : 2;
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + width - 1 < fields.length; i += width) {
    const [key, ...value] = fields[i + width - 1].split('\n');
    entries.push({ scope: fields[i], key, value: value.join('\n'), ...(withOrigin ? { origin: fields[i + 1] } : {}) });
  }
  return entries;
}
