// Hostile repositories for the git specs (host-node and the git pack): each variant configures a
// program that would create a marker file if git ran it. A spec calls the git tools and asserts
// the marker never appears.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface HostileVariant {
  readonly name: string;
  /** `git config --local` entries, in order. */
  readonly config: readonly (readonly [string, string])[];
  /** Committed `.gitattributes`. */
  readonly attributes?: string;
  /** Extra committed files (e.g. a config the repository includes). */
  readonly files?: Readonly<Record<string, string>>;
  /** Hook scripts that touch the marker, written into this folder (relative to the root). */
  readonly hooksDir?: string;
  /** Make HEAD a commit carrying a (fake) signature, so signature checks would run gpg.program. */
  readonly signedHead?: boolean;
  /** A commit would run these programs: it is refused unless a person confirmed them. */
  readonly commitNeedsConfirmation?: boolean;
}

const HOOKS = [
  'pre-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'post-index-change',
  'reference-transaction',
  'pre-auto-gc',
  'post-checkout',
];

/** Every variant of the attack report, plus the lazy fetch of a partial clone. */
export function hostileVariants(marker: string, script: string): HostileVariant[] {
  const touch = `touch '${marker}'`;
  const evilConfig = `[core]\n\tfsmonitor = ${touch}; true\n[filter "inc"]\n\tclean = ${touch}; cat\n[diff "inc"]\n\ttextconv = ${touch}; cat\n`;
  return [
    { name: 'core.fsmonitor', config: [['core.fsmonitor', `${touch}; true`]] },
    { name: 'diff.<drv>.textconv', config: [['diff.evil.textconv', `${touch}; cat`]], attributes: '* diff=evil\n' },
    {
      name: 'filter.<drv>.clean/smudge',
      config: [
        ['filter.evil.clean', `${touch}; cat`],
        ['filter.evil.smudge', `${touch}; cat`],
      ],
      attributes: '* filter=evil\n',
      commitNeedsConfirmation: true,
    },
    {
      name: 'filter.<drv>.process',
      config: [
        ['filter.evil.process', touch],
        ['filter.evil.required', 'true'],
      ],
      attributes: '* filter=evil\n',
      commitNeedsConfirmation: true,
    },
    {
      name: 'filter.<drv>.clean with = in the driver name',
      config: [['filter.x=y.clean', `${touch}; cat`]],
      attributes: '* filter=x=y\n',
      commitNeedsConfirmation: true,
    },
    {
      name: 'log.showSignature + gpg.program',
      config: [
        ['log.showSignature', 'true'],
        ['gpg.program', script],
      ],
      signedHead: true,
    },
    {
      name: 'include.path to a workspace file',
      config: [['include.path', '../evil.config']],
      files: { 'evil.config': evilConfig },
      attributes: '* filter=inc diff=inc\n',
      commitNeedsConfirmation: true,
    },
    {
      name: 'includeIf.gitdir',
      config: [['includeIf.gitdir:/.path', '../evil.config']],
      files: { 'evil.config': evilConfig },
      attributes: '* filter=inc diff=inc\n',
      commitNeedsConfirmation: true,
    },
    { name: 'core.hooksPath', config: [['core.hooksPath', 'hooks']], hooksDir: 'hooks', commitNeedsConfirmation: true },
    { name: '.git/hooks', config: [], hooksDir: '.git/hooks', commitNeedsConfirmation: true },
    {
      name: 'commit.gpgsign + gpg.program',
      config: [
        ['commit.gpgsign', 'true'],
        ['gpg.program', script],
      ],
      commitNeedsConfirmation: true,
    },
    {
      name: 'gpg.format ssh + gpg.ssh.program',
      config: [
        ['commit.gpgsign', 'true'],
        ['gpg.format', 'ssh'],
        ['gpg.ssh.program', script],
        ['user.signingKey', 'key'],
      ],
      commitNeedsConfirmation: true,
    },
    {
      name: 'core.pager / pager.<cmd>',
      config: [
        ['core.pager', `${touch}; cat`],
        ['pager.log', `${touch}; cat`],
        ['pager.diff', `${touch}; cat`],
        ['pager.show', `${touch}; cat`],
      ],
    },
    { name: 'diff.external', config: [['diff.external', script]] },
    { name: 'diff.<drv>.command', config: [['diff.evil.command', script]], attributes: '* diff=evil\n' },
    {
      name: 'core.sshCommand / credential.helper / core.editor',
      config: [
        ['core.sshCommand', `${touch}; true`],
        ['credential.helper', `!${touch}; true`],
        ['core.editor', `${touch}; true`],
        ['core.askPass', script],
      ],
    },
    {
      name: 'partial clone lazy fetch over ext::',
      config: [
        ['core.repositoryformatversion', '1'],
        ['extensions.partialClone', 'origin'],
        ['remote.origin.promisor', 'true'],
        ['remote.origin.url', `ext::sh -c touch% ${marker}`],
        ['protocol.ext.allow', 'always'],
        ['protocol.allow', 'always'],
      ],
    },
  ];
}

const git = (root: string, args: string[], input?: string) =>
  execFileSync('git', args, {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LC_ALL: 'C' },
  });

/**
 * `root` becomes a repository with a.txt and the variant's files committed, a staged new file,
 * a same-size unstaged change to a.txt (so git must hash it, through any filter), then the
 * hostile config written last (nothing of it ran while the fixture was built).
 */
export async function makeHostileRepository(root: string, variant: HostileVariant, marker: string): Promise<void> {
  git(root, ['init', '--quiet', '--initial-branch=main']);
  git(root, ['config', 'user.name', 'Test User']);
  git(root, ['config', 'user.email', 'test@example.com']);
  git(root, ['config', 'commit.gpgsign', 'false']);
  await fs.writeFile(path.join(root, 'a.txt'), 'one\n');
  if (variant.attributes) await fs.writeFile(path.join(root, '.gitattributes'), variant.attributes);
  for (const [file, text] of Object.entries(variant.files ?? {})) await fs.writeFile(path.join(root, file), text);
  git(root, ['add', '--all']);
  git(root, ['commit', '--quiet', '-m', 'first']);
  if (variant.signedHead) {
    const tree = git(root, ['rev-parse', 'HEAD^{tree}']).trim();
    const parent = git(root, ['rev-parse', 'HEAD']).trim();
    const body = `tree ${tree}\nparent ${parent}\nauthor Test User <test@example.com> 1700000000 +0000\ncommitter Test User <test@example.com> 1700000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n`;
    const commit = git(root, ['hash-object', '-t', 'commit', '-w', '--stdin'], body).trim();
    git(root, ['update-ref', 'refs/heads/main', commit]);
  }
  await fs.writeFile(path.join(root, 'staged.txt'), 'staged\n');
  git(root, ['add', 'staged.txt']);
  await fs.writeFile(path.join(root, 'a.txt'), 'ONE\n');
  const future = new Date(Date.now() + 5000);
  await fs.utimes(path.join(root, 'a.txt'), future, future);
  if (variant.hooksDir) {
    const dir = path.join(root, variant.hooksDir);
    await fs.mkdir(dir, { recursive: true });
    for (const hook of HOOKS)
      await fs.writeFile(path.join(dir, hook), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
  }
  for (const [key, value] of variant.config) git(root, ['config', '--local', key, value]);
}

/** A script that creates `marker` (for settings that name a program file). */
export async function writeMarkerScript(dir: string, marker: string): Promise<string> {
  const script = path.join(dir, 'evil.sh');
  await fs.writeFile(script, `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
  return script;
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
