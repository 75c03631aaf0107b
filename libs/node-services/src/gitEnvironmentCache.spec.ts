// The environment of git children is built once and built again only when what it derives from
// changes: a variable of the caller's environment, the overrides, the pinned variables. Real git
// reads it (a changed variable reaches the next git process).
import { execFileSync } from 'node:child_process';
import { GitEnvironmentCache } from './gitSafety';

const VAR = 'TOOLPACKS_ENV_CACHE_PROBE';
const overrides = [{ key: 'core.quotePath', value: 'false', why: 'probe' }];

afterEach(() => delete process.env[VAR]);

/** What a real git process sees of the probe variable under `env` (a shell alias git runs prints it). */
const gitSees = (env: Record<string, string>) =>
  execFileSync('git', ['-c', `alias.probe=!echo "$${VAR}"`, 'probe'], { env })
    .toString()
    .trim();

describe('GitEnvironmentCache', () => {
  it('gives the same object while nothing it derives from changed', () => {
    const cache = new GitEnvironmentCache();
    const first = cache.environment(overrides, { GIT_DIR: '/x' });
    expect(cache.environment([...overrides], { GIT_DIR: '/x' })).toBe(first);
    expect(first.GIT_CONFIG_KEY_0).toBe('core.quotePath');
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('is rebuilt when a variable is set, changed or removed, and the new value reaches git', () => {
    const cache = new GitEnvironmentCache();
    process.env[VAR] = 'one';
    const first = cache.environment(overrides);
    expect(first[VAR]).toBe('one');
    process.env[VAR] = 'two';
    const second = cache.environment(overrides);
    expect(second).not.toBe(first);
    expect(second[VAR]).toBe('two');
    expect(execFileSync('git', ['config', '--get', 'core.quotePath'], { env: second }).toString().trim()).toBe('false');
    expect(gitSees(second)).toBe('two');
    delete process.env[VAR];
    expect(cache.environment(overrides)[VAR]).toBeUndefined();
  });

  it('is rebuilt when the overrides or the pinned variables change, and never passes GIT_* of the caller', () => {
    const cache = new GitEnvironmentCache();
    process.env.GIT_DIR_PROBE_UNUSED = 'x';
    const first = cache.environment(overrides, { GIT_DIR: '/a' });
    expect(first.GIT_DIR_PROBE_UNUSED).toBeUndefined();
    delete process.env.GIT_DIR_PROBE_UNUSED;
    expect(cache.environment(overrides, { GIT_DIR: '/b' }).GIT_DIR).toBe('/b');
    const other = cache.environment([{ key: 'core.quotePath', value: 'true', why: 'probe' }], { GIT_DIR: '/b' });
    expect(other.GIT_CONFIG_VALUE_0).toBe('true');
    expect(cache.environment([], { GIT_DIR: '/b' }).GIT_CONFIG_COUNT).toBe('0');
  });
});
