// The publishable packages end to end, as a user outside this repository gets them: build them
// (tools/scripts/build-packages.js), `npm pack` each, install the tarballs into a fresh project in the
// system's temporary folder (their npm dependencies from the registry, or npm's cache), write a pack in
// TypeScript against @toolpacks/registry, compile it with tsc, and run it with the installed CLI and
// with the public test harness (@toolpacks/host-node/testing). About a minute or two.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { PUBLISHED } from './published';

const root = path.resolve(__dirname, '../../..');
const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** npm's own variables (set when this runs under `npm test`) would point the project's npm at this repository's workspaces. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: cleanEnv,
    timeout: 8 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`,
    );
  return String(result.stdout);
}

const MY_PACK = `import { ContainerModule, inject, injectable } from 'inversify';
import { definePack, textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry/host';

export const Greeter = Symbol.for('my.Greeter');

export const myToolDefinition: ToolDefinition = {
  name: 'my_tool',
  modelDescription: 'Greets someone by name. Use it when the user asks for a greeting.',
  inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'who to greet' } }, required: ['name'] },
};

@injectable()
export class MyTool implements Tool<{ name: string }> {
  constructor(@inject(Greeter) private readonly greeter: { greet(name: string): string }) {}
  invoke({ input }: ToolInvocationOptions<{ name: string }>) {
    return textResult(this.greeter.greet(input.name));
  }
}

