// The tool search's rankings are pinned on the MetaTool dev queries: every query's top 20 (names
// and scores) must stay what the minisearch-based index of commit e18d7cc gave, whatever the index
// does to be faster. The data set is read from ../shared at run time (never copied into the
// repository); the pins are digests of the rankings, one per chunk of queries, so a failure says
// which queries moved.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ToolSearchIndex, type SearchableTool } from './searchIndex';

const METATOOL_DIR =
  process.env.TOOLPACKS_METATOOL_DIR ?? path.resolve(__dirname, '../../../../../shared/datasets/metatool');

/** The registry's rule for tool names, as the bench's MetaTool pack applies it. */
const toolName = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'tool';

function loadDev(): { tools: SearchableTool[]; queries: string[] } {
  const files = ['tools.json', 'dev.jsonl'].map((file) => path.join(METATOOL_DIR, file));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length)
    throw new Error(
      `The ranking pins need the MetaTool data set at ${METATOOL_DIR} (or TOOLPACKS_METATOOL_DIR): missing ${missing.join(', ')}.`,
    );
  const tools = (JSON.parse(readFileSync(files[0], 'utf8')) as { name: string; description: string }[]).map((t) => ({
    name: toolName(t.name),
    description: t.description,
    pack: 'MetaTool tools',
  }));
  const queries = readFileSync(files[1], 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { query: string }).query);
  return { tools, queries };
}

/**
 * 2,000 tools from the 199: ten variants of each, every variant's description followed by another
 * tool's, in toolsets of their own: past the 1,000 tools from which common query words are left
 * out, with many near ties.
 */
function variants(tools: readonly SearchableTool[]): SearchableTool[] {
  const out: SearchableTool[] = [];
  for (let v = 0; v < 10; v++)
    tools.forEach((tool, i) => {
      const other = tools[(i * 7 + v * 13 + 1) % tools.length];
      out.push({
        name: `${tool.name}_v${v}`,
        description: `${tool.description} ${v % 3 === 0 ? other.description : other.name}`,
        toolSet: v % 2 ? `set${v % 4} Tools of group ${v % 4}` : undefined,
        pack: `pack${v} Variant ${v}`,
      });
    });
  return out.slice(0, 2_000);
}

const CHUNKS = 16;

/** One digest per chunk of queries, over each query's top 20 as `name score` lines (12 significant digits). */
function digests(index: ToolSearchIndex, queries: readonly string[], exclude?: (name: string) => boolean): string[] {
  const size = Math.ceil(queries.length / CHUNKS);
  const out: string[] = [];
  for (let start = 0; start < queries.length; start += size) {
    const hash = createHash('sha256');
    for (const query of queries.slice(start, start + size)) {
      const hits = index.search(query, { limit: 20, exclude });
      hash.update(`${query}\n${hits.map((h) => `${h.name} ${h.score.toPrecision(12)}`).join('\n')}\n\n`);
    }
    out.push(hash.digest('hex').slice(0, 16));
  }
  return out;
}

/** The first chunks of a digest list that differ from the pinned ones, for the failure message. */
function moved(actual: readonly string[], pinned: readonly string[], queries: number): string[] {
  const size = Math.ceil(queries / CHUNKS);
  return actual.flatMap((digest, i) => (digest === pinned[i] ? [] : [`queries ${i * size}–${(i + 1) * size - 1}`]));
}

const PINNED_199: readonly string[] = [
  'da476cc0c91fd71a',
  'f0d8a0324f949642',
  'a2b6bec45a7994f4',
  'cb3245516059e160',
  '54c793615fac5001',
  'aa5d9f02e957b83d',
  '7bbd14b3d8f8cf84',
  '2f49f0e8556e752d',
  '38cbb316b6fb0d75',
  'e125116336940ee2',
  'c778acfe3284ac4e',
  'd25b5017d226e779',
  'd2d373a41dc376a1',
  '82c685f663001056',
  '7e4a2652837634b7',
  '4e06752926023bce',
];
const PINNED_2000: readonly string[] = [
  'a351c35d464b6066',
  '5fb35e75ab745b8d',
  '1400ab8e76d15466',
  '6b81ca94e50eb27b',
  '504696bb2385c4d9',
  '0d7857b2ff1beae3',
  'b6849d7c8bc5db6b',
  'ae854d973091bf1a',
  '0e24862b7156a62b',
  '0fbb7424704cc019',
  '48509c0b15b4deb1',
  'b9333dca5dbccf25',
  'eb6e3bbf59595c80',
  'aa8ef427cc139694',
  '34fbc931fef1d3a9',
  '36d11d44aee354ff',
];

describe('tool search rankings on the MetaTool dev queries (pinned at e18d7cc)', () => {
  const dev = loadDev();

  it('orders and scores every dev query as before at the 199 tools', () => {
    const index = new ToolSearchIndex(dev.tools);
    const actual = digests(index, dev.queries);
    if (process.env.PRINT_SEARCH_PINS) console.log(JSON.stringify(actual));
    expect(moved(actual, PINNED_199, dev.queries.length)).toEqual([]);
  }, 120_000);

  it('orders and scores every third dev query as before at 2,000 tools, some excluded', () => {
    const tools = variants(dev.tools);
    const index = new ToolSearchIndex(tools);
    const excluded = new Set(tools.filter((_, i) => i % 7 === 3).map((t) => t.name));
    const queries = dev.queries.filter((_, i) => i % 3 === 0);
    const actual = digests(index, queries, (name) => excluded.has(name));
    if (process.env.PRINT_SEARCH_PINS) console.log(JSON.stringify(actual));
    expect(moved(actual, PINNED_2000, queries.length)).toEqual([]);
  }, 120_000);
});
