// --pack: anyone's pack, from a folder outside the repository (plain JS that cannot require
// @toolpacks/registry), from a module name, and packs that fail: each reported, the others run.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCliArgs } from './args';
import { runMain } from './testing/runMain';
import { importPack } from './packImport';

jest.setTimeout(30_000);

let root: string;
let outside: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-packs-')));
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-outside-pack-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export class ToolRegistry {}\n');
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
});

const run = (argv: string[]) => runMain(root, argv);

const HELLO_PACK = `module.exports = {
  id: 'outside',
  displayName: 'Outside Pack',
  version: '1.0.0',
  tools: [{
    definition: {
      name: 'say_hello',
      displayName: 'Say Hello',
      modelDescription: 'Greets someone by name.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
    },
    implementation: { invoke: (options) => ({ content: [{ value: 'Hello, ' + options.input.name + '!' }] }) },
  }],
};
`;

describe('--pack', () => {
  it('loads a plain-JS pack from a folder outside the repository: listed, sent and callable beside the built-in four', async () => {
    await fs.writeFile(path.join(outside, 'pack.js'), HELLO_PACK);
    const pack = path.join(outside, 'pack.js');
    const list = await run(['list', '--pack', pack]);
    expect(list.err).toBe('');
    expect(list.out).toContain('Packs (5):');
    expect(list.out).toMatch(/outside\s+Outside Pack\s+1\.0\.0/);
    expect(list.out).toMatch(/say_hello\s+say_hello\s+outside\s+every model/);
    const resolved = JSON.parse((await run(['--pack', pack, '--json'])).out);
    expect(resolved.tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['say_hello', 'read_file', 'grep_search']),
    );
    const called = await run(['invoke', 'say_hello', '{"name":"Ada"}', '--pack', pack]);
    expect(called).toMatchObject({ code: 0, out: 'Hello, Ada!', err: '' });
    const bad = await run(['invoke', 'say_hello', '{"name":1}', '--pack', pack]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/`name` must be string/);
  });

  it('takes a package folder (its main), a relative path, the `pack` export, and a module name resolved from a trusted root', async () => {
    await fs.mkdir(path.join(outside, 'folder-pack'));
    await fs.writeFile(
      path.join(outside, 'folder-pack', 'package.json'),
      JSON.stringify({ name: 'folder-pack', main: 'lib/main.js' }),
    );
    await fs.mkdir(path.join(outside, 'folder-pack', 'lib'));
    await fs.writeFile(
      path.join(outside, 'folder-pack', 'lib', 'main.js'),
      `const p = (${HELLO_PACK.replace('module.exports = ', '').replace(/;\n$/, '')}); exports.helper = 1; ` +
        `exports.pack = p;\n`,
    );
    const folder = await run(['invoke', 'say_hello', '{"name":"folder"}', '--pack', path.join(outside, 'folder-pack')]);
    expect(folder).toMatchObject({ code: 0, out: 'Hello, folder!' });

    const relative = path.relative(process.cwd(), path.join(outside, 'folder-pack'));
    expect(
      (
        await run([
          'invoke',
          'say_hello',
          '{"name":"relative"}',
          '--pack',
          relative.startsWith('.') ? relative : `./${relative}`,
        ])
      ).out,
    ).toBe('Hello, relative!');

    await fs.mkdir(path.join(root, 'node_modules', 'toolpacks-pack-hello'), { recursive: true });
    await fs.writeFile(
      path.join(root, 'node_modules', 'toolpacks-pack-hello', 'index.js'),
      HELLO_PACK.replace("'outside'", "'hello-module'"),
    );
    const byName = await run(['list', '--pack', 'toolpacks-pack-hello', '--json', '--trust-repository-config']);
    expect(JSON.parse(byName.out).packs.map((p: { id: string }) => p.id)).toEqual([
      'editor',
      'search',
      'git',
      'debug',
      'hello-module',
    ]);
    // Untrusted, the root's node_modules is the repository's, not the user's: not looked in.
    const untrusted = await run(['list', '--pack', 'toolpacks-pack-hello', '--json']);
    expect(JSON.parse(untrusted.out).packs.map((p: { id: string }) => p.id)).toEqual([
      'editor',
      'search',
      'git',
      'debug',
    ]);
    expect(untrusted.err).toMatch(/'toolpacks-pack-hello' from the command line was not found/);
  });

  it('resolves a module name from the current folder first, and from the root only with --trust-repository-config', async () => {
    // `toolpacks mcp --root ~/clone --pack @acme/pack`, run from the user's folder (INIT_CWD under an npm script).
    const copy = async (folder: string, name: string, id: string) => {
      await fs.mkdir(path.join(folder, 'node_modules', name), { recursive: true });
      await fs.writeFile(
        path.join(folder, 'node_modules', name, 'index.js'),
        HELLO_PACK.replace("'outside'", `'${id}'`),
      );
    };
    const env = { npm_lifecycle_event: 'start', INIT_CWD: outside };
    const resolve = async (name: string, ...flags: string[]) => {
      const imported = await importPack(
        parseCliArgs(['--root', root, '--pack', name, ...flags], undefined, env).packs[0],
      );
      return imported.ok ? imported.pack.id : imported.refused.diagnostics[0].message;
    };
    // Two copies: the user's folder's wins, trusted or not.
    await copy(root, '@acme/pack', 'repository-copy');
    await copy(outside, '@acme/pack', 'user-copy');
    expect(await resolve('@acme/pack')).toBe('user-copy');
    expect(await resolve('@acme/pack', '--trust-repository-config')).toBe('user-copy');
    // Only the repository's copy: never used untrusted.
    await copy(root, '@acme/only-in-clone', 'repository-only');
    expect(await resolve('@acme/only-in-clone')).toMatch(
      /'@acme\/only-in-clone' from the command line was not found \(looked up from [^,]+\)/,
    );
    expect(await resolve('@acme/only-in-clone', '--trust-repository-config')).toBe('repository-only');
  });

  it('loads a workspace pack by its package name (the example pack, a definePack with services and a class tool)', async () => {
    const { out, err } = await run([
      'invoke',
      'count_words',
      '{"text":"one two three"}',
      '--pack',
      '@toolpacks/pack-example',
      '--no-default-packs',
    ]);
    expect(err).toBe('');
    expect(out).toMatch(/3/);
    const list = JSON.parse(
      (await run(['list', '--json', '--pack', '@toolpacks/pack-example', '--no-default-packs'])).out,
    );
    expect(list.packs.map((p: { id: string }) => p.id)).toEqual(['example']);
  });

  it('reports each broken pack with its diagnostics on stderr, and the built-in packs still run', async () => {
    await fs.writeFile(path.join(outside, 'throws.js'), "throw new Error('boom at import');\n");
    await fs.writeFile(path.join(outside, 'nothing.js'), 'module.exports = { answer: 42 };\n');
    await fs.writeFile(path.join(outside, 'invalid.js'), HELLO_PACK.replace("name: 'say_hello'", "name: 'say hello!'"));
    await fs.writeFile(path.join(outside, 'syntax.js'), 'module.exports = {;\n');
    await fs.writeFile(
      path.join(outside, 'two.js'),
      `const a = ${HELLO_PACK.replace('module.exports = ', '').replace(/;\n$/, '')};\nexports.a = a; exports.b = { ` +
        `...a, id: 'b' };\n`,
    );
    const packs = ['throws.js', 'nothing.js', 'invalid.js', 'syntax.js', 'two.js', 'missing.js'].flatMap((f) => [
      '--pack',
      path.join(outside, f),
    ]);
    const { code, out, err } = await run([
      'invoke',
      'grep_search',
      '{"query":"ToolRegistry"}',
      ...packs,
      '--pack',
      'no-such-pack-module',
    ]);
    expect(code).toBe(0);
    expect(out).toBe('1 match for "ToolRegistry":\na.ts:1: export class ToolRegistry {}');
    expect(err).toContain(
      `pack '${path.join(outside, 'throws.js')}' was not loaded:\n  Pack '${path.join(outside, 'throws.js')}' ` +
        `(${path.join(outside, 'throws.js')}) failed to import: boom at import`,
    );
    expect(err).toMatch(/nothing\.js\): its module exports no pack/);
    expect(err).toMatch(/pack 'outside' was not loaded:\n {2}.*say hello!/);
    expect(err).toMatch(/syntax\.js\) failed to import: .*Unexpected token/);
    expect(err).toMatch(
      /two\.js\): its module exports 2 packs \(a, b\); export the one to load as the default export or as `pack`/,
    );
    expect(err).toMatch(/missing\.js' from the command line was not found/);
    expect(err).toMatch(/'no-such-pack-module' from the command line was not found \(looked up from /);
    expect(err).not.toMatch(/\n\s+at /); // never a stack trace
  });

  it('a pack that claims a built-in tool name is refused with a diagnostic naming both; --no-default-packs lets it load', async () => {
    await fs.writeFile(path.join(outside, 'clash.js'), HELLO_PACK.replace("name: 'say_hello'", "name: 'read_file'"));
    const clash = await run(['list', '--pack', path.join(outside, 'clash.js')]);
    expect(clash.err).toMatch(
      /pack 'outside' was not loaded:\n {2}.*Tool 'read_file' is already registered by pack 'editor'/,
    );
    expect(clash.out).toContain('Packs (4):');
    const alone = await run([
      'invoke',
      'read_file',
      '{"name":"solo"}',
      '--pack',
      path.join(outside, 'clash.js'),
      '--no-default-packs',
    ]);
    expect(alone).toMatchObject({ code: 0, out: 'Hello, solo!', err: '' });
  });
});
