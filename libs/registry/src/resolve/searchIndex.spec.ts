import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import { splitWords, stem, toolSearchStats, ToolSearchIndex } from './searchIndex';
import type { ResolvedToolSet, VirtualToolMode } from './resolutionTypes';
import type { ToolCallResult } from '../definitions';
import type { ToolRegistry } from '../types';
import { SEARCH_TOOLS_NAME } from '../definitions';

const TOPICS = [
  'weather forecast',
  'stock prices',
  'pdf conversion',
  'flight booking',
  'recipe ideas',
  'translate text',
  'chess puzzles',
  'currency exchange',
];

/** `count` tools, eight topics, each tool's description naming its topic. */
function registryWith(
  count: number,
  options: { mode?: VirtualToolMode; calls?: { label: string; input: unknown }[] } = {},
): ToolRegistry {
  const registry = createToolRegistry({ virtualToolMode: options.mode ?? 'search' });
  for (let i = 0; i < count; i++) {
    const topic = TOPICS[i % TOPICS.length];
    registry.registerTool(
      def(`tool_${String(i).padStart(3, '0')}`, { modelDescription: `Handles ${topic} number ${i}. Second sentence.` }),
      recordingTool(`t${i}`, options.calls),
    );
  }
  return registry;
}

async function search(
  registry: ToolRegistry,
  resolved: ResolvedToolSet,
  query: string,
  limit?: number,
): Promise<ToolCallResult> {
  return registry.invoke(resolved, {
    callId: query,
    name: SEARCH_TOOLS_NAME,
    input: limit === undefined ? { query } : { query, limit },
  });
}

const foundNames = (result: ToolCallResult) =>
  [...(result.content[0] as { value: string }).value.matchAll(/^- ([\w-]+):/gm)].map((m) => m[1]);
/** The listed tools marked activated. */
const activatedNames = (result: ToolCallResult) =>
  [...(result.content[0] as { value: string }).value.matchAll(/^- ([\w-]+):.*, activated\)$/gm)].map((m) => m[1]);
/** A query that names tools: it activates them. */
const nameQuery = (...numbers: number[]) => numbers.map((i) => `tool_${String(i).padStart(3, '0')}`).join(' ');

