import { DEFAULT_MODEL, parseCliArgs, UsageError } from './args';

describe('parseCliArgs', () => {
  it('defaults to resolving for the default model', () => {
    const options = parseCliArgs([]);
    expect(options).toMatchObject({ command: 'resolve', json: false, request: { model: DEFAULT_MODEL, referencedTools: [], context: {} } });
  });

  it('derives the family from --model and the id from --family', () => {
    expect(parseCliArgs(['--model', 'gpt-5', '--family', 'gpt-5']).request.model).toEqual({ id: 'gpt-5', family: 'gpt-5', vendor: 'copilot', version: 'gpt-5' });
    expect(parseCliArgs(['--family', 'gemini-2.5-pro']).request.model).toMatchObject({ id: 'gemini-2.5-pro', family: 'gemini-2.5-pro' });
    expect(parseCliArgs(['--model', 'o3', '--vendor', 'openai', '--max-tools', '40']).request.model).toEqual({ id: 'o3', family: 'o3', vendor: 'openai', version: 'o3', maxTools: 40 });
  });

  it('reads toolset and tool choices, including values that start with a dash', () => {
    const { selection } = parseCliArgs(['--toolsets', '-git,read,edit=off', '--tools=+grep_search,read_file=on']).request;
    expect(selection).toEqual({ toolSets: { git: false, read: true, edit: false }, tools: { grep_search: true, read_file: true } });
  });

  it('types context values', () => {
    const { context } = parseCliArgs(['--context', 'a=true', '--context', 'n=3', '--context', 'list=["x"]', '--context', 'debugState=stopped']).request;
    expect(context).toEqual({ a: true, n: 3, list: ['x'], debugState: 'stopped' });
  });

  it('reads references, threshold, json and commands', () => {
    const options = parseCliArgs(['resolve', '--reference', 'git', '--reference', 'read_file', '--threshold', '8', '--json']);
    expect(options.request).toMatchObject({ referencedTools: ['git', 'read_file'], virtualTools: { threshold: 8 } });
    expect(options.json).toBe(true);
    expect(parseCliArgs(['list']).command).toBe('list');
    expect(parseCliArgs(['list', '--help']).command).toBe('help');
  });

  it('reads invoke with its tool, JSON input and flags', () => {
    const options = parseCliArgs(['invoke', 'read_file', '{"filePath":"a.ts"}', '--yes', '--timeout', '500', '--root', '/tmp']);
    expect(options).toMatchObject({ command: 'invoke', root: '/tmp', invoke: { tool: 'read_file', input: { filePath: 'a.ts' }, yes: true, timeoutMs: 500 } });
    expect(parseCliArgs(['invoke', 'git_status']).invoke).toEqual({ tool: 'git_status', input: {}, yes: false, alwaysAsk: [], timeoutMs: undefined });
    expect(parseCliArgs(['invoke', 'git_commit', '{}', '--always-ask', 'git_commit, start_debugging']).invoke?.alwaysAsk).toEqual(['git_commit', 'start_debugging']);
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
