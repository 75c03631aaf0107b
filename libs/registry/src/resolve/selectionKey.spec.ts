// The selection's part of a resolution's cache key: fresh objects with the same choices hit the
// cache (MCP builds a new selection for every call), the order of the choices never changes what is
// sent, and any changed choice is a new resolution.
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';

function registry() {
  const r = createToolRegistry();
  for (const name of ['read_file', 'grep_search', 'git_status']) r.registerTool(def(name), recordingTool(name));
  r.registerToolSet({ name: 'git', description: 'Git.', tools: ['git_status'] });
  return r;
}

describe('the selection in the resolution cache', () => {
  it('hits the cache for a fresh selection with the same choices', () => {
    const r = registry();
    const first = r.resolve({
      model: models.claude,
      selection: { tools: { read_file: false }, toolSets: { git: true } },
    });
    const again = r.resolve({
      model: models.claude,
      selection: { tools: { read_file: false }, toolSets: { git: true } },
    });
    expect(again).toBe(first);
  });

  it('sends the same tools whatever the order of the choices', () => {
    const r = registry();
    const one = r.resolve({ model: models.claude, selection: { tools: { read_file: false, grep_search: true } } });
    const other = r.resolve({ model: models.claude, selection: { tools: { grep_search: true, read_file: false } } });
    expect(names(other)).toEqual(names(one));
    expect(names(one)).toEqual(['grep_search', 'git_status']);
  });

  it('resolves anew when any choice changes, in tools or in toolsets', () => {
    const r = registry();
    const request = (tools: Record<string, boolean>, toolSets: Record<string, boolean> = {}) =>
      names(r.resolve({ model: models.claude, selection: { tools, toolSets } }));
    expect(request({ read_file: false })).toEqual(['grep_search', 'git_status']);
    expect(request({ read_file: true })).toEqual(['read_file', 'grep_search', 'git_status']);
    expect(request({ read_file: true }, { git: false })).toEqual(['read_file', 'grep_search']);
    // A tool's name cannot stand for a toolset's choice: the two records are kept apart.
    expect(request({}, { read_file: false })).toEqual(['read_file', 'grep_search', 'git_status']);
    expect(request({ git: false })).toEqual(['read_file', 'grep_search', 'git_status']);
    // Nor can one odd name pass for two choices.
    r.registerTool(def('list_dir', { enabledByDefault: false }), recordingTool('list_dir'));
    expect(request({ read_file: true, list_dir: true })).toContain('list_dir');
    expect(request({ ['read_file1list_dir']: true })).not.toContain('list_dir');
    expect(request({ ['9:read_file18:list_dir']: true })).not.toContain('list_dir');
  });
});
