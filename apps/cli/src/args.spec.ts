import { DEFAULT_MODEL, parseCliArgs, UsageError, userCwd } from './args';

describe('parseCliArgs', () => {
  it('defaults to resolving for the default model', () => {
    const options = parseCliArgs([]);
    expect(options).toMatchObject({
      command: 'resolve',
      json: false,
      request: { model: DEFAULT_MODEL, referencedTools: [], context: {} },
    });
  });

  it('derives the family from --model and the id from --family', () => {
    expect(parseCliArgs(['--model', 'gpt-5', '--family', 'gpt-5']).request.model).toEqual({
      id: 'gpt-5',
      family: 'gpt-5',
      vendor: 'copilot',
      version: 'gpt-5',
    });
    expect(parseCliArgs(['--family', 'gemini-2.5-pro']).request.model).toMatchObject({
      id: 'gemini-2.5-pro',
      family: 'gemini-2.5-pro',
    });
    expect(parseCliArgs(['--model', 'o3', '--vendor', 'openai', '--max-tools', '40']).request.model).toEqual({
      id: 'o3',
      family: 'o3',
      vendor: 'openai',
      version: 'o3',
      maxTools: 40,
    });
  });

  it('reads toolset and tool choices, including values that start with a dash', () => {
    const { selection } = parseCliArgs([
      '--toolsets',
      '-git,read,edit=off',
      '--tools=+grep_search,read_file=on',
    ]).request;
    expect(selection).toEqual({
      toolSets: { git: false, read: true, edit: false },
      tools: { grep_search: true, read_file: true },
    });
  });

  it('types context values', () => {
    const { context } = parseCliArgs([
      '--context',
      'a=true',
      '--context',
      'n=3',
      '--context',
      'list=["x"]',
      '--context',
      'debugState=stopped',
    ]).request;
    expect(context).toEqual({ a: true, n: 3, list: ['x'], debugState: 'stopped' });
  });

  it('reads references, threshold, json and commands', () => {
    const options = parseCliArgs([
      'resolve',
      '--reference',
      'git',
      '--reference',
      'read_file',
      '--threshold',
      '8',
      '--json',
    ]);
    expect(options.request).toMatchObject({ referencedTools: ['git', 'read_file'], virtualTools: { threshold: 8 } });
    expect(options.json).toBe(true);
    expect(parseCliArgs(['list']).command).toBe('list');
    expect(parseCliArgs(['list', '--help']).command).toBe('help');
  });

  it('reads invoke with its tool, JSON input and flags', () => {
    const options = parseCliArgs([
      'invoke',
      'read_file',
      '{"filePath":"a.ts"}',
      '--yes',
      '--timeout',
      '500',
      '--root',
      '/tmp',
    ]);
    expect(options).toMatchObject({
      command: 'invoke',
      root: '/tmp',
      invoke: { tool: 'read_file', input: { filePath: 'a.ts' }, yes: true, timeoutMs: 500 },
    });
    expect(parseCliArgs(['invoke', 'git_status']).invoke).toEqual({
      tool: 'git_status',
      input: {},
      yes: false,
      alwaysAsk: [],
      timeoutMs: undefined,
    });
    expect(
      parseCliArgs(['invoke', 'git_commit', '{}', '--always-ask', 'git_commit, start_debugging']).invoke?.alwaysAsk,
    ).toEqual(['git_commit', 'start_debugging']);
    expect(parseCliArgs([]).root).toBe(process.cwd());
  });

  it.each([
    [['invoke'], /invoke needs a tool name/],
    [['invoke', 'x', '{oops'], /not valid JSON/],
    [['invoke', 'x', '{}', 'extra'], /Unexpected argument 'extra'/],
    [['frobnicate'], /Unknown command 'frobnicate'/],
    [['--nope'], /Unknown option '--nope'/],
    [['--threshold', '0'], /--threshold needs a positive whole number/],
    [['--context', 'novalue'], /must be key=value/],
    [['--context', 'x={bad'], /looks like JSON but does not parse/],
    [['--toolsets', 'a b'], /cannot read 'a b'/],
    [['list', 'extra'], /Unexpected argument 'extra'/],
  ])('explains bad input %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

describe('parseCliArgs: packs, config, approvals, shell and mcp', () => {
  const cwd = process.cwd();
  it('reads --pack (repeatable, in order), --no-default-packs and the new commands', () => {
    const options = parseCliArgs([
      'shell',
      '--pack',
      './a.js',
      '--pack',
      'some-pack',
      '--no-default-packs',
      '--root',
      '/r',
    ]);
    expect(options.command).toBe('shell');
    expect(options.defaultPacks).toBe(false);
    expect(options.packs).toEqual([
      { spec: './a.js', base: cwd, searchPaths: [cwd], from: 'the command line' },
      { spec: 'some-pack', base: cwd, searchPaths: [cwd], from: 'the command line' },
    ]);
    expect(parseCliArgs([]).defaultPacks).toBe(true);
    // A module name is looked up from the current folder; from the root (a clone's node_modules) after it, and only
    // when trusted.
    expect(
      parseCliArgs(['--pack', 'some-pack', '--root', '/r', '--trust-repository-config']).packs[0].searchPaths,
    ).toEqual([cwd, '/r']);
  });

  it('reads approvals for every command and mcp’s --http and token', () => {
    expect(parseCliArgs(['shell', '--yes', '--allow', 'a, b,c', '--always-ask', 'c']).approvals).toEqual({
      yes: true,
      allow: ['a', 'b'],
      alwaysAsk: ['c'],
    });
    expect(parseCliArgs(['mcp', '--allow', 'a', '--always-ask', 'c']).approvals).toEqual({
      yes: false,
      allow: ['a'],
      alwaysAsk: ['c'],
    });
    // Tools kept manual go to the MCP server (which keeps them manual under --yes): never refused.
    expect(parseCliArgs(['mcp', '--yes', '--always-ask', 'git_commit']).approvals).toEqual({
      yes: true,
      allow: [],
      alwaysAsk: ['git_commit'],
    });
    const untrusted = {
      path: '/clone/toolpacks.config.json',
      dir: '/clone',
      explicit: false,
      config: { approvals: { alwaysAsk: ['read_file'] } },
    };
    expect(parseCliArgs(['mcp', '--yes', '--root', '/clone'], untrusted).approvals).toEqual({
      yes: true,
      allow: [],
      alwaysAsk: ['read_file'],
    });
    expect(parseCliArgs(['mcp']).mcp).toEqual({ http: undefined, token: undefined });
    expect(parseCliArgs(['mcp', '--http', '8080']).mcp?.http).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseCliArgs(['mcp', '--http', '[::1]:0']).mcp?.http).toEqual({ host: '::1', port: 0 });
    expect(parseCliArgs(['mcp', '--http', '0.0.0.0:80', '--token', 't']).mcp).toEqual({
      http: { host: '0.0.0.0', port: 80 },
      token: 't',
    });
    expect(parseCliArgs(['mcp', '--http', '10.0.0.1:80'], undefined, { TOOLPACKS_MCP_TOKEN: 'env' }).mcp?.token).toBe(
      'env',
    );
    expect(() => parseCliArgs(['mcp', '--http', '10.0.0.1:80'], undefined, {})).toThrow(/needs a token/);
    expect(() => parseCliArgs(['mcp', '--http', 'x:99999'])).toThrow(/cannot read 'x:99999'/);
  });

  it('reads --no-token (loopback HTTP only) and --answers-from-input (shell only)', () => {
    expect(
      parseCliArgs(['mcp', '--http', '8080', '--no-token'], undefined, { TOOLPACKS_MCP_TOKEN: 'env' }).mcp,
    ).toEqual({ http: { host: '127.0.0.1', port: 8080 }, token: undefined, noToken: true });
    expect(() => parseCliArgs(['mcp', '--http', '0.0.0.0:80', '--no-token'], undefined, {})).toThrow(
      /needs a token .*--no-token is for loopback only/,
    );
    expect(() => parseCliArgs(['mcp', '--http', '8080', '--no-token', '--token', 't'], undefined, {})).toThrow(
      /--no-token and --token contradict/,
    );
    expect(() => parseCliArgs(['mcp', '--no-token'], undefined, {})).toThrow(/--no-token is for --http/);
    expect(() => parseCliArgs(['list', '--no-token'], undefined, {})).toThrow(
      /--no-token is an option of 'toolpacks mcp'/,
    );
    expect(parseCliArgs(['shell', '--answers-from-input']).shell).toEqual({ answersFromInput: true });
    expect(parseCliArgs(['shell']).shell).toEqual({ answersFromInput: false });
    expect(() => parseCliArgs(['invoke', 'x', '{}', '--answers-from-input'])).toThrow(
      /--answers-from-input is an option of 'toolpacks shell'/,
    );
  });

  it('fills in from a config file what the flags leave out; flags win', () => {
    const config = {
      path: '/repo/toolpacks.config.json',
      dir: '/repo',
      explicit: true,
      config: {
        packs: ['./p.js'],
        model: { id: 'gpt-5', vendor: 'openai' },
        selection: { toolSets: { git: false, debug: false } },
        context: { a: 1 },
        threshold: 9,
        maxTools: 50,
        approvals: { yes: true, allow: ['x'], alwaysAsk: ['y'] },
      },
    };
    const options = parseCliArgs(['--toolsets', 'git', '--context', 'b=2', '--pack', 'q', '--root', '/repo'], config);
    expect(options.request.model).toEqual({
      id: 'gpt-5',
      family: 'gpt-5',
      vendor: 'openai',
      version: 'gpt-5',
      maxTools: 50,
    });
    expect(options.request.selection).toEqual({ tools: {}, toolSets: { git: true, debug: false } });
    expect(options.request.context).toEqual({ a: 1, b: 2 });
    expect(options.request.virtualTools).toEqual({ threshold: 9 });
    expect(options.packs.map((p) => p.spec)).toEqual(['./p.js', 'q']);
    expect(options.packs[0]).toMatchObject({ base: '/repo', from: '/repo/toolpacks.config.json' });
    expect(options.approvals).toEqual({ yes: true, allow: ['x'], alwaysAsk: ['y'] });
    expect(options.notices).toEqual([]);
    expect(parseCliArgs(['--threshold', '3', '--max-tools', '7', '--vendor', 'v'], config).request).toMatchObject({
      virtualTools: { threshold: 3 },
      model: { maxTools: 7, vendor: 'v', id: 'gpt-5' },
    });
  });

  it('from the root’s own file (untrusted): no packs, no approvals that loosen anything, and says so', () => {
    const config = {
      path: '/repo/toolpacks.config.json',
      dir: '/repo',
      explicit: false,
      config: {
        packs: ['./evil.js'],
        approvals: { yes: true, allow: ['git_commit'], alwaysAsk: ['y'] },
        model: { id: 'gpt-5' },
      },
    };
    const options = parseCliArgs(['invoke', 'git_commit', '{}'], config);
    expect(options.packs).toEqual([]);
    expect(options.approvals).toEqual({ yes: false, allow: [], alwaysAsk: ['y'] });
    expect(options.invoke).toMatchObject({ yes: false, alwaysAsk: ['y'] });
    expect(options.request.model.id).toBe('gpt-5');
    expect(options.notices).toHaveLength(2);
    expect(options.notices.join('\n')).toMatch(/--trust-repository-config/);
    const trusted = parseCliArgs(['invoke', 'git_commit', '{}', '--trust-repository-config'], config);
    expect(trusted.packs.map((p) => p.spec)).toEqual(['./evil.js']);
    expect(trusted.approvals.yes).toBe(true);
    expect(trusted.notices).toEqual([]);
  });
});

describe('parseCliArgs: --version, describe, invoke input and the user’s folder', () => {
  it('--version (and -v) is the CLI’s version; the model version is --model-version', () => {
    expect(parseCliArgs(['--version']).command).toBe('version');
    expect(parseCliArgs(['-v', '--json']).command).toBe('version');
    expect(parseCliArgs(['--model', 'gpt-5', '--model-version', 'gpt-5-2025-08-07']).request.model.version).toBe(
      'gpt-5-2025-08-07',
    );
    // The old meaning is gone: a value after --version is a stray argument, never a model version.
    expect(() => parseCliArgs(['--version', 'gpt-5-x'])).toThrow(
      /takes no value \('gpt-5-x'\); the model's version is --model-version/,
    );
    expect(() => parseCliArgs(['list', '-v'])).toThrow(/takes no value \('list'\)/);
    expect(() => parseCliArgs(['--version=gpt-5'])).toThrow(UsageError);
  });

  it('reads describe with its tool, and suggests a command for a typo', () => {
    expect(parseCliArgs(['describe', 'grep_search', '--json'])).toMatchObject({
      command: 'describe',
      describe: { tool: 'grep_search' },
      json: true,
    });
    expect(() => parseCliArgs(['describe'])).toThrow(/describe needs a tool name/);
    expect(() => parseCliArgs(['descrbie', 'x'])).toThrow(/Unknown command 'descrbie'; did you mean 'describe'\?/);
  });

  it('takes invoke’s input from stdin (-) or a file (@file, relative to the user’s folder), to be read later', () => {
    expect(parseCliArgs(['invoke', 'grep_search', '-']).invoke).toMatchObject({
      tool: 'grep_search',
      input: {},
      inputFrom: { kind: 'stdin' },
    });
    const env = { npm_lifecycle_event: 'start', INIT_CWD: '/home/me/project' };
    expect(parseCliArgs(['invoke', 'grep_search', '@q.json'], undefined, env).invoke?.inputFrom).toEqual({
      kind: 'file',
      path: '/home/me/project/q.json',
      written: 'q.json',
    });
    expect(parseCliArgs(['invoke', 'grep_search', '@/abs/q.json'], undefined, env).invoke?.inputFrom).toMatchObject({
      path: '/abs/q.json',
    });
    expect(() => parseCliArgs(['invoke', 'grep_search', '@'])).toThrow(/write the input file after the @/);
    expect(() => parseCliArgs(['invoke', 'x', '{\n  "a": 1,\n}'])).toThrow(
      /not valid JSON at line 3, column 1 \(near '}'\)/,
    );
  });

  it('resolves --root, --pack and --config against INIT_CWD under an npm script, else the current folder', () => {
    const env = { npm_lifecycle_event: 'start', INIT_CWD: '/home/me/project' };
    expect(userCwd(env, '/repo')).toBe('/home/me/project');
    expect(userCwd({ ...env, npm_package_json: '/repo/package.json' }, '/repo')).toBe('/home/me/project');
    // Not in the script's package folder any more (a process that changed folder): its own folder.
    expect(userCwd({ ...env, npm_package_json: '/repo/package.json' }, '/elsewhere')).toBe('/elsewhere');
    expect(userCwd({ INIT_CWD: '/home/me/project' }, '/repo')).toBe('/repo'); // INIT_CWD alone: not run by npm
    expect(userCwd({}, '/repo')).toBe('/repo');
    const options = parseCliArgs(['--root', 'sub', '--pack', './p.js', '--config', 'c.json'], undefined, env);
    expect(options.root).toBe('/home/me/project/sub');
    expect(options.packs[0]).toMatchObject({ base: '/home/me/project', searchPaths: ['/home/me/project'] });
    expect(options.configPath).toBe('/home/me/project/c.json');
    expect(parseCliArgs([], undefined, env).root).toBe('/home/me/project');
  });

  it('remembers where each tool and toolset choice came from', () => {
    const config = {
      path: '/r/toolpacks.config.json',
      dir: '/r',
      explicit: true,
      config: { selection: { tools: { a: true }, toolSets: { s: false } } },
    };
    expect(parseCliArgs(['--tools', 'b', '--toolsets', 's'], config).choiceSources).toEqual({
      tools: { a: '/r/toolpacks.config.json selection.tools', b: '--tools' },
      toolSets: { s: '--toolsets' },
    });
  });
});
