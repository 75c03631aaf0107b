// Issue 19, finding 6: "Allow in this Session" for `node app.js` must not approve another program
// or other arguments. Real registry, real headless host, real debuggee: each program leaves a
// marker file, so what ran is read from the disk, not from what the tool said.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ConfirmationAnswer, ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

jest.setTimeout(60_000);

// Appends its name and arguments to ran.txt in the workspace (the debuggee's cwd): every run is on record.
const marking = (name: string) =>
  `require('node:fs').appendFileSync('ran.txt', JSON.stringify(['${name}', ...process.argv.slice(2)]) + '\\n');\n`;

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([debugPack], {
      'app.js': marking('app'),
      'evil.js': marking('evil'),
      'lib/tool.js': marking('tool'),
    })),
);
afterEach(() => h.dispose());

const ran = async () =>
  (await fs.readFile(path.join(h.root, 'ran.txt'), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);

/** One start_debugging call in chat session 's', answering any question with `answer` (none: nobody to ask). */
async function start(
  input: { program: string; args?: string[] },
  asked: ConfirmationRequest[],
  answer?: ConfirmationAnswer,
) {
  const confirm = answer ? async (request: ConfirmationRequest) => (asked.push(request), answer) : undefined;
  const result = await h.call('start_debugging', input, { chatSessionId: 's', confirm });
  await h.host.debug.stop();
  return result.status;
}

describe('start_debugging: a remembered approval covers exactly the program and arguments approved', () => {
  it('approving `node app.js` for the session never runs evil.js or app.js with other arguments unasked', async () => {
    const asked: ConfirmationRequest[] = [];
    expect(await start({ program: 'app.js' }, asked, 'session')).toBe('ok');
    // The same program, however the path is spelled, runs without a question.
    expect(await start({ program: 'app.js' }, asked)).toBe('ok');
    expect(await start({ program: './app.js' }, asked)).toBe('ok');
    expect(await start({ program: path.join(h.root, 'app.js') }, asked)).toBe('ok');
    expect(await start({ program: 'app.js', args: [] }, asked)).toBe('ok');
    expect(asked).toHaveLength(1);
    // The attack: another program, or the approved one with arguments, with nobody to ask.
    expect(await start({ program: 'evil.js', args: ['--anything'] }, asked)).toBe('declined');
    expect(await start({ program: 'evil.js' }, asked)).toBe('declined');
    expect(await start({ program: 'app.js', args: ['--anything'] }, asked)).toBe('declined');
    expect(await ran()).toEqual([['app'], ['app'], ['app'], ['app'], ['app']]);
  });

  it('keys arguments unambiguously: approving ["a", "b"] approves neither ["a b"], ["a,b"] nor ["a", "b", ""]', async () => {
    const asked: ConfirmationRequest[] = [];
    expect(await start({ program: 'app.js', args: ['a', 'b'] }, asked, 'session')).toBe('ok');
    expect(await start({ program: 'app.js', args: ['a', 'b'] }, asked)).toBe('ok');
    for (const args of [['a b'], ['a,b'], ['a', 'b', ''], ['b', 'a'], ['a\u0000b']])
      expect(await start({ program: 'app.js', args }, asked)).toBe('declined');
    expect(await ran()).toEqual([
      ['app', 'a', 'b'],
      ['app', 'a', 'b'],
    ]);
  });

  it('asks again for a program of the same name in another folder, and for a link to another program', async () => {
    await fs.symlink(path.join(h.root, 'evil.js'), path.join(h.root, 'innocent.js'));
    const asked: ConfirmationRequest[] = [];
    expect(await start({ program: 'lib/tool.js' }, asked, 'session')).toBe('ok');
    expect(await start({ program: 'tool.js' }, asked)).toBe('declined'); // no such program: still asked first
    // A link resolves to the program it names: approving evil.js through the link approves evil.js only.
    expect(await start({ program: 'innocent.js' }, asked, 'session')).toBe('ok');
    expect(await start({ program: 'evil.js' }, asked)).toBe('ok');
    expect(await start({ program: 'app.js' }, asked)).toBe('declined');
    expect(await ran()).toEqual([['tool'], ['evil'], ['evil']]);
  });

  it('offers the remembered scopes (the key names what runs), and a per-tool allow still covers every program', async () => {
    const asked: ConfirmationRequest[] = [];
    await start({ program: 'app.js' }, asked, 'once');
    expect(asked[0].rememberable).not.toBe(false);
    const allowed = await h.call('start_debugging', { program: 'evil.js' }, { autoApprove: { start_debugging: true } });
    expect(allowed.status).toBe('ok');
    expect(await ran()).toEqual([['app'], ['evil']]);
  });
});
