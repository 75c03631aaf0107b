// `toolpacks shell` as a real process driven through a pipe: a whole debug session on a real Node
// debuggee in one shell (the virtual session, confirmations on the same input with
// --answers-from-input, declined without it), bad input that leaves the shell running, and the end
// of input (Ctrl-D) or `exit` ending every debuggee.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { killLiveProcesses, liveProcesses, SAMPLE_PROGRAM, survivors } from '@toolpacks/node-services/testing';

jest.setTimeout(90_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-shell-')));
  await fs.writeFile(path.join(root, 'program.js'), SAMPLE_PROGRAM);
});
afterEach(async () => {
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

interface Driven {
  readonly child: ChildProcessWithoutNullStreams;
  /** Writes one line, then waits until stdout (from this point on) matches. */
  send(line: string, until: RegExp, stream?: 'out' | 'err'): Promise<string>;
  readonly exited: Promise<{ code: number | null; out: string; err: string }>;
}

function startShell(...args: string[]): Driven {
  const child = spawn(process.execPath, [BIN, 'shell', '--root', root, ...args], { stdio: 'pipe' });
  let out = '';
  let err = '';
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  child.stdout.on('data', (chunk) => ((out += String(chunk)), wake()));
  child.stderr.on('data', (chunk) => ((err += String(chunk)), wake()));
  const exited = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out, err })),
  );
  return {
    child,
    exited,
    async send(line, until, stream = 'out') {
      const start = stream === 'out' ? out.length : err.length;
      child.stdin.write(`${line}\n`);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const seen = (stream === 'out' ? out : err).slice(start);
        if (until.test(seen)) return seen;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`No ${until} after '${line}'.\nstdout: ${out}\nstderr: ${err}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

const debuggees = () => liveProcesses({ marker: root }).filter((p) => p.commandLine.includes('--inspect'));

describe('toolpacks shell', () => {
  it('runs a whole debug session by hand; the end of input (Ctrl-D) ends the debuggee', async () => {
    const shell = startShell('--answers-from-input');
    expect(await shell.send('tools', /^\d+ tools for copilot\/gpt-4\.1/)).not.toContain('get_call_stack');
    expect(
      await shell.send('call set_breakpoint {"path":"program.js","line":2}', /Breakpoint bp-1 set at program\.js:2\./),
    ).toBeTruthy();
    // start_debugging asks (it runs a program): the question goes to stderr, the answer comes from the same input.
    const question = shell.send(
      'call start_debugging {"program":"program.js"}',
      /Run start_debugging\? \[y\/N\]/,
      'err',
    );
    expect(await question).toMatch(/node "?program\.js"?/);
    expect(await shell.send('y', /Stopped \(breakpoint bp-1\) in add at program\.js:2/)).toBeTruthy();
    expect(debuggees()).toHaveLength(1);
    expect(await shell.send('tools', /get_call_stack/)).toMatch(/get_variables.*continue_execution/);
    expect(await shell.send('get_call_stack', /#1 /)).toMatch(
      /^#0 add at program\.js:2:\d+: "const sum = a \+ b;"\n#1 \(anonymous\) at program\.js:8:\d+/,
    );
    expect(await shell.send('call get_variables {"frameIndex":0}', /sum/)).toMatch(
      /a \(number\) = 0\n\s+b \(number\) = 1/,
    );
    expect(await shell.send('context', /debugState/)).toContain('debugState = "stopped"');
    expect(await shell.send('call continue_execution {}', /Stopped/)).toMatch(/program\.js:2/);
    expect(await shell.send('call get_variables {}', /sum/)).toMatch(/a \(number\) = 1\n\s+b \(number\) = 2/);

    shell.child.stdin.end(); // Ctrl-D
    const { code } = await shell.exited;
    expect(code).toBe(0);
    expect(await survivors({ marker: root })).toEqual([]);
  });

  it('says what is wrong with bad input and goes on; the virtual session persists; `exit` ends the debuggee', async () => {
    const shell = startShell('--yes', '--answers-from-input', '--threshold', '4');
    expect(await shell.send('call get_variables {"frameIndex": 0', /not valid JSON/, 'err')).toMatch(
      /error: the input of get_variables is not valid JSON: .*Write it as call get_variables \{"key": "value"\}\./,
    );
    expect(await shell.send('frobnicate', /unknown command 'frobnicate'/, 'err')).toBeTruthy();
    expect(await shell.send('context novalue', /must be key=value/, 'err')).toBeTruthy();
    expect(await shell.send('model', /model copilot\/gpt-4\.1/)).toBeTruthy();
    expect(await shell.send('describe grep_search', /Input schema:/)).toMatch(
      /^grep_search — [\s\S]*Toolsets: +search/,
    );
    expect(await shell.send('describe grpe_search', /no tool or toolset/, 'err')).toContain(
      "did you mean 'grep_search'?",
    );
    expect(await shell.send('toolsets -gti', /no toolset is named 'gti'/, 'err')).toContain(
      "warning: toolsets: no toolset is named 'gti'; the choice is ignored; did you mean 'git'?",
    );
    const grouped = await shell.send('tools', /activate_/);
    expect(grouped).toMatch(/activate_debug: start_debugging, set_breakpoint, remove_breakpoint, list_breakpoints/);
    expect(await shell.send('activate debug', /Tools activated: start_debugging/)).toBeTruthy();
    expect(await shell.send('tools', /tools for/)).toMatch(/: .*start_debugging.*set_breakpoint/);
    expect(await shell.send('set_breakpoint {"path":"program.js","line":2}', /Breakpoint bp-1/)).toBeTruthy();
    // --yes does not cover a call that runs code: start_debugging still asks.
    expect(
      await shell.send('start_debugging {"program":"program.js"}', /Run start_debugging\? \[y\/N\]/, 'err'),
    ).toBeTruthy();
    expect(await shell.send('y', /Stopped \(breakpoint bp-1\)/)).toBeTruthy();
    expect(debuggees()).toHaveLength(1);
    shell.child.stdin.write('exit\n');
    const { code, err } = await shell.exited;
    expect(code).toBe(0);
    expect(err).not.toMatch(/\n\s+at /);
    expect(await survivors({ marker: root })).toEqual([]);
  });

  it('without a terminal and without --answers-from-input, a call that asks is declined: the next line is a command, never an answer', async () => {
    const shell = startShell('--yes');
    expect(
      await shell.send('call start_debugging {"program":"program.js"}', /start_debugging: declined/, 'err'),
    ).toMatch(/nobody was asked; pass --answers-from-input to answer from the input/);
    expect(await shell.send('y', /unknown command 'y'/, 'err')).toBeTruthy();
    expect(debuggees()).toHaveLength(0);
    shell.child.stdin.end();
    const { code, out, err } = await shell.exited;
    expect(code).toBe(0);
    expect(out).toMatch(/declined to run `start_debugging`/);
    expect(err).not.toMatch(/Run start_debugging\?/);
  });
});
