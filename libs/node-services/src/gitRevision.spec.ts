import { WorkspaceError } from '@toolpacks/services';
import { scopeRevision } from './gitRevision';

describe('scopeRevision', () => {
  it.each([
    ['HEAD', 'sub/', 'HEAD', false, ['HEAD']],
    ['main..feature', 'sub/', 'main..feature', false, ['main', 'feature']],
    ['HEAD...', '', 'HEAD...', false, ['HEAD']],
    ['HEAD:a.txt', 'sub/', 'HEAD:sub/a.txt', true, []],
    ['HEAD:./dir/../a.txt', 'sub/', 'HEAD:sub/a.txt', true, []],
    ['HEAD:', 'sub/', 'HEAD:sub', true, []],
    ['HEAD:', '', 'HEAD:', true, []],
    ['HEAD~2:a.txt', '', 'HEAD~2:a.txt', true, []],
    [':a.txt', 'a/b/', ':a/b/a.txt', true, []],
    [':2:a.txt', 'sub/', ':2:sub/a.txt', true, []],
    ['HEAD^{/fix: it}', 'sub/', null, false, []], // a space is not allowed at all
    ['HEAD^{/fix:it}', 'sub/', 'HEAD^{/fix:it}', false, ['HEAD^{/fix:it}']],
    ['HEAD^{/fix:it}:a.txt', 'sub/', 'HEAD^{/fix:it}:sub/a.txt', true, []],
    [':/fix', 'sub/', ':/fix', false, []],
  ])('%s below %j → %s', (input, prefix, revision, pathForm, ends) => {
    if (revision === null) return expect(() => scopeRevision(input, prefix)).toThrow(WorkspaceError);
    expect(scopeRevision(input, prefix)).toEqual({ revision, pathForm, ends });
  });

  it.each([
    'HEAD:../x',
    'HEAD:./../x',
    'HEAD:a/../../x',
    ':0:../x',
    ':../x',
    'HEAD:/etc/passwd',
    'main..HEAD:x',
    ':(top)x',
    '-p',
    'HEAD --output=x',
  ])('refuses %s', (input) => {
    expect(() => scopeRevision(input, 'sub/')).toThrow(WorkspaceError);
  });
});
