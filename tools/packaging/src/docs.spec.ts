// The API reference's check, as CI runs it: TypeDoc over the public packages (typedoc.json) with every exported
// symbol required to have TSDoc. Symbols not yet documented are listed in ../typedoc.undocumented.json; an entry
// there that is documented (or gone) fails too, so the list only shrinks.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');
// eslint-disable-next-line no-control-regex -- TypeDoc colours its output
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

describe('the API reference (TypeDoc)', () => {
  it(
    'documents every exported symbol of the public packages, or lists it in typedoc.undocumented.json',
    () => {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/typedoc/bin/typedoc'), '--emit', 'none'],
        { cwd: root, encoding: 'utf8', timeout: 5 * 60_000 },
      );
      const output = plain(`${result.stdout}\n${result.stderr}`);
      const problems = output
        .split('\n')
        .filter((line) =>
          /does not have any documentation|intentionallyNotDocumented|\[error\]|not included in the documentation|Failed to resolve link/.test(
            line,
          ),
        );
      expect(problems).toEqual([]);
      expect(result.status).toBe(0);
    },
    6 * 60_000,
  );

  it('documents the entry points it names: each publishable library and the testing entry point', () => {
    const config = JSON.parse(fs.readFileSync(path.join(root, 'typedoc.json'), 'utf8')) as {
      entryPoints: string[];
      out: string;
    };
    const modules = config.entryPoints.map(
      (file) => /@module (\S+)/.exec(fs.readFileSync(path.join(root, file), 'utf8'))?.[1],
    );
    expect(modules).toEqual([
      '@toolpacks/base',
      '@toolpacks/registry',
      '@toolpacks/services',
      '@toolpacks/node-services',
      '@toolpacks/host-node',
      '@toolpacks/host-node/testing',
      '@toolpacks/host-vscode',
      '@toolpacks/mcp-server',
    ]);
    expect(config.out).toBe('dist/docs');
  });
});
