// A read's structured result stays within the result budget like its text (issue 23 review): JSON
// escaping makes a line of quotes, backslashes or control characters up to six times longer as
// data, so every reading tool cuts where both fit, and its text and data hold the same lines and
// name the same line to read on from. Also: gemini_read_file says `truncated` when it stops at its
// 2000-line limit. Real files in a temporary folder, through the registry (whose harness fails a
// call whose data is over the budget).
import { jsonChars } from '@toolpacks/registry';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { HarnessCallResult, PackHarness } from '@toolpacks/host-node/testing';
import type { ModelInfo } from '@toolpacks/registry/host';
import { editorPack } from './index';

jest.setTimeout(120_000);

const CONTROL = '\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000b\u000c\u000e\u000f';
const jsonLine = (i: number) => `{"k${i}":"a\\"b\\\\c\\u0001","v":[${'"x",'.repeat(10)}"y"]}`;
const lines = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => line(i)).join('\n') + '\n';

let h: PackHarness;
beforeAll(async () => {
  h = await createPackHarness([editorPack], {
    'data.json': lines(4000, jsonLine),
    'ctl.txt': lines(3000, () => CONTROL),
    // Lines of 1008 control characters: a view's 16,000 characters of text are 96,000 of JSON.
    'ctl-long.txt': lines(40, () => CONTROL.repeat(84)),
    // Over 8 MB: read by a streamed line range.
    'big-ctl.log': lines(720_000, () => CONTROL),
    'long.ts': lines(2500, (i) => `const v${i} = ${i};`),
    'long.log': lines(400_000, (i) => `line ${i + 1} ${'z'.repeat(16)}`),
  });
});
afterAll(() => h.dispose());

const { general, gemini, claude } = testModels;

/** What a read's text shows: its lines, and the line it says to read on from. */
interface Shown {
  readonly lines: string[];
  readonly next?: number;
}

/** read_file: a header line, the lines, and a note in brackets when it stopped early. */
function readFileText(text: string): Shown {
  const [, ...rest] = text.split('\n');
  const note = rest.length && rest[rest.length - 1].startsWith('[') ? rest.pop() : undefined;
  const next = /startLine (\d+)/.exec(note ?? text.split('\n')[0]);
  return { lines: rest, next: next ? Number(next[1]) : undefined };
}

/** gemini_read_file: the header, then the content after its marker. */
function geminiText(text: string): Shown {
  const marker = '--- FILE CONTENT (truncated) ---\n';
  const next = /start_line: (\d+)/.exec(text);
  return {
    lines: text.slice(text.indexOf(marker) + marker.length).split('\n'),
    next: next ? Number(next[1]) : undefined,
  };
}

/** A `view`: numbered lines, and the view_range to read on with. */
function viewText(text: string): Shown {
  const shown = text
    .split('\n')
    .map((line) => /^ {0,5}\d+\t(.*)$/.exec(line))
    .flatMap((m) => (m ? [m[1]] : []));
  const next = /view_range \[(\d+),/.exec(text);
  return { lines: shown, next: next ? Number(next[1]) : undefined };
}

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly model: ModelInfo;
  readonly input: object;
  readonly shown: (text: string) => Shown;
}

/** What the reads read: what each file is, and its name. */
const READ = [
  ['JSON', 'data.json'],
  ['control characters', 'ctl.txt'],
  ['a large file', 'big-ctl.log'],
] as const;
const VIEWED = [READ[1], ['long control lines', 'ctl-long.txt'], READ[2]] as const;

/** `${reader} of ${what}` for each file, the file given to the call as `input` makes it. */
function casesOf(
  reader: string,
  files: readonly (readonly [string, string])[],
  call: Omit<Case, 'name' | 'input'>,
  input: (file: string) => object,
): Case[] {
  return files.map(([what, file]) => ({ name: `${reader} of ${what}`, ...call, input: input(file) }));
}

const CASES: Case[] = [
  ...casesOf('read_file', READ, { tool: 'read_file', model: general, shown: readFileText }, (filePath) => ({
    filePath,
  })),
  ...casesOf('gemini_read_file', READ, { tool: 'read_file', model: gemini, shown: geminiText }, (file_path) => ({
    file_path,
  })),
  ...casesOf('view', VIEWED, { tool: 'str_replace_based_edit_tool', model: claude, shown: viewText }, (path) => ({
    command: 'view',
    path,
  })),
];

describe.each([undefined, 2_000])('with a token budget of %s', (tokenBudget) => {
  const budget = (tokenBudget ?? 15_000) * 4;
  it.each(CASES)('$name: the data fits as JSON, and holds the lines the text shows', async (c) => {
    const result: HarnessCallResult = await h.call(c.tool, c.input, { model: c.model, tokenBudget });
    expect(result.status).toBe('ok');
    expect(result.text.length).toBeLessThanOrEqual(budget);
    expect(jsonChars(result.structuredContent)).toBeLessThanOrEqual(budget);
    const data = result.structuredContent as {
      startLine: number;
      endLine: number;
      content: string;
      nextLine?: number;
      truncated: boolean;
    };
    const shown = c.shown(result.text);
    expect(data.truncated).toBe(true);
    expect(shown.lines.length).toBeGreaterThan(0);
    expect(data.content.split('\n')).toEqual(shown.lines);
    expect(data.endLine).toBe(data.startLine + shown.lines.length - 1);
    expect(data.nextLine).toBe(data.endLine + 1);
    expect(shown.next).toBe(data.nextLine);
  });
});

