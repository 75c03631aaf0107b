import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Io } from './io';
import { main } from './main';
import { runMain } from './testing/runMain';
import { initRepository } from '@toolpacks/host-node/testing';

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export class ToolRegistry {}\n');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const run = (argv: string[], interactive?: Io['interactive']) => runMain(root, argv, interactive);

/** Commits everything in the root: one commit, 'init'. */
const gitInit = () => initRepository(root, [{ files: {}, message: 'init' }]);

describe('toolpacks resolve', () => {
  it('prints what the default model gets from the four packs, with the source pack and the reason', async () => {
    const { code, out } = await run([]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Model copilot\/gpt-4\.1 .*: 13 tools sent/);
    expect(out).toMatch(/apply_patch\s+editor\s+model-specific/);
    expect(out).toMatch(/grep_search\s+search\s+general/);
    expect(out).toMatch(
      /replace_string_in_file\s+editor\s+variant\s+'apply_patch' \(family=gpt-4\.1\*.*\) is the variant for this model/,
    );
    expect(out).toMatch(/git_status\s+git\s+when\s+its when clause is false: gitOpenRepositoryCount > 0/);
    await gitInit();
    expect((await run([])).out).toMatch(/git_status\s+git\s+general/);
  });

  it('gives GPT-5 apply_patch and Gemini the override of grep_search', async () => {
    const gpt5 = JSON.parse((await run(['resolve', '--model', 'gpt-5', '--family', 'gpt-5', '--json'])).out);
    const names = gpt5.tools.map((t: { name: string }) => t.name);
    expect(names).toContain('apply_patch');
    expect(names).not.toContain('replace_string_in_file');
    const gemini = JSON.parse((await run(['--family', 'gemini-2.5-pro', '--json'])).out);
    expect(gemini.tools.find((t: { name: string }) => t.name === 'grep_search').description).toMatch(
      /^Searches the contents of the workspace files for a regular expression/,
    );
    expect(gemini.entries.find((e: { name: string }) => e.name === 'grep_search')).toMatchObject({
      reason: 'override',
      implementationName: 'gemini_grep_search',
    });
  });

  it('applies toolset choices, references, context keys and the threshold', async () => {
    const json = (args: string[]) => run([...args, '--json']).then((r) => JSON.parse(r.out));
    const noSearch = await json(['--toolsets', '-search', '--reference', 'list_dir']);
    expect(noSearch.tools.map((t: { name: string }) => t.name)).toEqual([
      'read_file',
      'create_file',
      'apply_patch',
      'multi_replace_string_in_file',
      'move_file',
      'delete_file',
      'list_dir',
      'start_debugging',
      'set_breakpoint',
      'remove_breakpoint',
      'list_breakpoints',
    ]);
    const stopped = await json(['--context', 'debugState=stopped']);
    expect(stopped.tools.map((t: { name: string }) => t.name)).toContain('get_call_stack');
    const grouped = await json(['--threshold', '6']);
    // The read toolset holds one tool: no group of one, read_file is sent as itself.
    expect(grouped.groups.map((g: { name: string }) => g.name)).toEqual([
      'activate_edit',
      'activate_search',
      'activate_debug',
    ]);
    expect(grouped.tools.map((t: { name: string }) => t.name)).toEqual([
      'read_file',
      'activate_edit',
      'activate_search',
      'activate_debug',
    ]);
  });

  it('explains each tool dropped by --max-tools as dropped by the limit, in text and JSON', async () => {
    const { code, out } = await run(['resolve', '--max-tools', '5']);
    expect(code).toBe(0);
    const limited = out.split('\n').filter((line) => /\slimit\s+over the model's limit of 5 tools/.test(line));
    expect(limited.length).toBeGreaterThan(0);
    expect(out).not.toMatch(/\sdeselected\s/);
    const json = JSON.parse((await run(['resolve', '--max-tools', '5', '--json'])).out);
    const dropped = json.notSent.filter((t: { reason: string }) => t.reason === 'limit');
    expect(dropped).toHaveLength(limited.length);
    expect(json.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'tool-limit',
        message: expect.stringContaining(`${dropped.length} enabled tools`),
      }),
    );
    expect(json.tools.length).toBeLessThanOrEqual(5);
  });

  it('lists packs, toolsets and tools with selectors and when clauses', async () => {
    const { out } = await run(['list']);
    expect(out).toContain('Packs (4):');
    expect(out).toMatch(/gemini_grep_search\s+gemini_grep_search\s+search\s+family=gemini\* \(overrides grep_search\)/);
    expect(out).toMatch(/get_call_stack\s+get_call_stack\s+debug\s+every model\s+debugState == 'stopped'/);
    expect(out).toMatch(/apply_patch\s+edit_file\s+editor\s+family=gpt-4\.1\* \| family=gpt-5\*/);
  });
});

