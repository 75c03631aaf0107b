import { defaultTokenization, renderPromptResult } from '@toolpacks/registry';
import { FileLines, fileLinesResult, type FileLinesProps } from './fileLines';

const cases: FileLinesProps[] = [
  { path: 'a.ts', lines: ['one', '  two ', '', 'three\t'], firstLine: 1, totalLines: 4, kept: 4 },
  { path: 'b.md', lines: ['x', 'y', 'z'], firstLine: 3, totalLines: 9, kept: 2 },
  { path: 'c.txt', lines: ['long'], firstLine: 1, totalLines: 1, kept: 0 },
  { path: 'd.txt', lines: [], firstLine: 1, totalLines: 0, kept: 0 },
  { path: 'e.txt', lines: ['\n', '<b>&amp;</b>', 'é 中 🎉', '\r'], firstLine: 1, totalLines: 4, kept: 4 },
  {
    path: 'big.log',
    lines: ['a', 'b', 'cut'],
    firstLine: 10,
    kept: 3,
    large: { size: 5_000_000, more: true, lineCut: true, cutLineBytes: 9_000 },
  },
];

describe('fileLinesResult', () => {
  it.each(cases.map((props) => [props.path, props] as const))(
    '%s: the same prompt-tsx JSON as rendering FileLines',
    async (_name, props) => {
      const rendered = await renderPromptResult(FileLines, props, defaultTokenization(1_000));
      const built = fileLinesResult(props);
      expect(JSON.parse(JSON.stringify(built))).toEqual(JSON.parse(JSON.stringify(rendered)));
    },
  );
});
