import { Emitter, setUnexpectedErrorHandler } from './lifecycle';

describe('Emitter', () => {
  it('reports a listener that throws or rejects, and still calls the others', async () => {
    const reported: unknown[] = [];
    const previous = setUnexpectedErrorHandler((error) => reported.push(error));
    try {
      const emitter = new Emitter<number>();
      const seen: number[] = [];
      emitter.event(() => {
        throw new Error('sync');
      });
      emitter.event(async () => {
        throw new Error('async');
      });
      emitter.event((e) => seen.push(e));
      emitter.fire(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual([1]);
      expect(reported.map((e) => (e as Error).message)).toEqual(['sync', 'async']);
    } finally {
      setUnexpectedErrorHandler(previous);
    }
  });
});