describe('search_tools', () => {
  it('is absent in groups mode (the default) and below the threshold', () => {
    const grouped = createToolRegistry();
    for (let i = 0; i < 100; i++) grouped.registerTool(def(`g_${i}`), recordingTool(`g${i}`));
    expect(names(grouped.resolve({ model: models.claude }))).not.toContain(SEARCH_TOOLS_NAME);
    expect(names(grouped.resolve({ model: models.claude, virtualTools: { mode: 'groups' } }))).not.toContain(
      SEARCH_TOOLS_NAME,
    );
    // Per request, the mode can turn it on.
    expect(names(grouped.resolve({ model: models.claude, virtualTools: { mode: 'search' } }))).toContain(
      SEARCH_TOOLS_NAME,
    );
    const small = registryWith(64);
    const flat = small.resolve({ model: models.claude });
    expect(flat.tools).toHaveLength(64);
    expect(names(flat)).not.toContain(SEARCH_TOOLS_NAME);
  });

  it('in search mode sends search_tools alone; in both mode next to the activate_* tools', () => {
    const search = registryWith(100).resolve({ model: models.claude });
    expect(names(search)).toEqual([SEARCH_TOOLS_NAME]);
    expect(search.groups).toEqual([]);
    expect(search.entries).toHaveLength(100);
    expect(search.entries.every((e) => !e.sent && e.group === SEARCH_TOOLS_NAME)).toBe(true);
    const both = registryWith(100, { mode: 'both' }).resolve({ model: models.claude });
    expect(names(both).at(-1)).toBe(SEARCH_TOOLS_NAME);
    expect(both.groups.length).toBeGreaterThan(0);
    expect(names(both).slice(0, -1)).toEqual(both.groups.map((g) => g.name));
  });

  it('ranks deterministically, ties broken by name, activates no tie and sends the tools asked for by name in the next round', async () => {
    const registry = registryWith(100);
    const session = registry.createVirtualToolSession();
    const first = registry.resolve({ model: models.claude, virtualTools: { session } });
    const result = await search(registry, first, 'weather forecast', 3);
    expect(result).toMatchObject({ status: 'activated', isError: false });
    // Every weather tool scores the same: the three smallest names are listed, none is a confident match.
    expect(foundNames(result)).toEqual(['tool_000', 'tool_008', 'tool_016']);
    const text = (result.content[0] as { value: string }).value;
    expect(text).toContain('- tool_000: Handles weather forecast number 0. (score 1.00)\n');
    expect(text).toMatch(/^Found 3 tools, none a confident match, so none was activated/);
    expect(activatedNames(result)).toEqual([]);
    expect(session.expandedGroups).toEqual([]);
    const again = await search(registry, first, 'weather forecast', 3);
    expect(again.content).toEqual(result.content);
    // The model asks for two of them by name.
    const asked = await search(registry, first, 'tool_000, tool_008');
    expect(foundNames(asked)).toEqual(['tool_000', 'tool_008']);
    expect(activatedNames(asked)).toEqual(['tool_000', 'tool_008']);
    const second = registry.resolve({ model: models.claude, virtualTools: { session } });
    expect(names(second)).toEqual(['tool_000', 'tool_008', SEARCH_TOOLS_NAME]);
    expect(second.entries.find((e) => e.name === 'tool_008')).toMatchObject({ sent: true, group: undefined });
    // Another session is unaffected.
    expect(
      names(registry.resolve({ model: models.claude, virtualTools: { session: registry.createVirtualToolSession() } })),
    ).toEqual([SEARCH_TOOLS_NAME]);
    // Tools already sent are not found again.
    expect(foundNames(await search(registry, second, 'weather forecast', 2))).toEqual(['tool_016', 'tool_024']);
  });

  it('activates the confident matches only: a hit far enough above the rest, its score shown relative to the best', async () => {
    const registry = createToolRegistry({ virtualToolMode: 'search' });
    const descriptions = [
      'Shows the value of a variable while debugging.',
      'Lists the variables of the current scope while debugging.',
      'Shows the status of the working tree.',
      'Shows the changes of the working tree as a diff.',
      'Reads a file of the workspace.',
      ...Array.from({ length: 60 }, (_, i) => `Handles ${TOPICS[i % TOPICS.length]} number ${i}.`),
    ];
    descriptions.forEach((d, i) =>
      registry.registerTool(def(`tool_${String(i).padStart(3, '0')}`, { modelDescription: d }), recordingTool(`t${i}`)),
    );
    const session = registry.createVirtualToolSession();
    const resolved = registry.resolve({ model: models.claude, virtualTools: { session } });
    const result = await search(registry, resolved, 'see the value of a variable');
    const text = (result.content[0] as { value: string }).value;
    expect(foundNames(result)[0]).toBe('tool_000');
    expect(activatedNames(result)).toEqual(['tool_000']);
    expect(text).toMatch(/^- tool_000: Shows the value of a variable while debugging\. \(score 1\.00, activated\)$/m);
    expect(text).toMatch(/^- tool_001: .* \(score 0\.\d\d\)$/m);
    expect(session.expandedGroups).toEqual(['found:tool_000']);
    // Never more than the limit, nor more than three.
    const wide = await search(registry, resolved, 'weather stock pdf flight recipe translate chess currency', 20);
    expect(activatedNames(wide).length).toBeLessThanOrEqual(3);
    expect(activatedNames(await search(registry, resolved, 'working tree', 1)).length).toBeLessThanOrEqual(1);
  });

  it('never sends more than maxTools and collapses the least recently used results and groups first', async () => {
    for (const mode of ['search', 'both'] as const) {
      const registry = registryWith(200, { mode });
      const session = registry.createVirtualToolSession();
      const model = { ...models.claude, maxTools: 8 };
      let current = registry.resolve({ model, virtualTools: { session } });
      const queries = [nameQuery(0, 8, 16), nameQuery(1, 9, 17), nameQuery(2, 10, 18), nameQuery(3, 11, 19)];
      const found: string[][] = [];
      for (const query of queries) {
        const result = await search(registry, current, query, 20);
        found.push(activatedNames(result));
        expect(found.at(-1)!.length).toBeGreaterThan(0);
        current = registry.resolve({ model, virtualTools: { session } });
        expect(current.tools.length).toBeLessThanOrEqual(8);
        expect(names(current)).toContain(SEARCH_TOOLS_NAME);
        // The latest search results are all sent.
        expect(names(current)).toEqual(expect.arrayContaining(found.at(-1)!));
      }
      // The oldest results were collapsed to make room.
      expect(names(current)).not.toContain(found[0][0]);
    }
    // A group activated after a search pushes the search results out, not the other way round.
    const registry = registryWith(200, { mode: 'both' });
    const session = registry.createVirtualToolSession();
    const model = { ...models.claude, maxTools: 12 };
    const first = registry.resolve({ model, virtualTools: { session } });
    const hits = activatedNames(await search(registry, first, nameQuery(6, 14, 22), 20));
    expect(hits).toHaveLength(3);
    const afterSearch = registry.resolve({ model, virtualTools: { session } });
    expect(names(afterSearch)).toEqual(expect.arrayContaining(hits));
    const group = afterSearch.groups.find((g) => !g.tools.some((t) => hits.includes(t)))!;
    await registry.invoke(afterSearch, { callId: 'g', name: group.name, input: {} });
    const afterGroup = registry.resolve({ model, virtualTools: { session } });
    expect(afterGroup.tools.length).toBeLessThanOrEqual(12);
    expect(afterGroup.groups.find((g) => g.name === group.name)!.expanded).toBe(true);
    expect(names(afterGroup).filter((n) => hits.includes(n)).length).toBeLessThan(hits.length);
  });

  it('never finds disabled tools: deselected, another model’s, or with a false when clause', async () => {
    const registry = registryWith(100);
    registry.registerTool(
      def('weather_deselected', { modelDescription: 'Weather forecast deselected.' }),
      recordingTool('d'),
    );
    registry.registerTool(
      def('weather_when', { modelDescription: 'Weather forecast when.', when: "debugState == 'stopped'" }),
      recordingTool('w'),
    );
    registry.registerModelSpecificTool(
      def('weather_gpt', { modelDescription: 'Weather forecast for gpt.', models: [{ family: 'gpt-5' }] }),
      recordingTool('g'),
    );
    const resolved = registry.resolve({
      model: models.claude,
      selection: { tools: { weather_deselected: false } },
      context: { debugState: 'running' },
    });
    const hits = foundNames(await search(registry, resolved, 'weather forecast deselected when gpt', 20));
    expect(hits.length).toBe(13);
    expect(hits.filter((h) => h.startsWith('weather_'))).toEqual([]);
    // The same tools are found once enabled.
    const enabled = registry.resolve({ model: models.gpt5, context: { debugState: 'stopped' } });
    expect(foundNames(await search(registry, enabled, 'weather forecast deselected when gpt', 3))).toEqual([
      'weather_deselected',
      'weather_gpt',
      'weather_when',
    ]);
  });

  it('runs a tool only search reaches when it is called directly, and sends it from then on', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = registryWith(100, { calls });
    const session = registry.createVirtualToolSession();
    const resolved = registry.resolve({ model: models.claude, virtualTools: { session } });
    expect(names(resolved)).not.toContain('tool_050');
    const result = await registry.invoke(resolved, { callId: 'c', name: 'tool_050', input: {} });
    expect(result.status).toBe('ok');
    expect(calls).toEqual([{ label: 't50', input: {} }]);
    expect(names(registry.resolve({ model: models.claude, virtualTools: { session } }))).toEqual([
      'tool_050',
      SEARCH_TOOLS_NAME,
    ]);
    // A found tool is callable too.
    const next = registry.resolve({ model: models.claude, virtualTools: { session } });
    const [hit] = foundNames(await search(registry, next, 'stock prices', 1));
    const third = registry.resolve({ model: models.claude, virtualTools: { session } });
    expect((await registry.invoke(third, { callId: 'd', name: hit, input: {} })).status).toBe('ok');
  });

  it('activates a search’s results with one session change, the best most recent', async () => {
    const registry = registryWith(100);
    const session = registry.createVirtualToolSession();
    let changes = 0;
    session.onDidChange(() => changes++);
    const resolved = registry.resolve({ model: models.claude, virtualTools: { session } });
    const hits = activatedNames(await search(registry, resolved, nameQuery(3, 11, 19), 4));
    expect(hits).toEqual(['tool_003', 'tool_011', 'tool_019']);
    expect(changes).toBe(1);
    expect(session.expandedGroups).toEqual(hits.map((h) => `found:${h}`));
  });

  it('falls back to groups when the model takes one tool only', () => {
    const resolved = registryWith(100).resolve({ model: { ...models.claude, maxTools: 1 } });
    expect(resolved.tools).toHaveLength(1);
    expect(names(resolved)).not.toContain(SEARCH_TOOLS_NAME);
  });

  it('answers bad input and empty results without activating anything', async () => {
    const registry = registryWith(100);
    const session = registry.createVirtualToolSession();
    const resolved = registry.resolve({ model: models.claude, virtualTools: { session } });
    expect(
      (await registry.invoke(resolved, { callId: 'x', name: SEARCH_TOOLS_NAME, input: { limit: 2 } })).status,
    ).toBe('invalid-input');
    const none = await search(registry, resolved, 'zebra xylophone');
    expect(none.status).toBe('activated');
    expect((none.content[0] as { value: string }).value).toContain('No tool');
    expect(session.expandedGroups).toEqual([]);
    // Default limit: five.
    expect(foundNames(await search(registry, resolved, 'recipe ideas'))).toHaveLength(5);
  });

  it('refuses a query longer than any task description, saying what to send, before it searches', async () => {
    const registry = registryWith(100);
    const session = registry.createVirtualToolSession();
    const resolved = registry.resolve({ model: models.claude, virtualTools: { session } });
    // The longest MetaTool query is 1,089 characters; a megabyte of words is not a task description.
    const huge = 'weather forecast '.repeat(60_000);
    const refused = await search(registry, resolved, huge);
    expect(refused.status).toBe('invalid-input');
    const text = (refused.content[0] as { value: string }).value;
    expect(text).toContain('nothing was searched');
    expect(text).toMatch(/query.*2000 characters/);
    expect(session.expandedGroups).toEqual([]);
    // At the bound it searches.
    expect((await search(registry, resolved, 'weather forecast '.repeat(117).slice(0, 2000))).status).toBe('activated');
  });

  it('builds the index once per registry version and enabled set, on the first search', async () => {
    const registry = registryWith(100);
    const before = toolSearchStats.indexBuilds;
    const a = registry.resolve({ model: models.claude });
    const b = registry.resolve({
      model: models.claude,
      virtualTools: { session: registry.createVirtualToolSession() },
    });
    expect(toolSearchStats.indexBuilds).toBe(before);
    await search(registry, a, 'weather');
    await search(registry, b, 'stock');
    await search(registry, a, 'pdf');
    expect(toolSearchStats.indexBuilds).toBe(before + 1);
    // Another enabled set has its own index.
    const narrower = registry.resolve({ model: models.claude, selection: { tools: { tool_001: false } } });
    await search(registry, narrower, 'weather');
    expect(toolSearchStats.indexBuilds).toBe(before + 2);
    // A change to the registry rebuilds.
    registry.registerTool(def('weather_new', { modelDescription: 'New weather forecast tool.' }), recordingTool('n'));
    const after = registry.resolve({ model: models.claude });
    expect(foundNames(await search(registry, after, 'new weather', 1))).toEqual(['weather_new']);
    expect(toolSearchStats.indexBuilds).toBe(before + 3);
  });
});

