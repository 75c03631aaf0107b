import { closestNames, didYouMean, editDistance, selectionDiagnostics } from './suggest';

describe('did you mean', () => {
  it('counts edits, a swap of two neighbours as one', () => {
    expect(editDistance('gti', 'git')).toBe(1);
    expect(editDistance('grep_serach', 'grep_search')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('GIT', 'git')).toBe(0);
  });

  it('suggests the closest names only, and parts of longer names', () => {
    const tools = ['grep_search', 'file_search', 'read_file', 'list_dir', 'git_status'];
    expect(closestNames('grpe_search', tools)).toEqual(['grep_search']);
    expect(closestNames('grep', tools)).toEqual(['grep_search']);
    expect(closestNames('xyz', tools)).toEqual([]);
    expect(didYouMean('gti', ['git', 'edit', 'debug'])).toBe("; did you mean 'git'?");
    expect(didYouMean('red_file', ['read_file', 'read_files'])).toBe("; did you mean 'read_file' or 'read_files'?");
    expect(didYouMean('zzzz', ['git'])).toBe('');
  });
});

describe('selectionDiagnostics', () => {
  const registry = {
    tools: [
      { definition: { name: 'grep_search', modelDescription: '' }, packId: 'search' },
      {
        definition: {
          name: 'gemini_grep_search',
          toolReferenceName: 'gemini_grep_search',
          overridesTool: 'grep_search',
          modelDescription: '',
        },
        packId: 'search',
      },
      {
        definition: { name: 'replace_string_in_file', toolReferenceName: 'edit_file', modelDescription: '' },
        packId: 'editor',
      },
      { definition: { name: 'apply_patch', toolReferenceName: 'edit_file', modelDescription: '' }, packId: 'editor' },
    ],
    toolSets: [
      { definition: { name: 'git', description: '', tools: [] }, packId: 'git' },
      { definition: { name: 'search', description: '', tools: ['grep_search'] }, packId: 'search' },
    ],
  };

  it('is silent when every choice names something', () => {
    expect(
      selectionDiagnostics(registry, { tools: { grep_search: false, edit_file: true }, toolSets: { git: false } }),
    ).toEqual([]);
    expect(selectionDiagnostics(registry, undefined)).toEqual([]);
  });

  it('warns of each unknown tool or toolset choice with the closest names, and of names in the wrong flag', () => {
    const diagnostics = selectionDiagnostics(
      registry,
      {
        tools: { gerp_search: true, apply_patch: false, gemini_grep_search: true, git: false },
        toolSets: { gti: false, grep_search: true },
      },
      { tools: { gerp_search: '--tools', apply_patch: '/r/toolpacks.config.json selection.tools' }, toolSets: {} },
    );
    expect(diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      [
        'warning',
        'tool-choice-unknown',
        "--tools: no tool is named 'gerp_search'; the choice is ignored; did you mean 'grep_search'?",
      ],
      [
        'warning',
        'tool-choice-unknown',
        "/r/toolpacks.config.json selection.tools: 'apply_patch' is a variant; tool choices name its picker entry " +
          "(toolReferenceName): choose 'edit_file'.",
      ],
      [
        'warning',
        'tool-choice-unknown',
        "--tools: 'gemini_grep_search' overrides 'grep_search' for some models and is not a picker entry of its " +
          "own; choose 'grep_search'.",
      ],
      ['warning', 'tool-choice-unknown', "--tools: 'git' is a toolset, not a tool; choose it with --toolsets."],
      [
        'warning',
        'toolset-choice-unknown',
        "--toolsets: no toolset is named 'gti'; the choice is ignored; did you mean 'git'?",
      ],
      [
        'warning',
        'toolset-choice-unknown',
        "--toolsets: 'grep_search' is a tool, not a toolset; choose it with --tools.",
      ],
    ]);
  });
});
