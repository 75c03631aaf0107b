import {
  describeSelectors,
  matchSpecificity,
  modelMatches,
  selectorMatches,
  selectorSpecificity,
} from './modelSelector';
import type { ModelInfo } from './definitions';

const gpt41: ModelInfo = { id: 'gpt-4.1-2025-04-14', vendor: 'copilot', family: 'gpt-4.1', version: '2025-04-14' };
const gemini: ModelInfo = { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' };

describe('model selectors', () => {
  it('ANDs the fields of one selector', () => {
    expect(selectorMatches({ vendor: 'copilot', family: 'gpt-4.1' }, gpt41)).toBe(true);
    expect(selectorMatches({ vendor: 'copilot', family: 'gpt-4o' }, gpt41)).toBe(false);
    expect(selectorMatches({ vendor: 'other', family: 'gpt-4.1' }, gpt41)).toBe(false);
  });

  it('ORs selectors', () => {
    expect(modelMatches([{ family: 'gpt-4o' }, { family: 'gpt-4.1' }], gpt41)).toBe(true);
    expect(modelMatches([{ family: 'gpt-4o' }, { family: 'claude' }], gpt41)).toBe(false);
  });

  it('treats a trailing * as a prefix match and nothing else as one', () => {
    expect(selectorMatches({ id: 'gpt-4.1*' }, gpt41)).toBe(true);
    expect(selectorMatches({ family: 'gemini*' }, gemini)).toBe(true);
    expect(selectorMatches({ family: 'gemini*' }, gpt41)).toBe(false);
    expect(selectorMatches({ family: 'gpt' }, gpt41)).toBe(false);
    expect(selectorMatches({ family: '*' }, gpt41)).toBe(true);
  });

  it('matches every model when there are no selectors', () => {
    expect(modelMatches(undefined, gemini)).toBe(true);
    expect(modelMatches([], gemini)).toBe(true);
    expect(selectorMatches({}, gemini)).toBe(true);
  });

  it('ranks specificity: more fields first, then id > version > family > vendor, then exact over prefix', () => {
    expect(selectorSpecificity({ family: 'a', vendor: 'b' })).toBeGreaterThan(selectorSpecificity({ id: 'x' }));
    expect(selectorSpecificity({ id: 'x' })).toBeGreaterThan(selectorSpecificity({ version: 'x' }));
    expect(selectorSpecificity({ version: 'x' })).toBeGreaterThan(selectorSpecificity({ family: 'x' }));
    expect(selectorSpecificity({ family: 'x' })).toBeGreaterThan(selectorSpecificity({ vendor: 'x' }));
    expect(selectorSpecificity({ family: 'gpt-4.1' })).toBeGreaterThan(selectorSpecificity({ family: 'gpt-4*' }));
    expect(matchSpecificity([{ family: 'gpt-4o' }], gpt41)).toBe(-1);
    expect(matchSpecificity(undefined, gpt41)).toBe(0);
    expect(matchSpecificity([{ vendor: 'copilot' }, { family: 'gpt-4.1', vendor: 'copilot' }], gpt41)).toBe(
      selectorSpecificity({ family: 'gpt-4.1', vendor: 'copilot' }),
    );
  });

  it('describes selectors for people', () => {
    expect(describeSelectors(undefined)).toBe('every model');
    expect(describeSelectors([{ family: 'gpt-5*' }, { vendor: 'a', id: 'b' }])).toBe('family=gpt-5* | id=b&vendor=a');
  });
});