describe('the search index', () => {
  const found = (index: ToolSearchIndex, query: string, limit = 5) => index.search(query, { limit }).map((h) => h.name);

  it('orders what the query matched by likeness to the best hit (relevance feedback), scores staying the query’s own', () => {
    const tools = [
      { name: 'itinerary_planner', description: 'Plans a trip itinerary with flights, hotels and sightseeing.' },
      { name: 'airfare_alerts', description: 'Watches airfare and flights for a trip and alerts on drops.' },
      { name: 'a_road_atlas', description: 'Shows a road atlas for a trip by car.' },
      { name: 'pastry_recipes', description: 'Recipes for pastry and bread.' },
    ];
    const query = 'help me plan my trip itinerary';
    const withFeedback = new ToolSearchIndex(tools).search(query, { limit: 5 });
    const without = new ToolSearchIndex(tools, { feedbackTerms: 0 }).search(query, { limit: 5 });
    // "trip" alone matches both others (the shorter description scores a little higher); with
    // feedback the one that shares the best hit's words comes first.
    expect(without.map((h) => h.name)).toEqual(['itinerary_planner', 'a_road_atlas', 'airfare_alerts']);
    expect(withFeedback.map((h) => h.name)).toEqual(['itinerary_planner', 'airfare_alerts', 'a_road_atlas']);
    expect(new ToolSearchIndex([...tools].reverse()).search(query, { limit: 5 }).map((h) => h.name)).toEqual([
      'itinerary_planner',
      'airfare_alerts',
      'a_road_atlas',
    ]);
    // Nothing the query's words miss is added, and the scores are the first pass's.
    expect(new Map(withFeedback.map((h) => [h.name, h.score]))).toEqual(new Map(without.map((h) => [h.name, h.score])));
  });

  it('splits names on _, - and camelCase and stems with Porter2 (Snowball English)', () => {
    expect(splitWords('getWeatherForecast_now-PDFTool')).toEqual(['get', 'Weather', 'Forecast', 'now', 'PDF', 'Tool']);
    expect(['converts', 'converting', 'converted', 'convert'].map(stem)).toEqual([
      'convert',
      'convert',
      'convert',
      'convert',
    ]);
    expect(['recipes', 'recipe'].map(stem)).toEqual(['recip', 'recip']);
    expect(['queries', 'query'].map(stem)).toEqual(['queri', 'queri']);
    expect(['translation', 'translating', 'translator'].map(stem)).toEqual(['translat', 'translat', 'translat']);
    expect(['cries', 'ties', 'gaps', 'gas', 'happily', 'hopping', 'hoped'].map(stem)).toEqual([
      'cri',
      'tie',
      'gap',
      'gas',
      'happili',
      'hop',
      'hope',
    ]);
    // Words the stemmer keeps apart: its exceptions and its R1 rule for general-/generat-.
    expect(stem('news')).not.toBe(stem('new'));
    expect(stem('general')).not.toBe(stem('generate'));
    // Short words, digits and other scripts stay as they are.
    expect(['ai', 'mp3', 'über', 'sky'].map(stem)).toEqual(['ai', 'mp3', 'über', 'sky']);
  });

  it('finds a tool by the words of its camelCase name', () => {
    const index = new ToolSearchIndex([
      { name: 'convertPdfToText', description: 'Reads documents.' },
      { name: 'send_mail', description: 'Sends a message.' },
    ]);
    expect(found(index, 'pdf text')).toEqual(['convertPdfToText']);
    expect(found(index, 'mails')).toEqual(['send_mail']);
    expect(index.search('anything', { limit: 0 })).toEqual([]);
    expect(found(index, 'the and of')).toEqual([]);
  });

  it('backs a long query word off to the longest indexed word it begins with, below an exact match', () => {
    const tools = [
      { name: 'repo_browser', description: 'Lists branches and tags.' },
      { name: 'flat_rent', description: 'Compares what flats cost.' },
      { name: 'mirror_maker', description: 'Clones remote repositories.' },
      { name: 'tag_cloud', description: 'Draws words.' },
    ];
    const index = new ToolSearchIndex(tools);
    // "repository" → "repositori": mirror_maker has it, repo_browser only its back-off "repo".
    expect(found(index, 'repository')).toEqual(['mirror_maker', 'repo_browser']);
    expect(found(index, 'rentals')).toEqual(['flat_rent']);
    expect(found(index, 'cloudy')).toEqual(['tag_cloud']);
    // Words under six letters do not back off: "drawn" is not "draw".
    expect(found(index, 'drawn')).toEqual([]);
    expect(found(new ToolSearchIndex(tools, { backoffWeight: 0 }), 'rentals')).toEqual([]);
  });

  it('matches long query words one edit away (fuzzy), and not when turned off', () => {
    const tools = [
      { name: 'sky_report', description: 'Weather forecast for a city.' },
      { name: 'stock_quotes', description: 'Share prices.' },
    ];
    expect(found(new ToolSearchIndex(tools), 'wether forcast')).toEqual(['sky_report']);
    expect(found(new ToolSearchIndex(tools, { fuzzyMinLength: 0 }), 'wether forcast')).toEqual([]);
  });

  it('lets the rare query word decide over two common ones (IDF term weights, softened term count)', () => {
    const tools = [
      { name: 'book_keeper', description: 'Keeps the ledger of a small shop.' },
      ...Array.from({ length: 5 }, (_, i) => ({
        name: `digest_${i}`,
        description: `Detailed information on topic ${i}.`,
      })),
      ...Array.from({ length: 14 }, (_, i) => ({ name: `other_${i}`, description: `Handles task number ${i}.` })),
    ];
    const query = 'detailed information for my ledger';
    expect(found(new ToolSearchIndex(tools), query, 1)).toEqual(['book_keeper']);
    // minisearch's own scoring (score × terms matched, every term weighing 1) prefers two common words.
    expect(found(new ToolSearchIndex(tools, { coordination: 1, weightTermsByIdf: false }), query, 1)).toEqual([
      'digest_0',
    ]);
  });

  it('ranks the same whatever order the tools come in: score, then name', () => {
    const tools = Array.from({ length: 40 }, (_, i) => ({
      name: `tool_${String(i).padStart(2, '0')}`,
      description: `${TOPICS[i % TOPICS.length]} helper${i % 3 ? ' with extra notes' : ''}.`,
    }));
    const forward = new ToolSearchIndex(tools);
    const backward = new ToolSearchIndex([...tools].reverse());
    for (const query of ['weather forecast', 'flight bookings notes', 'translating texts', 'chess']) {
      const hits = forward.search(query, { limit: 20 });
      expect(hits.length).toBeGreaterThan(0);
      expect(backward.search(query, { limit: 20 })).toEqual(hits);
      expect(forward.search(query, { limit: 20 })).toEqual(hits);
      for (let i = 1; i < hits.length; i++) {
        const [a, b] = [hits[i - 1], hits[i]];
        expect(a.score > b.score || (a.score === b.score && a.name < b.name)).toBe(true);
      }
    }
  });
});
