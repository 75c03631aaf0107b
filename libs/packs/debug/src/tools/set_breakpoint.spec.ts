import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness, SAMPLE_PROGRAM } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('set_breakpoint', () => {
  it('sets plain and conditional breakpoints that the program then hits', async () => {
    expect(
      (
        await h.call(
          'set_breakpoint',
          { path: 'program.js', line: 3, condition: 'b === 3' },
          { confirm: async () => 'once' },
        )
      ).text,
    ).toBe('Breakpoint bp-1 set at program.js:3 when b === 3.');
    const started = await h.call(
      'start_debugging',
      { program: 'program.js' },
      { autoApprove: { start_debugging: true } },
    );
    expect(started.text).toMatch(/^Stopped \(breakpoint bp-1\) in add at program.js:3/);
    expect(
      (await h.call('evaluate_expression', { expression: 'sum' }, { autoApprove: { evaluate_expression: true } })).text,
    ).toBe('6');
  });

  it('explains bad input', async () => {
    expect((await h.call('set_breakpoint', { path: 'missing.js', line: 1 })).text).toMatch(/does not exist/);
    expect((await h.call('set_breakpoint', { path: '/etc/passwd', line: 1 })).text).toMatch(/outside the workspace/);
    expect((await h.call('set_breakpoint', { path: 'program.js', line: 0 })).status).toBe('invalid-input');
  });

  describe('a condition is code', () => {
    const marker = () => path.join(h.root, '..', `${path.basename(h.root)}-PWNED`);
    const hostile = () => `process.mainModule.require('fs').writeFileSync(${JSON.stringify(marker())}, 'x') || false`;

    it('is not set without the user’s yes, so starting the program runs nothing of the model’s', async () => {
      const asked: ConfirmationRequest[] = [];
      const declined = await h.call(
        'set_breakpoint',
        { path: 'program.js', line: 2, condition: hostile() },
        { confirm: async (r) => (asked.push(r), 'decline') },
      );
      expect(declined.status).toBe('declined');
      expect(asked[0].message).toContain(hostile());
      expect((await h.call('set_breakpoint', { path: 'program.js', line: 2, condition: hostile() })).status).toBe(
        'declined',
      );
      expect((await h.call('list_breakpoints', {})).text).toBe('No breakpoints are set.');
      expect(
        (await h.call('start_debugging', { program: 'program.js' }, { confirm: async () => 'once' })).text,
      ).toMatch(/ended/);
      expect(existsSync(marker())).toBe(false);
    });

    it('asks again after an approved start, before continue_execution could run it', async () => {
      await h.call('set_breakpoint', { path: 'program.js', line: 2 });
      expect(
        (await h.call('start_debugging', { program: 'program.js' }, { confirm: async () => 'session' })).text,
      ).toMatch(/^Stopped/);
      expect(
        (
          await h.call(
            'set_breakpoint',
            { path: 'program.js', line: 3, condition: hostile() },
            { confirm: async () => 'decline' },
          )
        ).status,
      ).toBe('declined');
      await h.call('continue_execution', {});
      await h.call('continue_execution', {});
      expect(existsSync(marker())).toBe(false);
    });

    it('runs once the user said yes (the attack above is real)', async () => {
      await h.call(
        'set_breakpoint',
        { path: 'program.js', line: 2, condition: hostile() },
        { confirm: async () => 'once' },
      );
      await h.call('start_debugging', { program: 'program.js' }, { confirm: async () => 'once' });
      expect(existsSync(marker())).toBe(true);
      await import('node:fs').then((fs) => fs.promises.rm(marker(), { force: true }));
    });

    it('is remembered for that exact condition only when the user chose a scope', async () => {
      let asks = 0;
      const confirm = async () => (asks++, 'session' as const);
      await h.call('set_breakpoint', { path: 'program.js', line: 2, condition: 'a > 1' }, { confirm });
      await h.call('set_breakpoint', { path: 'program.js', line: 3, condition: 'a > 1' }, { confirm });
      expect(asks).toBe(1);
      expect((await h.call('set_breakpoint', { path: 'program.js', line: 3, condition: hostile() })).status).toBe(
        'declined',
      );
      expect((await h.call('set_breakpoint', { path: 'program.js', line: 8 })).status).toBe('ok');
    });
  });
});
