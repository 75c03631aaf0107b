// A pack's error hints: a service throws an error with a `code` and words that name no tool; the pack
// says (a table, or a function of the code and the tool) which sentence the model gets after them.
import { definePack } from '../definePack';
import { createToolRegistry } from '../toolRegistry';
import { def, models } from '../testing';
import type { ErrorHints, Tool } from '../definitions';
import type { ToolRegistry } from '../types';

/** An error as a service throws it: a code, and words about the path only. */
class CodedError extends Error {
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

const throwing = (error: unknown): Tool => ({
  invoke: () => {
    throw error;
  },
});

/** The pack under test: one tool that throws `error`, and the hints given. */
const filesPack = (errorHints: unknown, error: unknown, tool = 'read_file') =>
  definePack({
    id: 'files',
    displayName: 'Files',
    version: '1',
    tools: [{ definition: def(tool), implementation: throwing(error) }],
    errorHints: errorHints as ErrorHints,
  });

const callIn = (registry: ToolRegistry, tool: string) =>
  registry.invoke(registry.resolve({ model: models.claude }), { callId: 'c', name: tool, input: {} });

async function call(errorHints: unknown, error: unknown, tool = 'read_file') {
  const registry = createToolRegistry();
  const loaded = await registry.loadPack(filesPack(errorHints, error, tool));
  if (!loaded.loaded) return { loaded };
  const result = await callIn(registry, tool);
  return { loaded, result, text: result.content.map((c) => ('value' in c ? String(c.value) : '')).join('\n') };
}

const NOT_FOUND = "'src/a.ts' does not exist.";
const HINT = 'Use file_search or list_dir to find the right path.';

describe('error hints', () => {
  it('adds the sentence a pack’s table gives for the error’s code after the error’s own words', async () => {
    const { result, text } = await call({ 'not-found': HINT }, new CodedError(NOT_FOUND, 'not-found'));
    expect(result).toMatchObject({ status: 'error', isError: true });
    expect(text).toBe(`Tool \`read_file\` failed: ${NOT_FOUND} ${HINT}`);
  });

  it('asks a pack’s function with the code and the tool that failed', async () => {
    const asked: unknown[] = [];
    const hints = (code: string, tool: string) => {
      asked.push([code, tool]);
      return code === 'not-found' ? `Call ${tool} with a path that list_dir shows.` : undefined;
    };
    const { text } = await call(hints, new CodedError(NOT_FOUND, 'not-found'), 'view_file');
    expect(asked).toEqual([['not-found', 'view_file']]);
    expect(text).toBe(`Tool \`view_file\` failed: ${NOT_FOUND} Call view_file with a path that list_dir shows.`);
    const other = await call(hints, new CodedError('The file is binary.', 'binary'));
    expect(other.text).toBe('Tool `read_file` failed: The file is binary.');
  });

  it('adds nothing for an error without a code, a code that is not a string, or one the pack does not name', async () => {
    const table = { 'not-found': HINT };
    expect((await call(table, new Error(NOT_FOUND))).text).toBe(`Tool \`read_file\` failed: ${NOT_FOUND}`);
    expect((await call(table, new CodedError(NOT_FOUND, 404))).text).toBe(`Tool \`read_file\` failed: ${NOT_FOUND}`);
    expect((await call(table, new CodedError(NOT_FOUND, 'toString'))).text).toBe(
      `Tool \`read_file\` failed: ${NOT_FOUND}`,
    );
    expect((await call(table, new CodedError(NOT_FOUND, 'denied'))).text).toBe(
      `Tool \`read_file\` failed: ${NOT_FOUND}`,
    );
    expect((await call(undefined, new CodedError(NOT_FOUND, 'not-found'))).text).toBe(
      `Tool \`read_file\` failed: ${NOT_FOUND}`,
    );
  });

  it('never lets a hint break the answer: a throwing function, a code getter that throws, a hint too long', async () => {
    const boom = () => {
      throw new Error('hint bug');
    };
    expect((await call(boom, new CodedError(NOT_FOUND, 'not-found'))).text).toBe(
      `Tool \`read_file\` failed: ${NOT_FOUND}`,
    );
    const trap = new Error(NOT_FOUND);
    Object.defineProperty(trap, 'code', {
      get() {
        throw new Error('no code for you');
      },
    });
    expect((await call({ 'not-found': HINT }, trap)).text).toBe(`Tool \`read_file\` failed: ${NOT_FOUND}`);
    const long = (await call({ 'not-found': 'x'.repeat(5000) }, new CodedError(NOT_FOUND, 'not-found'))).text!;
    expect(long.length).toBeLessThan(1000);
    expect(long).toMatch(/^Tool `read_file` failed: 'src\/a.ts' does not exist. x+… \(\d+ more characters\)$/);
  });

  it('reads the table once at load: a later change to it changes nothing', async () => {
    const table: Record<string, string> = { 'not-found': HINT };
    const registry = createToolRegistry();
    await registry.loadPack(filesPack(table, new CodedError(NOT_FOUND, 'not-found')));
    table['not-found'] = 'Something else.';
    const result = await callIn(registry, 'read_file');
    expect(result.content).toEqual([{ kind: 'text', value: `Tool \`read_file\` failed: ${NOT_FOUND} ${HINT}` }]);
  });

  it('refuses a pack whose errorHints is neither a table of sentences nor a function, and says so', async () => {
    for (const bad of [42, 'not-found', ['a'], { 'not-found': 7 }, { 'not-found': '' }]) {
      const { loaded } = await call(bad, new Error('x'));
      expect(loaded.loaded).toBe(false);
      expect(loaded.diagnostics).toEqual([
        expect.objectContaining({
          code: 'pack-invalid',
          message: expect.stringMatching(/^Pack 'files': errorHints must be /),
        }),
      ]);
    }
  });
});