describe('toolpacks invoke', () => {
  it('runs a tool for real and prints its result', async () => {
    const { code, out } = await run(['invoke', 'grep_search', '{"query":"ToolRegistry"}']);
    expect(code).toBe(0);
    expect(out).toBe('1 match for "ToolRegistry":\na.ts:1: export class ToolRegistry {}');
    const created = await run(['invoke', 'create_file', '{"filePath":"b.txt","content":"hi\\n"}']);
    expect(created.out).toBe('Created b.txt (1 line).');
    expect(await fs.readFile(path.join(root, 'b.txt'), 'utf8')).toBe('hi\n');
  });

  it('--json prints the result with its structured content, the data behind the text', async () => {
    const { code, out } = await run(['invoke', 'grep_search', '{"query":"ToolRegistry"}', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({ status: 'ok', isError: false });
    expect(result.structuredContent).toMatchObject({
      matches: [{ path: 'a.ts', line: 1, text: 'export class ToolRegistry {}' }],
      truncated: false,
    });
  });

  it('asks on the terminal before a destructive tool, and --yes approves', async () => {
    await gitInit();
    await fs.writeFile(path.join(root, 'a.ts'), 'changed\n');
    const commits = () => execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

    const input = new PassThrough();
    const output = new PassThrough();
    let prompt = '';
    output.on('data', (chunk) => {
      prompt += chunk;
      if (prompt.includes('[y/N]')) input.write('n\n');
    });
    const declined = await run(['invoke', 'git_commit', '{"message":"Change a","all":true}'], { input, output });
    expect(prompt).toContain(
      'Commit changes?\ngit commit --all with the message:\n\nChange a\n\nFiles (1): a.ts\nRun git_commit? [y/N]',
    );
    expect(declined.code).toBe(1);
    expect(declined.out).toMatch(/^The user declined to run `git_commit`/);
    expect(commits()).toBe('1');

    const noTerminal = await run(['invoke', 'git_commit', '{"message":"Change a","all":true}']);
    expect(noTerminal.err).toContain('pass --yes to approve');

    const approved = await run(['invoke', 'git_commit', '{"message":"Change a","all":true}', '--yes']);
    expect(approved.code).toBe(0);
    expect(approved.out).toMatch(/^\[main [0-9a-f]+\] Change a/);
    expect(commits()).toBe('2');
  });

  it('--yes never covers a write that can make code run: it asks on the terminal, or is declined', async () => {
    await gitInit();
    const hook = '{"filePath":".git/hooks/pre-commit","content":"#!/bin/sh\\ntouch PWNED\\n"}';
    const noTerminal = await run(['invoke', 'create_file', hook, '--yes']);
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.out).toMatch(/auto-approve never covers it/);
    await expect(fs.stat(path.join(root, '.git/hooks/pre-commit'))).rejects.toThrow();

    const input = new PassThrough();
    const output = new PassThrough();
    let prompt = '';
    output.on('data', (chunk) => {
      prompt += chunk;
      if (prompt.includes('[y/N]')) input.write('y\n');
    });
    const confirmed = await run(['invoke', 'create_file', hook, '--yes'], { input, output });
    expect(prompt).toContain('Change .git/hooks/pre-commit?');
    expect(prompt).toContain('+touch PWNED');
    expect(prompt).toContain('--yes does not cover it');
    expect(confirmed.code).toBe(0);
    expect(await fs.readFile(path.join(root, '.git/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\ntouch PWNED\n');
  });

  it('invoke --yes covers a call that runs code: the person typed this very call (it names the tool)', async () => {
    // A breakpoint condition runs inside the program: global auto-approve does not cover it, --yes on invoke does.
    const conditional = ['invoke', 'set_breakpoint', '{"path":"a.ts","line":1,"condition":"globalThis.x > 1"}'];
    const noTerminal = await run(conditional);
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.out).toMatch(/declined to run `set_breakpoint`.*runs code/);
    expect(noTerminal.err).toContain('pass --yes to approve');
    const approved = await run([...conditional, '--yes']);
    expect(approved).toMatchObject({ code: 0, err: '' });
    expect(approved.out).toMatch(/Breakpoint bp-1 set at a\.ts:1/);
  });

  it('--always-ask keeps a tool manual under --yes, and a typed answer declines with an instruction', async () => {
    await gitInit();
    await fs.writeFile(path.join(root, 'a.ts'), 'changed\n');
    const commit = ['invoke', 'git_commit', '{"message":"Change a","all":true}', '--yes', '--always-ask', 'git_commit'];
    const noTerminal = await run(commit);
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.out).toMatch(/^The user declined to run `git_commit`/);

    const input = new PassThrough();
    const output = new PassThrough();
    let prompt = '';
    output.on('data', (chunk) => {
      prompt += chunk;
      if (prompt.includes('[y/N]')) input.write('no, run the tests first\n');
    });
    const declined = await run(commit, { input, output });
    expect(declined.code).toBe(1);
    expect(declined.out).toContain(
      'The user declined to run `git_commit` for this call and said: run the tests first.',
    );
  });

  it('reports bad calls with a clear message and a non-zero exit code', async () => {
    const outside = await run(['invoke', 'read_file', '{"filePath":"../x"}']);
    expect(outside).toMatchObject({ code: 1, err: 'toolpacks: read_file: error' });
    expect(outside.out).toMatch(/outside the workspace/);
    expect((await run(['invoke', 'rm_rf', '{}'])).out).toMatch(/^There is no tool named `rm_rf`/);
    expect((await run(['invoke', 'git_status', '{}'])).err).toBe('toolpacks: git_status: not-enabled');
    expect((await run(['invoke', 'read_file', '{"filePath":1}'])).out).toMatch(/`filePath` must be string/);
    expect((await run(['invoke', 'read_file', 'not json'])).code).toBe(2);
  });
});

describe('toolpacks --help', () => {
  it('explains the options and exits 2 on bad usage', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const option of [
      '--model',
      '--vendor',
      '--family',
      '--toolsets',
      '--context <key=value>',
      '--threshold',
      '--json',
      '--root',
      'invoke <tool> <json>',
      '--yes',
      'toolpacks shell',
      'toolpacks mcp',
      '--pack <module|path>',
      '--no-default-packs',
      '--config <file>',
      '--allow <tools>',
      '--http [host:]port',
      'toolpacks describe <tool>',
      '--model-version <v>',
      '--version             print the version of toolpacks',
      '- (read from stdin) or @file.json',
    ])
      expect(help.out).toContain(option);
    const bad = await run(['--threshold', 'x']);
    expect(bad).toMatchObject({ code: 2, out: '' });
    expect(bad.err).toContain('--threshold needs a positive whole number');
  });
});

