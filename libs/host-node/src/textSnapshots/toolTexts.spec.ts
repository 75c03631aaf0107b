// Issue 31's byte-for-byte rule: every tool's text and structured data, for every model family, on
// fixed files, a fixed git repository and a real Node debuggee. The snapshots were taken at a7f85b9,
// before the refactor; `npx jest libs/host-node/src/textSnapshots --ci` fails on any difference.
// A change here is allowed only where an issue asks for it on purpose; then update the snapshot
// (`-u`) in the same commit as the change and say why in its message.
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { Clock, examplePack } from '@toolpacks/pack-example';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { OpenEditorsService } from '@toolpacks/services';
import { DEBUG_CASES } from './debugCases';
import { createSnapshotHarness, SNAPSHOT_FAMILIES, type SnapshotHarness } from './fixtures';
import { GIT_READ_CASES, GIT_WRITE_CASES } from './gitCases';
import { READ_CASES } from './readCases';
import { caseLabel, runCase, type SnapshotCase } from './record';
import { EDIT_CASES, EXAMPLE_CASES } from './writeCases';

// Each family runs ~150 real calls (git, ripgrep, a debuggee): generous for a loaded 2-core machine.
jest.setTimeout(120_000);

/** The example pack's clock: get_time answers this instant. */
const FIXED_NOW = new Date('2026-03-01T12:34:56Z');
/** What a host with editors would report (the Node host has none): list_open_editors' input. */
const OPEN_EDITORS = [
  { path: 'src/app.js', languageId: 'javascript', isActive: true, isDirty: false },
  { path: 'README.md', languageId: 'markdown', isActive: false, isDirty: true },
];

describe.each(Object.keys(SNAPSHOT_FAMILIES))('%s', (family) => {
  const model = SNAPSHOT_FAMILIES[family];
  let h: SnapshotHarness;
  /** Every tool the family was offered at some step, and every tool called. */
  const offered = new Set<string>();
  const called = new Set<string>();

  beforeAll(async () => {
    h = await createSnapshotHarness([editorPack, searchPack, gitPack, debugPack, examplePack], (container) => {
      container.bind(Clock).toConstantValue({ now: () => FIXED_NOW });
      container.bind(OpenEditorsService).toConstantValue({ list: async () => OPEN_EDITORS });
    });
  });
  afterAll(async () => {
    await h?.dispose();
  });

  /** Calls each case meant for this family in order, each compared with its own snapshot. */
  async function run(cases: readonly SnapshotCase[]): Promise<void> {
    for (const c of cases) {
      if (c.families && !c.families.includes(family)) continue;
      for (const name of h.names(model)) offered.add(name);
      called.add(c.tool);
      expect(await runCase(h, model, c)).toMatchSnapshot(caseLabel(c));
    }
  }

  it('offers these tools', () => {
    expect(h.names(model)).toMatchSnapshot();
  });
  it('reads files, folders and searches', () => run(READ_CASES));
  it('reads the repository', () => run(GIT_READ_CASES));
  it('writes to the repository', () => run(GIT_WRITE_CASES));
  it('edits files', () => run(EDIT_CASES));
  it('debugs a Node program', () => run(DEBUG_CASES));
  it('runs the example tools', () => run(EXAMPLE_CASES));
  it('called every tool it was offered', () => {
    expect([...offered].filter((name) => !called.has(name))).toEqual([]);
  });
});
