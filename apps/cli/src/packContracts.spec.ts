// What every tool of the built-in packs promises a client (issue #23): an output schema of an
// object, a title, and annotations that say plainly whether it changes anything, whether it can
// destroy anything, and whether it reaches beyond the workspace. Each pack's own annotations spec
// checks the values against what its tools do; this checks that no tool is left without them.
import Ajv from 'ajv';
import { builtInPacks } from './packs';

const tools = builtInPacks.flatMap((pack) =>
  pack.tools.map((tool) => ({ pack: pack.id, definition: tool.definition })),
);
const ajv = new Ajv({ strict: false });

describe.each(tools.map((t) => [`${t.pack} ${t.definition.name}`, t.definition] as const))('%s', (_, definition) => {
  it('declares an output schema of an object that compiles', () => {
    expect(definition.outputSchema).toMatchObject({ type: 'object' });
    expect(() => ajv.compile(definition.outputSchema!)).not.toThrow();
  });

  it('has a title and says whether it changes, destroys, or reaches beyond the workspace', () => {
    expect(definition.displayName).toEqual(expect.any(String));
    const a = definition.annotations ?? {};
    expect(typeof a.readOnly).toBe('boolean');
    // A read-only tool destroys nothing; a tool that changes things says whether it can.
    if (a.readOnly) expect(a.destructive ?? false).toBe(false);
    else expect(typeof a.destructive).toBe('boolean');
    expect(typeof (a.openWorld ?? false)).toBe('boolean');
  });
});
