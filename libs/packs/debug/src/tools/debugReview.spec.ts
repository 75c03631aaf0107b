// Issue 22 review: breakpoints that never bound are reported when the program ends (TypeScript
// run through a loader binds by the compiled lines, so the description no longer suggests it);
// caught and uncaught exceptions told apart with pauseOnExceptions 'all'; the confirmation warns
// about --env-file and OPENSSL_CONF. Real debuggees in temporary folders.
import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';
import { startDebugging } from './start_debugging';

jest.setTimeout(90_000);

const run = { autoApprove: { start_debugging: true } };

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([debugPack], {
      'main.js': `console.log('main ran');\nif (process.env.LOAD_LATER) require('./later');\n`,
      'later.js': `const value = 1;\nconsole.log('later ran', value);\n`,
      'waits.js': `setInterval(() => {}, 1000);\n`,
      'rejections.js': `async function main() {
  try {
    await Promise.reject(new Error('handled'));
  } catch {}
  try {
    throw new Error('caught throw');
  } catch {}
  Promise.reject(new Error('nobody handles this'));
}
main();
`,
    })),
);
afterEach(() => h.dispose());

describe('breakpoints that never bound', () => {
  it('the end of the program names each breakpoint no code was loaded for', async () => {
    await h.call('set_breakpoint', { path: 'later.js', line: 2 });
    await h.call('set_breakpoint', { path: 'main.js', line: 1 });
    const started = await h.call('start_debugging', { program: 'main.js' }, run);
    expect(started.text).toMatch(/^Stopped \(breakpoint bp-2\)/);
    expect((await h.call('list_breakpoints', {})).text).toBe(
      'bp-1 later.js:2 (unbound: no code was loaded for that line yet)\nbp-2 main.js:1 (verified)',
    );
    const ended = (await h.call('continue_execution', {})).text;
    expect(ended).toBe(
      [
        'The program ended with exit code 0.',
        'bp-1 at later.js:2 was never hit: no code was loaded for that line (the file never ran, or node ran code compiled from it, such as TypeScript, whose lines differ).',
        'Program output:',
        'main ran',
      ].join('\n'),
    );
    expect((await h.call('list_breakpoints', {})).text).toBe(
      'bp-1 later.js:2 (unbound: no code was loaded for that line yet)\nbp-2 main.js:1 (verified)',
    );
  });

  it('a start that ends at once says so; one whose breakpoints all bound says nothing more', async () => {
    await h.call('set_breakpoint', { path: 'later.js', line: 1 });
    expect((await h.call('start_debugging', { program: 'main.js' }, run)).text).toContain(
      'bp-1 at later.js:1 was never hit: no code was loaded for that line',
    );
    const bound = await h.call('start_debugging', { program: 'main.js', env: { LOAD_LATER: '1' } }, run);
    expect(bound.text).toMatch(/^Stopped \(breakpoint bp-1\) in .* at later.js:1/);
    expect((await h.call('continue_execution', {})).text).toBe(
      'The program ended with exit code 0.\nProgram output:\nlater ran 1',
    );
  });

  it('stop_debugging names the unbound breakpoints of the session it ends, not after it ended', async () => {
    await h.call('set_breakpoint', { path: 'later.js', line: 2 });
    expect((await h.call('start_debugging', { program: 'waits.js' }, run)).text).toMatch(/^The program is running/);
    expect((await h.call('stop_debugging', {})).text).toContain('bp-1 at later.js:2 was never hit');
    expect((await h.call('stop_debugging', {})).text).not.toContain('never hit');
  });

  it('the description no longer suggests running TypeScript through a loader', () => {
    expect(JSON.stringify(startDebugging.definition)).not.toContain('tsx');
    expect(startDebugging.definition.modelDescription).toContain('source maps are not used');
  });
});

describe("pauseOnExceptions 'all'", () => {
  it('labels caught exceptions and handled rejections as caught, and an unhandled rejection as uncaught', async () => {
    const first = await h.call('start_debugging', { program: 'rejections.js', pauseOnExceptions: 'all' }, run);
    expect(first.text).toMatch(/^Paused on an exception: Error: handled, thrown in main at rejections.js:3/);
    expect(first.text).not.toContain('Continuing ends the program');
    const second = await h.call('continue_execution', {});
    expect(second.text).toMatch(/^Paused on an exception: Error: caught throw, thrown in main at rejections.js:6/);
    const third = await h.call('continue_execution', {});
    expect(third.text).toMatch(/^Paused on an uncaught exception: Error: nobody handles this/);
  });
});

describe('the confirmation warns about what loads other code', () => {
  it('--env-file (either form, which can set NODE_OPTIONS) and OPENSSL_CONF', async () => {
    const asked: string[] = [];
    await h.call(
      'start_debugging',
      {
        program: 'main.js',
        runtimeArgs: ['--env-file', '.env', '--env-file-if-exists=local.env'],
        env: { OPENSSL_CONF: '/tmp/x.cnf' },
      },
      { confirm: async (r) => (asked.push(r.message), 'decline') },
    );
    expect(asked[0]).toContain('**Warning:** OPENSSL_CONF is set: it makes node or the system load other code');
    expect(asked[0]).toContain(
      '**Warning:** it reads environment variables from .env, which can set NODE_OPTIONS and so load other code before the program.',
    );
    expect(asked[0]).toContain('**Warning:** it reads environment variables from local.env');
  });
});
