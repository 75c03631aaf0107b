import { call, loadExample, models } from '../testing';

describe('get_time', () => {
  it('returns the host clock in UTC or the asked time zone', async () => {
    const registry = await loadExample();
    // The readable part comes from ICU, whose punctuation differs between Node builds.
    expect((await call(registry, models.claude, 'get_time', {})).text).toMatch(
      /^2026-03-01T12:34:56\.000Z \(Sunday,? 1 March 2026 at 12:34:56 UTC, UTC\)$/,
    );
    expect((await call(registry, models.claude, 'get_time', { timeZone: 'Asia/Tokyo' })).text).toContain('21:34:56');
  });

  it('tells the model how to fix an unknown time zone', async () => {
    const result = await call(await loadExample(), models.claude, 'get_time', { timeZone: 'Mars/Olympus' });
    expect(result.status).toBe('error');
    expect(result.text).toContain("Unknown time zone 'Mars/Olympus'. Use an IANA name");
  });
});
