// Shared Jest settings for every project: swc (legacy decorators for inversify, prompt-tsx JSX),
// and inversify 8 is ESM-only, so it must pass through the transformer.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  // Specs drive real processes (git, node, ripgrep, the CLI) on shared 2-core machines, where Jest's
  // 5 s default fails sound tests under load; a test that hangs still fails, later.
  testTimeout: 30_000,
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: false,
            react: { pragma: 'vscpp', pragmaFrag: 'vscppf' },
          },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFiles: [path.join(__dirname, 'tools/jest/setup.js')],
};
