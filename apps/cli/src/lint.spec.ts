// `toolpacks lint --model/--family`: every tool the model could be sent whose name, description or
// schema its API needs changed, with what is lost — on the four real packs.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMain } from './testing/runMain';

let root: string;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-lint-')));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const run = (argv: string[]) => runMain(root, argv);

describe('toolpacks lint', () => {
  it('lists what changes for Gemini in the four packs: additionalProperties is not in its subset', async () => {
    const { code, out, err } = await run(['lint', '--family', 'gemini-2.5-pro']);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(
      /^Tool definitions for copilot\/gemini-2.5-pro \(id gemini-2.5-pro\), dialects: every model, gemini\.\n\d+ of \d+ tools are sent changed/,
    );
    expect(out).toMatch(
      /\ngit_commit \(git\)\n {2}\(top\): additionalProperties removed; lost: additionalProperties \(the tool still checks it\)/,
    );
  });

  it('lists the validation keywords gpt-4.1 is not sent, which its descriptions now say', async () => {
    const { out } = await run(['lint', '--model', 'gpt-4.1', '--json']);
    const report = JSON.parse(out) as {
      dialects: string[];
      checked: number;
      changed: { name: string; changes: { rule: string; path: string; detail: string; lost?: string }[] }[];
    };
    expect(report.dialects).toEqual(['every model', 'gpt-4', 'draft 2020-12']);
    const gitLog = report.changed.find((t) => t.name === 'git_log');
    expect(gitLog?.changes).toEqual([
      {
        rule: 'keyword',
        path: '/properties/count',
        detail: 'minimum 1 moved into the description',
        lost: 'minimum as a schema keyword (the tool still checks it)',
      },
      {
        rule: 'keyword',
        path: '/properties/count',
        detail: expect.stringMatching(/^maximum \d+ moved into the description$/),
        lost: 'maximum as a schema keyword (the tool still checks it)',
      },
      {
        rule: 'keyword',
        path: '/properties/skip',
        detail: 'minimum 0 moved into the description',
        lost: 'minimum as a schema keyword (the tool still checks it)',
      },
    ]);
    expect(report.changed.find((t) => t.name === 'git_status')).toBeUndefined();
  });

  it('resolve names the tools a model is sent adapted, and none for a model that takes every schema', async () => {
    const { out } = await run([]);
    expect(out).toMatch(
      /\nSent in the dialect this model's API accepts: read_file, .*grep_search.* \(input is still checked against the schema each pack wrote/,
    );
    expect((await run(['--family', 'gpt-5'])).out).not.toMatch(/Sent in the dialect/);
  });

  it('says truthfully when nothing changes (gpt-5 takes every schema as written)', async () => {
    const { code, out } = await run(['lint', '--family', 'gpt-5']);
    expect(code).toBe(0);
    expect(out).toMatch(/\nNothing changes: all \d+ tools are sent as their packs wrote them\.$/);
  });

  describe('a new model’s rules as data in the config file (schemaDialects)', () => {
    const acme = {
      name: 'acme',
      models: [{ vendor: 'acme' }],
      rules: { maxDescriptionLength: 40, unsupportedKeywords: ['minimum'], allowedFormats: { string: ['date-time'] } },
    };
    const write = async (file: string, value: unknown) => {
      await fs.writeFile(path.join(root, file), JSON.stringify(value));
      return path.join(root, file);
    };

    it('applies a dialect from a file the user names, and the lint lists its changes', async () => {
      const config = await write('acme.json', { schemaDialects: [acme] });
      const { code, out } = await run(['lint', '--config', config, '--vendor', 'acme', '--model', 'acme-1', '--json']);
      expect(code).toBe(0);
      const report = JSON.parse(out) as {
        dialects: string[];
        changed: { name: string; changes: { rule: string; path: string }[] }[];
      };
      expect(report.dialects).toEqual(['every model', 'acme']);
      expect(report.changed.find((t) => t.name === 'git_log')?.changes.map((c) => `${c.rule} ${c.path}`)).toEqual([
        'description-length description',
        'keyword /properties/count',
        'keyword /properties/skip',
      ]);
    });

    it('skips the dialects of a repository’s own file unless trusted, and names a bad rule', async () => {
      await write('toolpacks.config.json', { schemaDialects: [acme] });
      const untrusted = await run(['lint', '--vendor', 'acme', '--model', 'acme-1', '--json']);
      expect(untrusted.err).toMatch(/sets schemaDialects; skipped: this file came with the repository/);
      expect((JSON.parse(untrusted.out) as { dialects: string[] }).dialects).toEqual(['every model']);
      const trusted = await run([
        'lint',
        '--trust-repository-config',
        '--vendor',
        'acme',
        '--model',
        'acme-1',
        '--json',
      ]);
      expect((JSON.parse(trusted.out) as { dialects: string[] }).dialects).toEqual(['every model', 'acme']);
      await write('toolpacks.config.json', {
        schemaDialects: [
          {
            ...acme,
            rules: { maxNameLength: 0, namePatterns: ['('], allowedFormats: { string: 'uri' }, lowercase: true },
          },
        ],
      });
      const bad = await run(['lint']);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/"schemaDialects\[0\]\.rules\.maxNameLength" must be a positive whole number, got 0\./);
      expect(bad.err).toMatch(
        /"schemaDialects\[0\]\.rules\.namePatterns" holds "\(", which is not a regular expression\./,
      );
      expect(bad.err).toMatch(/"schemaDialects\[0\]\.rules\.allowedFormats" must be an object of type: \[formats\]/);
      expect(bad.err).toMatch(
        /"schemaDialects\[0\]\.rules\.lowercase" is not a rule; the rules are maxNameLength, .*allowedFormats, .*strict\./,
      );
      await fs.rm(path.join(root, 'toolpacks.config.json'));
    });
  });
});
