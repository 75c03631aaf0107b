// Every TypeScript block of the READMEs type-checks as written (issue #13): each block is a module of
// its own, compiled with the workspace's options in one Program (about 15 s: @types/node, @types/vscode
// and the libraries); a failure names the README line. ```sh, ```json(c) and unlabelled blocks are not
// TypeScript; the shell commands of "Your own pack, step by step" are run by
// tools/nx-plugin/src/generators/generators.e2e.spec.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codeBlocks, isTypeScript, typeCheckBlocks } from './readmeCode';

const workspaceRoot = path.resolve(__dirname, '../../..');
const READMES = ['README.md', 'libs/mcp-server/README.md'];

describe('README code', () => {
  it('every ```ts block type-checks as written (and an error names its README line)', () => {
    const blocks = READMES.flatMap((file) =>
      codeBlocks(fs.readFileSync(path.join(workspaceRoot, file), 'utf8'), file),
    ).filter(isTypeScript);
    expect(blocks.filter((b) => b.file === 'README.md').length).toBeGreaterThanOrEqual(3);
    // A wrong block, in the same Program (a second one would cost as much again): its error must name line 4.
    const wrong = codeBlocks(
      [
        'intro',
        '```ts',
        "import { definePack } from '@toolpacks/registry/host';",
        'const n: number = definePack;',
        '```',
      ].join('\n'),
      'WRONG.md',
    );
    // Inside the workspace's node_modules, so @toolpacks/*, inversify and @types/* resolve as they do for the projects.
    const cache = path.join(workspaceRoot, 'node_modules/.cache/readme-check');
    fs.mkdirSync(cache, { recursive: true });
    const dir = fs.mkdtempSync(path.join(cache, 'run-'));
    let errors: string[];
    try {
      errors = typeCheckBlocks(workspaceRoot, [...blocks, ...wrong], dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(errors.filter((e) => e.startsWith('WRONG.md:'))).toEqual([
      expect.stringMatching(/^WRONG\.md:4:7 .*TS2322: Type/),
    ]);
    expect(errors.filter((e) => !e.startsWith('WRONG.md:'))).toEqual([]);
  }, 90_000);

  it('finds blocks with their language, first line of code and heading', () => {
    const text = [
      '# Title',
      '',
      '### Step',
      '```sh',
      'npx nx g x   # make it',
      '```',
      '## Next',
      '````typescript',
      'const a = 1;',
      '```',
      '````',
    ].join('\n');
    expect(codeBlocks(text, 'X.md')).toEqual([
      { file: 'X.md', lang: 'sh', line: 5, heading: 'Step', code: 'npx nx g x   # make it' },
      { file: 'X.md', lang: 'typescript', line: 9, heading: 'Next', code: 'const a = 1;\n```' },
    ]);
    expect(codeBlocks(text, 'X.md').map(isTypeScript)).toEqual([false, true]);
    expect(() => codeBlocks('```ts\nx', 'Y.md')).toThrow('Y.md:1: the code block opened here is never closed');
  });
});
