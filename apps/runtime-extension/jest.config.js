// Specs of the runtime's steps run against a stand-in for the 'vscode' module (there is no VS Code in
// a Jest process); the real VS Code runs the whole extension in apps/e2e.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'runtime-extension',
  rootDir: __dirname,
  moduleNameMapper: { '^vscode$': '<rootDir>/src/testing/vscodeFake.ts' },
};