describe('toolpacks describe', () => {
  it('shows a tool’s description, schema, overrides, toolsets and annotations, and what the model gets', async () => {
    const { code, out } = await run(['describe', 'grep_search', '--family', 'gemini-2.5-pro']);
    expect(code).toBe(0);
    expect(out).toMatch(/^grep_search — .* \(pack search\)\n/);
    expect(out).toMatch(/Annotations: +readOnly, destructive=false, idempotent, openWorld=false/);
    expect(out).toMatch(/Toolsets: +search/);
    expect(out).toMatch(
      /For gemini-2\.5-pro: +not sent \(overridden: 'gemini_grep_search' runs in its place for this model\)/,
    );
    expect(out).toMatch(/Overridden by .*:\n {2}gemini_grep_search \(pack search\): family=gemini\*/);
    expect(out).toMatch(/Description \(what the model reads\):\n {2}Searches/);
    expect(out).toMatch(/Input schema:\n {2}\{\n {4}"type": "object"/);
    expect(out).toMatch(/Output schema \(its structured result\):\n {2}\{\n {4}"type": "object"/);
    expect((await run(['describe', 'grep_search'])).out).toMatch(/For gpt-4\.1: +sent \(general\)/);
  });

  it('names the variants that share a toolReferenceName, with their selectors, and the override’s base', async () => {
    const patch = await run(['describe', 'apply_patch', '--json']);
    const json = JSON.parse(patch.out);
    expect(json).toMatchObject({
      kind: 'tool',
      name: 'apply_patch',
      packId: 'editor',
      toolReferenceName: 'edit_file',
      modelsText: expect.stringContaining('family=gpt-4.1*'),
      variants: [
        { name: 'replace_string_in_file', packId: 'editor', modelsText: 'every model' },
        { name: 'str_replace_based_edit_tool', packId: 'editor', modelsText: 'family=claude*' },
        { name: 'replace', packId: 'editor', modelsText: 'family=gemini*' },
      ],
      overriddenBy: [],
      toolSets: [{ name: 'edit', packId: 'editor', direct: true }],
      forModel: { sent: true, reason: 'model-specific' },
      inputSchema: { type: 'object' },
    });
    expect(typeof json.description).toBe('string');
    const override = JSON.parse(
      (await run(['describe', 'gemini_grep_search', '--json', '--family', 'gemini-2.5-pro'])).out,
    );
    expect(override).toMatchObject({
      overridesTool: 'grep_search',
      toolReferenceName: 'grep_search',
      variants: [],
      forModel: { sent: true, reason: 'override', runs: "in place of 'grep_search'" },
    });
    const { out } = await run(['describe', 'get_call_stack']);
    expect(out).toMatch(/When: +debugState == 'stopped'/);
    expect(out).toMatch(/not sent \(when: its when clause is false/);
  });

  it('describes a toolset by its name; an unknown name exits 1 with the closest names', async () => {
    expect((await run(['describe', 'git'])).out).toMatch(/^Toolset git \(pack git\)[\s\S]*Lists: git_status, git_diff/);
    const unknown = await run(['describe', 'grpe_search']);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toBe(
      "toolpacks: no tool or toolset is named 'grpe_search'; did you mean 'grep_search'? 'toolpacks list' names " +
        'them all.',
    );
  });
});

describe('toolpacks list --json, --version and unknown choices', () => {
  it('list --json gives every tool’s description and input schema', async () => {
    const json = JSON.parse((await run(['list', '--json'])).out);
    const grep = json.tools.find((t: { name: string }) => t.name === 'grep_search');
    expect(grep).toMatchObject({
      description: expect.stringMatching(/^Searches/),
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      annotations: { readOnly: true },
    });
    for (const tool of json.tools)
      expect([tool.name, typeof tool.description, typeof tool.inputSchema]).toEqual([tool.name, 'string', 'object']);
  });

  it('--version prints the package’s version', async () => {
    const version = (require('../package.json') as { version: string }).version;
    expect(await run(['--version'])).toEqual({ code: 0, out: `toolpacks ${version}`, err: '' });
    expect(JSON.parse((await run(['--version', '--json'])).out)).toEqual({ name: 'toolpacks', version });
  });

  it('warns of tool and toolset choices that name nothing: stderr in text, the JSON’s diagnostics with --json; exit 0', async () => {
    const text = await run(['--toolsets=-gti', '--tools', 'gerp_search']);
    expect(text.code).toBe(0);
    expect(text.err.split('\n')).toEqual([
      "toolpacks: warning: --tools: no tool is named 'gerp_search'; the choice is ignored; did you mean 'grep_search'?",
      "toolpacks: warning: --toolsets: no toolset is named 'gti'; the choice is ignored; did you mean 'git'?",
    ]);
    const json = await run(['--toolsets=-gti', '--json']);
    expect(json).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(json.out).diagnostics[0]).toEqual({
      severity: 'warning',
      code: 'toolset-choice-unknown',
      message: "--toolsets: no toolset is named 'gti'; the choice is ignored; did you mean 'git'?",
    });
    expect(JSON.parse((await run(['list', '--json', '--tools', '-gerp_search'])).out).diagnostics[0]).toMatchObject({
      code: 'tool-choice-unknown',
    });
    const invoked = await run(['invoke', 'grep_search', '{"query":"ToolRegistry"}', '--json', '--toolsets', 'serch']);
    expect(JSON.parse(invoked.out)).toMatchObject({
      status: 'ok',
      diagnostics: [{ code: 'toolset-choice-unknown', message: expect.stringContaining("did you mean 'search'?") }],
    });
    // An unknown tool to invoke is an error of its own, with the closest names.
    expect((await run(['invoke', 'grep_serch', '{}'])).err).toBe(
      "toolpacks: grep_serch: unknown-tool; did you mean 'grep_search'?",
    );
  });
});

describe('toolpacks invoke: input from stdin and files', () => {
  async function runWithStdin(argv: string[], stdinText: string) {
    const stdin = new PassThrough();
    stdin.end(stdinText);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main([...argv, '--root', root], { out: (t) => out.push(t), err: (t) => err.push(t), stdin });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('reads the input from stdin with -', async () => {
    expect(await runWithStdin(['invoke', 'grep_search', '-'], '{"query":\n"ToolRegistry"}\n')).toMatchObject({
      code: 0,
      out: '1 match for "ToolRegistry":\na.ts:1: export class ToolRegistry {}',
    });
    const bad = await runWithStdin(['invoke', 'grep_search', '-'], '{"query": "x",\n}');
    expect(bad).toMatchObject({ code: 2, out: '' });
    expect(bad.err).toMatch(
      /^toolpacks: The input of grep_search \(stdin\) is not valid JSON at line 2, column 1 \(near '}'\)/,
    );
  });

  it('reads the input from @file, relative to the current folder; a missing file is a usage error', async () => {
    await fs.writeFile(path.join(root, 'q.json'), '{"query":"ToolRegistry"}');
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect(await run(['invoke', 'grep_search', '@q.json'])).toMatchObject({
        code: 0,
        out: expect.stringMatching(/^2 matches for "ToolRegistry":\na.ts:1: /),
      });
      const missing = await run(['invoke', 'grep_search', '@nope.json']);
      expect(missing).toMatchObject({ code: 2, out: '' });
      expect(missing.err).toContain(`toolpacks: @nope.json: no such file (${path.join(root, 'nope.json')})`);
    } finally {
      process.chdir(cwd);
    }
  });
});
