import { PassThrough } from 'node:stream';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { jsonErrorOffset, lineAndColumn, parseJsonInput, readJsonInput } from './jsonInput';
import { UsageError } from './errors';

describe('JSON input', () => {
  it('finds where the JSON goes wrong', () => {
    const cases: [string, number][] = [
      ['{"a":1}', 7],
      ['{"a":1,}', 7],
      ['{"a" 1}', 5],
      ['[1, 2', 5],
      ['tru', 3],
      ['{"a":"b\\x"}', 8],
      ['{"a":01}', 6],
      ['{"a":1} x', 8],
      ['  ', 2],
      ['{"a":"\\u12g"}', 10],
      ['{"a":-}', 6],
    ];
    for (const [text, offset] of cases) expect([text, jsonErrorOffset(text)]).toEqual([text, offset]);
    expect(lineAndColumn('{\n  "a": 1,\n}', 12)).toEqual({ line: 3, column: 1 });
  });

  it('parses, or says where and what is wrong', () => {
    expect(parseJsonInput('\uFEFF{"query":"x"}', 'grep_search', 'stdin')).toEqual({ query: 'x' });
    expect(() => parseJsonInput('{\n  "query": "x"\n  "b": 1\n}', 'grep_search', 'stdin')).toThrow(
      /^The input of grep_search \(stdin\) is not valid JSON at line 3, column 3 \(near '"b": 1'\): /,
    );
    expect(() => parseJsonInput('{"query":', 't', 'q.json')).toThrow(/line 1, column 10 \(at the end\)/);
    expect(() => parseJsonInput(' \n', 't', 'stdin')).toThrow(/is empty; write a JSON object, e.g. \{\}/);
  });

  it('reads stdin to its end and files, with clear errors for a missing file', async () => {
    const stdin = new PassThrough();
    const read = readJsonInput('t', { kind: 'stdin' }, stdin);
    stdin.write('{"query":');
    stdin.end('"x"}');
    expect(await read).toEqual({ query: 'x' });

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-json-'));
    try {
      await fs.writeFile(path.join(dir, 'q.json'), '{"query":"y"}');
      expect(
        await readJsonInput('t', { kind: 'file', path: path.join(dir, 'q.json'), written: 'q.json' }, stdin),
      ).toEqual({ query: 'y' });
      const missing = readJsonInput(
        't',
        { kind: 'file', path: path.join(dir, 'nope.json'), written: 'nope.json' },
        stdin,
      );
      await expect(missing).rejects.toThrow(UsageError);
      await expect(missing).rejects.toThrow(
        `@nope.json: no such file (${path.join(dir, 'nope.json')}); the path is relative to the folder you ran the ` +
          `command in.`,
      );
      await expect(readJsonInput('t', { kind: 'file', path: dir, written: 'dir' }, stdin)).rejects.toThrow(
        /is not a file/,
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