export const pack = definePack({
  id: 'my-pack',
  displayName: 'My Pack',
  version: '1.0.0',
  tools: [{ definition: myToolDefinition, implementation: MyTool }],
  toolSets: [{ name: 'greetings', description: 'Greeting tools', tools: ['my_tool'] }],
  services: new ContainerModule(({ bind }) => {
    bind(Greeter).toConstantValue({ greet: (name: string) => \`Hello, \${name}!\` });
  }),
});
`;

// A pack's own test, with the public harness (no import into a package's src/).
const MY_PACK_TEST = `const { createPackHarness } = require('@toolpacks/host-node/testing');
const { pack } = require('./dist/my-pack.js');
(async () => {
  const h = await createPackHarness([pack]);
  try {
    const names = h.names();
    const result = await h.call('my_tool', { name: 'Grace' });
    console.log(JSON.stringify({ names, status: result.status, text: result.text }));
  } finally {
    await h.dispose();
  }
})().catch((error) => { console.error(error); process.exit(1); });
`;

// The packages from an ES module: Node's CommonJS interop must find the named exports.
const ESM_CHECK = `import { definePack, createToolRegistry } from '@toolpacks/registry/host';
import { createNodeHost } from '@toolpacks/host-node';
import { ContextKeys } from '@toolpacks/services';
import { Emitter } from '@toolpacks/base';
import { serveStdio } from '@toolpacks/mcp-server';
console.log([definePack, createToolRegistry, createNodeHost, Emitter].every((f) => typeof f === 'function') && typeof ContextKeys === 'object' && typeof serveStdio);
`;

/** The first code block of the README's "Writing a pack" section: a complete pack. */
function readmePack(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Writing a pack'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md: no ```ts block under "## Writing a pack"');
  return block[1];
}

describe('the publishable packages, installed from their tarballs outside the repository', () => {
  let work: string;
  let project: string;
  let tarballs: string[] = [];

  beforeAll(() => {
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-packages-')));
    // Built into the temporary folder, not dist/: a build there meanwhile (nx, another run) cannot disturb this one.
    const out = run(
      process.execPath,
      [
        path.join(root, 'tools/scripts/build-packages.js'),
        '--out',
        path.join(work, 'build'),
        '--pack',
        path.join(work, 'tarballs'),
      ],
      { cwd: root },
    );
    tarballs = [...out.matchAll(/^packed (.+\.tgz)$/gm)].map((m) => m[1]);
    project = path.join(work, 'project');
    fs.mkdirSync(path.join(project, 'src'), { recursive: true });
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'my-pack', version: '1.0.0', private: true }, null, 2),
    );
    // What a pack author adds beside the tarballs: inversify (the README's example imports it) and
    // @types/vscode (the registry's and prompt-tsx's .d.ts name vscode's types; an optional peer).
    const extras = [
      `inversify@${rootManifest.dependencies.inversify}`,
      `@types/vscode@${rootManifest.devDependencies['@types/vscode']}`,
    ];
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, ...extras], {
      cwd: project,
    });
  }, 15 * 60_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('packs all eight packages', () => {
    expect(tarballs.map((t) => path.basename(t))).toEqual(
      PUBLISHED.map((name) => `${name.slice(1).replace('/', '-')}-0.1.0.tgz`),
    );
  });

  it('ships compiled JavaScript with .d.ts and a package.json for the build, never the sources or specs', () => {
    for (const name of PUBLISHED) {
      const dir = path.join(project, 'node_modules', name);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      expect(manifest.private).toBeUndefined();
      expect(manifest.scripts).toBeUndefined();
      expect(manifest.nx).toBeUndefined();
      expect(manifest.license).toBe('MIT');
      const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
      expect(files.filter((f) => /\.spec\.|(^|\/)src\/|(?<!\.d)\.tsx?$/.test(f))).toEqual([]);
      for (const range of Object.values({ ...manifest.dependencies, ...manifest.peerDependencies }))
        expect(range).not.toBe('*');
      expect(Object.keys(manifest.dependencies ?? {})).not.toContain('vscode');
      if (name === '@toolpacks/cli') {
        expect(manifest.bin).toEqual({ toolpacks: 'bin/toolpacks.js' });
        continue;
      }
      expect(manifest.exports['.']).toEqual({ types: './index.d.ts', default: './index.js' });
      expect(files).toEqual(expect.arrayContaining(['index.js', 'index.d.ts']));
    }
    const hostNode = JSON.parse(
      fs.readFileSync(path.join(project, 'node_modules/@toolpacks/host-node/package.json'), 'utf8'),
    );
    expect(hostNode.exports['./testing']).toEqual({ types: './testing.d.ts', default: './testing.js' });
    const hostVscode = JSON.parse(
      fs.readFileSync(path.join(project, 'node_modules/@toolpacks/host-vscode/package.json'), 'utf8'),
    );
    expect(hostVscode.peerDependencies).toHaveProperty('@types/vscode');
    const registry = JSON.parse(
      fs.readFileSync(path.join(project, 'node_modules/@toolpacks/registry/package.json'), 'utf8'),
    );
    expect(Object.keys(registry.dependencies)).toEqual(
      expect.arrayContaining(['@toolpacks/base', 'inversify', 'reflect-metadata', 'ajv', '@vscode/prompt-tsx']),
    );
  });

  it("compiles a pack written against @toolpacks/registry, and the README's, with tsc (strict, .d.ts checked)", () => {
    fs.writeFileSync(path.join(project, 'src/my-pack.ts'), MY_PACK);
    fs.writeFileSync(path.join(project, 'src/readme-pack.ts'), readmePack());
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        experimentalDecorators: true,
        skipLibCheck: false,
        types: [],
        rootDir: 'src',
        outDir: 'dist',
      },
      include: ['src'],
    };
    fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project });
    expect(fs.existsSync(path.join(project, 'dist/my-pack.js'))).toBe(true);
  });

  it("runs the README's pack with the installed CLI", () => {
    const out = run(
      'npx',
      ['--no', '--', 'toolpacks', '--no-default-packs', '--pack', './dist/readme-pack.js', 'invoke', 'get_time', '{}'],
      { cwd: project },
    );
    expect(out.trim()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('lists the pack beside the built-in packs with the installed CLI', () => {
    const out = run('npx', ['--no', '--', 'toolpacks', '--pack', './dist/my-pack.js', 'list'], { cwd: project });
    expect(out).toMatch(/my-pack\s+My Pack\s+1\.0\.0/);
    expect(out).toMatch(/greetings\s+my-pack\s+my_tool/);
    expect(out).toContain('read_file');
  });

  it("invokes the pack's tool with the installed CLI", () => {
    const out = run(
      'npx',
      ['--no', '--', 'toolpacks', 'invoke', 'my_tool', '{"name":"Ada"}', '--pack', './dist/my-pack.js'],
      { cwd: project },
    );
    expect(out.trim()).toBe('Hello, Ada!');
  });

  it('serves MCP from the installed CLI (the SDK resolves from the tarballs)', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'packaging-spec', version: '1' } },
    };
    const result = spawnSync('npx', ['--no', '--', 'toolpacks', 'mcp', '--pack', './dist/my-pack.js'], {
      cwd: project,
      env: cleanEnv,
      input: `${JSON.stringify(initialize)}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    // No answer: the server's stderr says why (a failure to start, a crash).
    if (!result.stdout.trim())
      throw new Error(`toolpacks mcp gave no answer (status ${result.status}): ${result.stderr}`);
    const reply = JSON.parse(result.stdout.split('\n')[0]);
    expect(reply).toMatchObject({ id: 1, result: { serverInfo: { name: 'toolpacks' }, capabilities: { tools: {} } } });
  });

  // The published bin answers the opening from its first stage (mcpOpening.js) and hands over to the CLI:
  // a real SDK client in each era must get the whole session from the installed package, not only the answer.
  it.each([
    ['2025-11-25', {}],
    ['2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }],
  ])(
    'lists and calls tools from the installed CLI with the SDK v2 client, %s era',
    async (era, negotiation) => {
      fs.writeFileSync(path.join(project, 'hello.txt'), 'hello from the tarballs\n');
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [path.join(project, 'node_modules/@toolpacks/cli/bin/toolpacks.js'), 'mcp', '--root', project],
        cwd: project,
        env: cleanEnv as Record<string, string>,
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
      const client = new Client({ name: 'packaging-spec', version: '1.0.0' }, negotiation);
      try {
        await client.connect(transport);
        expect(client.getNegotiatedProtocolVersion()).toBe(era);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('read_file');
        const read = await client.callTool({ name: 'read_file', arguments: { filePath: 'hello.txt' } });
        expect(read.isError).toBeFalsy();
        expect(JSON.stringify(read.content)).toContain('hello from the tarballs');
      } catch (error) {
        throw new Error(`${String(error)}\nstderr: ${stderr}`, { cause: error });
      } finally {
        await client.close();
      }
    },
    120_000,
  );

  it('tests the pack with the public harness, @toolpacks/host-node/testing', () => {
    fs.writeFileSync(path.join(project, 'my-pack.test.js'), MY_PACK_TEST);
    const out = JSON.parse(run(process.execPath, ['my-pack.test.js'], { cwd: project }));
    expect(out).toEqual({ names: ['my_tool'], status: 'ok', text: 'Hello, Grace!' });
  });

  it('imports the libraries from an ES module', () => {
    fs.writeFileSync(path.join(project, 'esm-check.mjs'), ESM_CHECK);
    expect(run(process.execPath, ['esm-check.mjs'], { cwd: project }).trim()).toBe('function');
  });
});
