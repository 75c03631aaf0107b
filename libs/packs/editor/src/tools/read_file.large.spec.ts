// Reading beyond plain text: a line range of a file over the whole-file limit (streamed), images
// returned as image data, other binary files refused with their type and size.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAgADAIAAAP///wAAACH5BAEAAAAALAAAAAACAAMAAAICjI8AOw==', 'base64');
const LINES = 200_000;
const lineText = (n: number) => `line ${n} ${'x'.repeat(45)}`;
/** A 9 MB line: longer than any result. */
const ONE_LINE = Array.from({ length: 9 * 1024 }, (_, i) => `${String(i).padStart(8, '0')}${'y'.repeat(1016)}`).join(
  '',
);

let h: PackHarness;
let outside: string;
beforeAll(async () => {
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-outside-'));
  await fs.writeFile(path.join(outside, 'secret.png'), TINY_PNG);
  const big = Array.from({ length: LINES }, (_, i) => lineText(i + 1)).join('\n') + '\n';
  h = await createPackHarness([editorPack], {
    'logs/big.log': big,
    'img/dot.png': TINY_PNG,
    'img/anim.gif': GIF,
    'img/fake.png': 'just text in a file named .png\n',
    'img/huge.png': Buffer.concat([TINY_PNG.subarray(0, 33), Buffer.alloc(6 * 1024 * 1024)]),
    // 4 MB raw is about 5.3 MB in base64: over Anthropic's per-image limit.
    'img/four.png': Buffer.concat([TINY_PNG.subarray(0, 33), Buffer.alloc(4 * 1024 * 1024)]),
    'img/under.png': Buffer.concat([TINY_PNG.subarray(0, 33), Buffer.alloc(3.7 * 1024 * 1024)]),
    'logs/one-line.log': `${ONE_LINE}\nshort\n`,
    'dist/app.zip': Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1.2 * 1024 * 1024, 7)]),
  });
  await fs.symlink(path.join(outside, 'secret.png'), path.join(h.root, 'img/link.png'));
});
afterAll(async () => {
  await h.dispose();
  await fs.rm(outside, { recursive: true, force: true });
});

describe('a large file (over 8 MB)', () => {
  it('read_file reads its middle 3 lines and says how to read on', async () => {
    expect((await fs.stat(path.join(h.root, 'logs/big.log'))).size).toBeGreaterThan(10 * 1024 * 1024);
    const result = await h.call('read_file', { filePath: 'logs/big.log', startLine: 100_000, endLine: 100_002 });
    expect(result.status).toBe('ok');
    expect(result.text).toBe(
      [
        'File: logs/big.log, lines 100000–100002 of a large file (11 MB, 200000 lines); read on from line 100003 (read_file with startLine 100003)',
        lineText(100_000),
        lineText(100_001),
        lineText(100_002),
      ].join('\n'),
    );
  });

  it('read_file without a range returns the first lines within the budget', async () => {
    const result = await h.call('read_file', { filePath: 'logs/big.log' });
    const [header, first] = result.text.split('\n');
    expect(header).toMatch(
      /^File: logs\/big.log, lines 1–(\d+) of a large file \(11 MB, 200000 lines\); read on from line (\d+)/,
    );
    expect(first).toBe(lineText(1));
    expect(result.text.length).toBeLessThanOrEqual(60_000);
    const last = Number(/lines 1–(\d+)/.exec(header)![1]);
    const next = await h.call('read_file', { filePath: 'logs/big.log', startLine: last + 1, endLine: last + 1 });
    expect(next.text.split('\n')[1]).toBe(lineText(last + 1));
  });

  it('the end of the file and a line past it', async () => {
    const tail = await h.call('read_file', { filePath: 'logs/big.log', startLine: LINES - 1 });
    expect(tail.text).toBe(
      `File: logs/big.log, lines ${LINES - 1}–${LINES} of a large file (11 MB, ${LINES} lines)\n${lineText(LINES - 1)}\n${lineText(LINES)}`,
    );
    expect((await h.call('read_file', { filePath: 'logs/big.log', startLine: LINES + 5 })).text).toMatch(
      /has 200000 lines; line 200005 is past the end/,
    );
  });

  it('gemini_read_file and the text editor view read a range of it', async () => {
    const gemini = await h.call(
      'read_file',
      { file_path: 'logs/big.log', start_line: 100_000, end_line: 100_001 },
      { model: testModels.gemini },
    );
    expect(gemini.text).toContain('Status: Showing lines 100000-100001 of a large file (11 MB, 200000 total lines).');
    expect(gemini.text).toContain('use start_line: 100002');
    expect(gemini.text.endsWith(`${lineText(100_000)}\n${lineText(100_001)}`)).toBe(true);
    const view = await h.call(
      'str_replace_based_edit_tool',
      { command: 'view', path: 'logs/big.log', view_range: [100_000, 100_002] },
      { model: testModels.claude },
    );
    expect(view.text).toBe(
      [
        "Here's the result of running `cat -n` on logs/big.log:",
        `100000\t${lineText(100_000)}`,
        `100001\t${lineText(100_001)}`,
        `100002\t${lineText(100_002)}`,
        '<NOTE>Shown: lines 100000–100002 of a large file (11 MB, 200000 lines); read on from line 100003: call view with view_range [100003, -1].</NOTE>',
      ].join('\n'),
    );
    const whole = await h.call(
      'str_replace_based_edit_tool',
      { command: 'view', path: 'logs/big.log' },
      { model: testModels.claude },
    );
    expect(whole.text.length).toBeLessThan(17_000);
    expect(whole.text).toMatch(/read on from line \d+: call view with view_range \[\d+, -1\]/);
  });
});

