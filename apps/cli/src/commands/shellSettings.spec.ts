import { DEFAULT_MODEL } from '../defaults';
import { applyContextWords, describeContext, describeModel, modelFromWords } from './shellSettings';

describe('the shell’s model and context commands', () => {
  it('sets the whole model from one id, or fields one by one, and refuses what it cannot read', () => {
    expect(modelFromWords(DEFAULT_MODEL, 'gpt-5')).toMatchObject({ id: 'gpt-5', family: 'gpt-5', version: 'gpt-5' });
    const model = modelFromWords(DEFAULT_MODEL, 'family=gemini-2.5-pro vendor=google maxTools=3');
    expect(model).toMatchObject({ family: 'gemini-2.5-pro', vendor: 'google', maxTools: 3, id: DEFAULT_MODEL.id });
    expect(describeModel(model)).toBe(
      `model google/gemini-2.5-pro (id ${DEFAULT_MODEL.id}, version ${DEFAULT_MODEL.version}, up to 3 tools)`,
    );
    expect(() => modelFromWords(DEFAULT_MODEL, 'maxTools=0')).toThrow(
      "model: maxTools needs a positive whole number, got '0'.",
    );
    expect(() => modelFromWords(DEFAULT_MODEL, 'colour=blue')).toThrow(/model: cannot read 'colour=blue'/);
  });

  it('sets and removes context keys, and lists them with the host’s', () => {
    const context: Record<string, unknown> = {};
    applyContextWords(context, 'debugState=stopped count=2 list=["a"]');
    applyContextWords(context, '-count');
    expect(context).toEqual({ debugState: 'stopped', list: ['a'] });
    expect(describeContext({ gitOpenRepositoryCount: 1, debugState: 'running' }, context)).toBe(
      'debugState = "stopped" (set here)\ngitOpenRepositoryCount = 1\nlist = ["a"] (set here)',
    );
    expect(describeContext({}, {})).toBe('(no context keys)');
    expect(() => applyContextWords(context, 'novalue')).toThrow(/must be key=value/);
  });
});
