// The official MCP Inspector (its CLI mode) drives `toolpacks mcp` over stdio as a person would
// from the Inspector's README: list the tools, call one. Real processes on both sides.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../../..');
const INSPECTOR = path.join(REPO, 'node_modules/@modelcontextprotocol/inspector/cli/build/cli.js');
const TOOLPACKS = path.join(REPO, 'apps/cli/bin/toolpacks.js');

function inspector(root: string, ...method: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [INSPECTOR, '--cli', process.execPath, TOOLPACKS, 'mcp', '--root', root, ...method],
      { cwd: root, timeout: 100_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`inspector ${method.join(' ')} failed: ${error.message}\n${stderr}`));
        // The Inspector prints a deprecation banner before the JSON answer.
        const start = stdout.indexOf('{');
        try {
          resolve(JSON.parse(stdout.slice(start)));
        } catch {
          reject(new Error(`inspector ${method.join(' ')} printed no JSON:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

describe('toolpacks mcp under the official MCP Inspector (CLI mode)', () => {
  let root: string;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-inspector-'));
    await fs.writeFile(path.join(root, 'notes.txt'), 'first line\nsecond line\n');
  });

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('lists the tools with their titles, schemas and annotations', async () => {
    const listed = (await inspector(root, '--method', 'tools/list')) as {
      tools: { name: string; title?: string; inputSchema: object; annotations?: Record<string, unknown> }[];
    };
    const readFile = listed.tools.find((t) => t.name === 'read_file');
    expect(readFile).toMatchObject({
      title: 'Read File',
      inputSchema: expect.objectContaining({ type: 'object' }),
      annotations: expect.objectContaining({ readOnlyHint: true, destructiveHint: false }),
    });
    expect(listed.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['read_file', 'grep_search', 'create_file', 'start_debugging']),
    );
  });

  it('calls a tool and gets its text', async () => {
    const result = (await inspector(
      root,
      '--method',
      'tools/call',
      '--tool-name',
      'read_file',
      '--tool-arg',
      'filePath=notes.txt',
    )) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([
      { type: 'text', text: 'File: notes.txt, lines 1-2 of 2\nfirst line\nsecond line' },
    ]);
  });
});
