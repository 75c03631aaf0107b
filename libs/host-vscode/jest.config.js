// Specs run against a stand-in for the 'vscode' module (there is no VS Code in a Jest process);
// the real VS Code is exercised by apps/e2e.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'host-vscode',
  rootDir: __dirname,
  moduleNameMapper: { '^vscode$': '<rootDir>/src/testing/vscodeFake.ts' },
};
