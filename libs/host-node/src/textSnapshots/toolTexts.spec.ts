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
import { writeFiles } from '../testing';
import { CRASH_CASES, CRASH_FILES, DEBUG_CASES } from './debugCases';
import { createSnapshotHarness, SNAPSHOT_FAMILIES, type SnapshotHarness } from './fixtures';
import { GIT_READ_CASES, GIT_WRITE_CASES } from './gitCases';
import { ODD_FILES, ODD_READ_CASES, READ_CASES } from './readCases';
import { caseLabel, runCase, type SnapshotCase } from './record';
import { EDIT_CASES, EXAMPLE_CASES } from './writeCases';

// Each phase runs up to ~50 real calls per family (git, ripgrep, debuggees), the families side by
// side, each on its own fixture: generous for a loaded 2-core machine.
jest.setTimeout(120_000);

/** The example pack's clock: get_time answers this instant. */
const FIXED_NOW = new Date('2026-03-01T12:34:56Z');
/** What a host with editors would report (the Node host has none): list_open_editors' input. */
const OPEN_EDITORS = [
  { path: 'src/app.js', languageId: 'javascript', isActive: true, isDirty: false },
  { path: 'README.md', languageId: 'markdown', isActive: false, isDirty: true },
];

const FAMILIES = Object.keys(SNAPSHOT_FAMILIES);
/** Each family's packs over its own fixture, so that the families can run side by side. */
const harnesses = new Map<string, SnapshotHarness>();
/** Every tool each family was offered at some step, and every tool called for it. */
const offered = new Map(FAMILIES.map((family) => [family, new Set<string>()]));
const called = new Map(FAMILIES.map((family) => [family, new Set<string>()]));

beforeAll(async () => {
  for (const family of FAMILIES) {
    const h = await createSnapshotHarness([editorPack, searchPack, gitPack, debugPack, examplePack], (container) => {
      container.bind(Clock).toConstantValue({ now: () => FIXED_NOW });
      container.bind(OpenEditorsService).toConstantValue({ list: async () => OPEN_EDITORS });
    });
    harnesses.set(family, h);
  }
});
afterAll(async () => {
  for (const h of harnesses.values()) await h.dispose();
});

/** Calls each case meant for `family` in order on its fixture, each compared with its own snapshot. */
async function runFamily(family: string, cases: readonly SnapshotCase[], files: Record<string, string | Buffer>) {
  const h = harnesses.get(family)!;
  const model = SNAPSHOT_FAMILIES[family];
  await writeFiles(h.root, files);
  for (const c of cases) {
    if (c.families && !c.families.includes(family)) continue;
    for (const name of h.names(model)) offered.get(family)!.add(name);
    called.get(family)!.add(c.tool);
    expect(await runCase(h, model, c)).toMatchSnapshot(`${family}: ${caseLabel(c)}`);
  }
}

/** Runs `cases` for every family, the families side by side (each on its own fixture, in its own order). */
const run = (cases: readonly SnapshotCase[], files: Record<string, string | Buffer> = {}) =>
  Promise.all(FAMILIES.map((family) => runFamily(family, cases, files)));

describe('the text and data of every tool, per family', () => {
  it('offers these tools', () => {
    for (const family of FAMILIES)
      expect(harnesses.get(family)!.names(SNAPSHOT_FAMILIES[family])).toMatchSnapshot(family);
  });
  it('sends these definitions (name, description, input schema), every when clause true', () => {
    for (const family of FAMILIES) {
      const h = harnesses.get(family)!;
      // Stopped is the debug state that satisfies every debug tool's when clause; the fixture is a repository.
      const context = { ...h.host.contextKeys.values, debugState: 'stopped' };
      const { tools } = h.registry.resolve({ model: SNAPSHOT_FAMILIES[family], context });
      const definitions = tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
      expect(definitions).toMatchSnapshot(family);
    }
  });
  it('reads files, folders and searches', () => run(READ_CASES));
  it('reads the repository', () => run(GIT_READ_CASES));
  it('writes to the repository', () => run(GIT_WRITE_CASES));
  it('edits files', () => run(EDIT_CASES));
  it('debugs a Node program', () => run(DEBUG_CASES));
  it('debugs a program that throws, and one that ends with output', () => run(CRASH_CASES, CRASH_FILES));
  it('runs the example tools', () => run(EXAMPLE_CASES));
  it('reads binary and empty files, and past the end', () => run(ODD_READ_CASES, ODD_FILES));
  it('called every tool each family was offered', () => {
    const uncalled = FAMILIES.map((family) => [
      family,
      [...offered.get(family)!].filter((n) => !called.get(family)!.has(n)),
    ]);
    expect(uncalled).toEqual(FAMILIES.map((family) => [family, []]));
  });
});