describe('a view of a folder whose names are long as JSON', () => {
  it('lists the entries that fit both as text and as data', async () => {
    const names = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`odd/${CONTROL.repeat(8)}${String(i).padStart(3, '0')}.txt`, 'x\n']),
    );
    const folder = await createPackHarness([editorPack], names);
    try {
      const result = await folder.call(
        'str_replace_based_edit_tool',
        { command: 'view', path: 'odd' },
        { model: claude, tokenBudget: 2_000 },
      );
      expect(result.status).toBe('ok');
      expect(jsonChars(result.structuredContent)).toBeLessThanOrEqual(8_000);
      expect(result.text.length).toBeLessThanOrEqual(8_000);
      const data = result.structuredContent as { entries: string[]; truncated: boolean };
      expect(data.truncated).toBe(true);
      expect(result.text).toContain('<response clipped>');
      const listed = result.text.split('\n').filter((line) => line.startsWith('odd/'));
      expect(data.entries).toEqual(listed);
    } finally {
      await folder.dispose();
    }
  });
});

describe('gemini_read_file at its 2000-line limit', () => {
  const read = (input: object) => h.call('read_file', input, { model: gemini });

  it('says truncated when it stops at the limit, as its text does, for the whole file or a longer range', async () => {
    for (const input of [{ file_path: 'long.ts' }, { file_path: 'long.ts', start_line: 1, end_line: 2500 }]) {
      const result = await read(input);
      expect(result.text).toMatch(
        /^IMPORTANT: The file content has been truncated\.\nStatus: Showing lines 1-2000 of 2500/,
      );
      expect(result.text).toContain('use start_line: 2001');
      expect(result.structuredContent).toMatchObject({
        startLine: 1,
        endLine: 2000,
        totalLines: 2500,
        truncated: true,
        nextLine: 2001,
      });
    }
  });

  it('is not truncated when the range asked for is shown whole', async () => {
    const result = await read({ file_path: 'long.ts', start_line: 501, end_line: 2500 });
    expect(result.structuredContent).toMatchObject({ startLine: 501, endLine: 2500, truncated: false });
    const part = await read({ file_path: 'long.ts', start_line: 1, end_line: 10 });
    expect(part.structuredContent).toMatchObject({ endLine: 10, truncated: false, nextLine: 11 });
  });

  it('a large file: truncated at the limit, not when the range asked for is shown', async () => {
    const whole = await read({ file_path: 'long.log' });
    expect(whole.text).toContain('use start_line: 2001');
    expect(whole.structuredContent).toMatchObject({ startLine: 1, endLine: 2000, truncated: true, nextLine: 2001 });
    const range = await read({ file_path: 'long.log', start_line: 11, end_line: 20 });
    expect(range.structuredContent).toMatchObject({ startLine: 11, endLine: 20, truncated: false, nextLine: 21 });
    const longer = await read({ file_path: 'long.log', start_line: 5, end_line: 3000 });
    expect(longer.structuredContent).toMatchObject({ startLine: 5, endLine: 2004, truncated: true, nextLine: 2005 });
  });
});

describe('a first line too long as JSON to fit alone', () => {
  it('gemini_read_file and view show its start, cut where the data still fits, and say it was cut', async () => {
    const tokenBudget = 500;
    const gemini3 = await h.call('read_file', { file_path: 'ctl-long.txt' }, { model: gemini, tokenBudget });
    const view = await h.call(
      'str_replace_based_edit_tool',
      { command: 'view', path: 'ctl-long.txt' },
      { model: claude, tokenBudget },
    );
    for (const result of [gemini3, view]) {
      expect(result.status).toBe('ok');
      expect(jsonChars(result.structuredContent)).toBeLessThanOrEqual(2_000);
      const data = result.structuredContent as { content: string; cutLines: number[]; truncated: boolean };
      expect(data).toMatchObject({ startLine: 1, endLine: 1, cutLines: [1], truncated: true });
      expect(data.content.length).toBeGreaterThan(100);
      expect(CONTROL.repeat(84).startsWith(data.content.replace('... [truncated]', ''))).toBe(true);
    }
    expect(geminiText(gemini3.text).lines).toEqual([(gemini3.structuredContent as { content: string }).content]);
    expect(viewText(view.text).lines).toEqual([(view.structuredContent as { content: string }).content]);
  });
});

describe('apply_patch of very many files', () => {
  it('lists as many as fit the result as data, and counts the rest', async () => {
    const names = Array.from(
      { length: 1200 },
      (_, i) => `many/a-rather-long-file-name-${String(i).padStart(4, '0')}.txt`,
    );
    const patch = ['*** Begin Patch', ...names.flatMap((n) => [`*** Add File: ${n}`, '+x']), '*** End Patch'].join(
      '\n',
    );
    const result = await h.call('apply_patch', { input: patch }, { model: testModels.gpt5 });
    expect(result.status).toBe('ok');
    expect(await h.read(names[1199])).toBe('x\n');
    expect(jsonChars(result.structuredContent)).toBeLessThanOrEqual(60_000);
    const data = result.structuredContent as { files: { path: string; change: string }[]; filesOmitted: number };
    expect(data.files.length).toBeGreaterThan(100);
    expect(data.files).toEqual(names.slice(0, data.files.length).map((path) => ({ path, change: 'created' })));
    expect(data.files.length + data.filesOmitted).toBe(1200);
    expect(result.text).toMatch(
      /^Applied the patch: added many\/a-rather-long-file-name-0000\.txt, .* \(\d+ more\)\.$/,
    );
  });
});
