import { contextKey } from './resolutionKey';
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';

const key = (context: Record<string, unknown>, keys = ['k', 'm']) => contextKey(keys, context);

describe('the context part of the resolution cache key', () => {
  it('shares an entry only between contexts that no when clause can tell apart', () => {
    expect(key({})).toBe(key({ k: undefined })); // an unset key reads as undefined
    expect(key({ k: 0 })).toBe(key({ k: -0 }));
    expect(key({ k: ['a', { x: 1 }] })).toBe(key({ k: ['a', { x: 2 }] })); // only own names of an object matter
    expect(key({ m: { x: undefined } })).not.toBe(key({ m: {} }));
    expect(key({ m: [Number.NaN] })).not.toBe(key({ m: [null] }));
    expect(key({ k: Number.NaN })).not.toBe(key({ k: null }));
    expect(key({ k: Number.NaN })).not.toBe(key({ k: 'NaN' }));
    expect(key({ k: 1 })).not.toBe(key({ k: '1' }));
    expect(key({ k: 'a', m: 'b' })).not.toBe(key({ k: 'a\u0002sb', m: undefined }));
    expect(key({ m: ['a,s1:b', 'c'] })).not.toBe(key({ m: ['a', 'b,s1:c'] }));
    const fn = () => 1;
    expect(key({ k: fn })).not.toBe(key({ k: fn })); // a function: never shared
  });

  it('keeps a shared reference distinct from two equal objects (`a in list` compares identity)', () => {
    const item = {};
    expect(key({ k: item, m: [item] })).not.toBe(key({ k: {}, m: [{}] }));
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(() => key({ m: cyclic })).not.toThrow();
  });

  it('reads only own keys of the context', () => {
    expect(key({}, ['toString'])).toBe(key({ toString: undefined }, ['toString']));
  });

  it('stays short for large values and differs for different ones', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const big = `${String(i).padStart(3, '0')}${'x'.repeat(5 * 1024 * 1024)}`;
      const part = key({ k: big, m: i === 0 ? [big] : undefined });
      expect(part.length).toBeLessThan(120);
      expect(part).not.toContain('xxxx');
      keys.add(part);
    }
    expect(keys.size).toBe(40);
  });
});

describe('resolution cache (issue #10)', () => {
  function registryWith(when: string) {
    const registry = createToolRegistry();
    registry.registerTool(def('gated_tool', { when }), recordingTool('g'));
    return registry;
  }

  it('answers `k in m` for {x: undefined} and for {} separately', () => {
    const registry = registryWith('k in m');
    expect(names(registry.resolve({ model: models.gpt41, context: { k: 'x', m: { x: undefined } } }))).toEqual([
      'gated_tool',
    ]);
    expect(names(registry.resolve({ model: models.gpt41, context: { k: 'x', m: {} } }))).toEqual([]);
    expect(names(registry.resolve({ model: models.gpt41, context: { k: 'x', m: { x: undefined } } }))).toEqual([
      'gated_tool',
    ]);
  });

  it('answers `k in m` for [NaN] and for [null] separately', () => {
    const registry = registryWith('k in m');
    expect(names(registry.resolve({ model: models.gpt41, context: { k: Number.NaN, m: [Number.NaN] } }))).toEqual([
      'gated_tool',
    ]);
    expect(names(registry.resolve({ model: models.gpt41, context: { k: Number.NaN, m: [null] } }))).toEqual([]);
  });

  it('answers each of 40 requests with distinct 5 MB values by its own value', () => {
    const registry = registryWith('k =~ /7$/');
    for (let i = 0; i < 40; i++) {
      const big = `${'x'.repeat(5 * 1024 * 1024)}${i}`;
      expect(names(registry.resolve({ model: models.gpt41, context: { k: big } }))).toEqual(
        i % 10 === 7 ? ['gated_tool'] : [],
      );
    }
  });
});
