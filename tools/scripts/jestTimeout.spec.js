// Jest reads testTimeout only from the config it was started with (a global option): the root's
// for npm test and `npx jest <paths>`; a project's own testTimeout counts only when it runs alone.
const { describe, expect, it } = require('@jest/globals');
const rootConfig = require('../../jest.config.js');
const preset = require('../../jest.preset.js');

describe('Jest timeout', () => {
  it('is the preset timeout in a run over every project, not Jest 5 s default', () => {
    expect(preset.testTimeout).toBeGreaterThanOrEqual(30_000);
    expect(rootConfig.testTimeout).toBe(preset.testTimeout);
  });
});