describe('a line longer than any result (issue 22 review, finding 2)', () => {
  const whole = ONE_LINE.length;

  it('read_file says the line was cut, where, and its whole length', async () => {
    const result = await h.call('read_file', { filePath: 'logs/one-line.log' });
    const [header, line] = result.text.split('\n');
    const shown = line.length;
    expect(ONE_LINE.startsWith(line)).toBe(true);
    expect(shown).toBeLessThan(60_000);
    expect(header).toBe(
      `File: logs/one-line.log, lines 1–1 of a large file (9 MB, 2 lines); read on from line 2 (read_file with startLine 2). Line 1 was cut at ${shown} characters (of ${whole} bytes); use grep_search to find text in it.`,
    );
    const next = await h.call('read_file', { filePath: 'logs/one-line.log', startLine: 2 });
    expect(next.text).toBe('File: logs/one-line.log, lines 2–2 of a large file (9 MB, 2 lines)\nshort');
  });

  it('gemini_read_file and the text editor view say it too', async () => {
    const gemini = await h.call('read_file', { file_path: 'logs/one-line.log' }, { model: testModels.gemini });
    expect(gemini.text).toContain(
      `Line 1 was cut at 2000 characters (of ${whole} bytes); use grep_search to find text in it.`,
    );
    expect(gemini.text).toContain(`${ONE_LINE.slice(0, 2000)}... [truncated]`);
    const view = await h.call(
      'str_replace_based_edit_tool',
      { command: 'view', path: 'logs/one-line.log' },
      { model: testModels.claude },
    );
    expect(view.text).toMatch(
      new RegExp(
        `<NOTE>Line 1 of a large file \\(9 MB, 2 lines\\) alone is longer than the limit\\. Line 1 was cut at (\\d+) characters \\(of ${whole} bytes\\); use grep_search to find text in it\\. Read on from line 2: call view with view_range \\[2, -1\\]\\.</NOTE>$`,
      ),
    );
    const shown = Number(/was cut at (\d+) characters/.exec(view.text)![1]);
    expect(view.text).toContain(`     1\t${ONE_LINE.slice(0, shown)}\n<response clipped>`);
  });
});

describe('images and binary files', () => {
  it('a PNG comes back as an image data part with a short description', async () => {
    const result = await h.call('read_file', { filePath: 'img/dot.png' });
    expect(result.status).toBe('ok');
    expect(result.content).toEqual([
      { kind: 'text', value: `Image img/dot.png (PNG, ${TINY_PNG.length} bytes, 1×1 pixels).` },
      { kind: 'data', mimeType: 'image/png', data: expect.any(Uint8Array) },
    ]);
    const data = result.content[1] as { data: Uint8Array };
    expect(Buffer.from(data.data).equals(TINY_PNG)).toBe(true);
    expect(result.text).toBe(
      `Image img/dot.png (PNG, ${TINY_PNG.length} bytes, 1×1 pixels).\n[image/png, ${TINY_PNG.length} bytes]`,
    );
  });

  it('every read tool returns images, decided by content, not by name', async () => {
    const gif = await h.call('read_file', { filePath: 'img/anim.gif' });
    expect(gif.content[1]).toMatchObject({ kind: 'data', mimeType: 'image/gif' });
    expect(gif.content[0]).toMatchObject({ value: expect.stringContaining('2×3 pixels') });
    const gemini = await h.call('read_file', { file_path: 'img/dot.png' }, { model: testModels.gemini });
    expect(gemini.content[1]).toMatchObject({ kind: 'data', mimeType: 'image/png' });
    const view = await h.call(
      'str_replace_based_edit_tool',
      { command: 'view', path: 'img/dot.png' },
      { model: testModels.claude },
    );
    expect(view.content[1]).toMatchObject({ kind: 'data', mimeType: 'image/png' });
    expect((await h.call('read_file', { filePath: 'img/fake.png' })).text).toContain('just text in a file');
  });

  it('refuses an image over the limit, other binary files, and a link to an image outside', async () => {
    expect((await h.call('read_file', { filePath: 'img/huge.png' })).text).toBe(
      "Tool `read_file` failed: img/huge.png is an image (PNG, 6 MB) over the 3.75 MB limit for images (5 MB once base64-encoded, the most a model's API takes per image); it was not read.",
    );
    expect((await h.call('read_file', { filePath: 'img/four.png' })).text).toMatch(
      /img\/four.png is an image \(PNG, 4 MB\) over the 3.75 MB limit for images/,
    );
    expect((await h.call('read_file', { filePath: 'img/under.png' })).content[1]).toMatchObject({
      kind: 'data',
      mimeType: 'image/png',
    });
    expect((await h.call('read_file', { filePath: 'dist/app.zip' })).text).toBe(
      'Tool `read_file` failed: dist/app.zip is a binary file (zip archive, 1.2 MB); it cannot be read as text.',
    );
    const link = await h.call('read_file', { filePath: 'img/link.png' });
    expect(link.status).not.toBe('ok');
    expect(link.text).toMatch(/outside the workspace/);
    expect(link.content.some((part) => part.kind === 'data')).toBe(false);
  });
});
