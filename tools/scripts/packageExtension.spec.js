// packageExtension.js and vscePublishCheck.js: both flavours of a real extension packed by the real
// vsce, and vsce's own publish validation (no upload) passing the Marketplace .vsix and refusing
// the proposal one, in vsce publish's words.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll, beforeAll, describe, expect, it } = require('@jest/globals');
const { vscePublishProblem } = require('./vscePublishCheck');
const { packageExtension } = require('./packageExtension');

const repo = path.resolve(__dirname, '../..');

describe("vsce's own publish validation (no upload)", () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-publish-check-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A real .vsix from vsce package of a one-file extension with this manifest. */
  const vsix = (name, extra) => {
    const ext = path.join(dir, name);
    fs.mkdirSync(path.join(ext, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(ext, 'dist/extension.js'), 'exports.activate = () => undefined;\n');
    const pkg = {
      name,
      publisher: 'toolpacks',
      version: '0.1.0',
      engines: { vscode: '^1.99.0' },
      main: './dist/extension.js',
      activationEvents: ['onStartupFinished'],
      ...extra,
    };
    fs.writeFileSync(path.join(ext, 'package.json'), JSON.stringify(pkg));
    const out = path.join(dir, `${name}.vsix`);
    const result = spawnSync(
      path.join(repo, 'node_modules/.bin/vsce'),
      ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out],
      { cwd: ext, encoding: 'utf8' },
    );
    expect(result.stderr).not.toMatch(/ERROR/);
    return out;
  };

  it('passes a package with no proposal and refuses one that declares a proposal, in vsce publish words', async () => {
    expect(await vscePublishProblem(vsix('plain', {}))).toBeUndefined();
    expect(await vscePublishProblem(vsix('proposing', { enabledApiProposals: ['chatParticipantAdditions'] }))).toMatch(
      /^Extensions using unallowed proposed API \(enabledApiProposals: \[chatParticipantAdditions\].*can't be published to the Marketplace/,
    );
    expect(await vscePublishProblem(vsix('prerelease', { version: '0.1.0-beta.1' }))).toMatch(/prerelease versions/);
  }, 60_000);

  it('the git pack extension packs into both flavours: the Marketplace .vsix passes, the proposal .vsix is refused', async () => {
    const ext = path.join(repo, 'apps/pack-git-extension');
    const built = spawnSync(process.execPath, [path.join(repo, 'tools/scripts/bundle-extension.js'), ext], {
      encoding: 'utf8',
    });
    expect(built.status).toBe(0);
    const lines = [];
    const packaged = await packageExtension(repo, ext, { out: dir, log: (line) => lines.push(line) });
    expect(packaged.problems).toEqual([]);
    expect(path.relative(dir, packaged.marketplace)).toBe('dist/vsix/toolpacks.toolpacks-pack-git-0.1.0.vsix');
    expect(path.relative(dir, packaged.proposed)).toBe('dist/vsix-proposed/toolpacks.toolpacks-pack-git-0.1.0.vsix');
    expect(await vscePublishProblem(packaged.marketplace)).toBeUndefined();
    expect(await vscePublishProblem(packaged.proposed)).toMatch(/unallowed proposed API.*contribLanguageModelToolSets/);
    const staged = JSON.parse(
      fs.readFileSync(path.join(dir, 'dist/flavours/marketplace/toolpacks-pack-git/package.json'), 'utf8'),
    );
    expect(staged).not.toHaveProperty('enabledApiProposals');
    expect(staged).not.toHaveProperty('nx');
    expect(lines.join('\n')).toMatch(/passes vsce publish validation/);
  }, 120_000);
});
