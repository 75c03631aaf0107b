// ESLint for the whole workspace (flat config): ESLint's and typescript-eslint's recommended rules (syntax only — the
// type-aware ones cost too much on CI's two cores), the layering between projects from their Nx tags
// (@nx/enforce-module-boundaries), and the host boundary: only projects tagged platform:vscode import 'vscode' at
// runtime (`import type` is fine anywhere). eslint-config-prettier comes last: Prettier owns the layout.
// Each project's package.json has `"lint": "eslint ."` (cached by Nx, see nx.json); npm test runs them all.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Which projects (by scope tag) each scope may import; tools/workspace checks that every project has a scope it names. */
const LAYERS = JSON.parse(fs.readFileSync(path.join(root, 'tools/workspace/layers.json'), 'utf8'));

/** What every project's specs may import besides their layer: the Node host's harness and the packs it drives. */
const TEST_HARNESS = ['scope:host', 'scope:node-services', 'scope:pack'];

/** Options of @nx/enforce-module-boundaries for a layering table. */
function moduleBoundaries(layers, ignoredCircularDependencies = []) {
  return {
    // Workspace tooling outside any project, shared by relative path: the Jest preset and tools/scripts.
    allow: ['^(\\.\\./)+(jest\\.preset\\.js|tools/scripts/)'],
    ignoredCircularDependencies,
    depConstraints: Object.entries(layers).map(([sourceTag, allowed]) => ({
      sourceTag,
      onlyDependOnLibsWithTags: allowed,
    })),
  };
}

/** Roots of the projects tagged platform:vscode, read from the workspaces' package.json files. */
const vscodeProjectRoots = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .workspaces.map((pattern) => pattern.replace(/\/\*$/, ''))
  .flatMap((parent) =>
    fs.existsSync(path.join(root, parent))
      ? fs.readdirSync(path.join(root, parent)).map((name) => `${parent}/${name}`)
      : [],
  )
  .filter((dir) => {
    const manifest = path.join(root, dir, 'package.json');
    return (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')).nx?.tags ?? []).includes('platform:vscode')
    );
  });

/** ESLint's own recommended rules (what @eslint/js would export, which is not installed), from the rules' metadata. */
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
);

/** Node's globals for the plain JavaScript files (TypeScript checks the .ts ones; no-undef is off there). */
const nodeGlobals = Object.fromEntries(
  [
    ...[
      'require',
      'module',
      'exports',
      '__dirname',
      '__filename',
      'process',
      'console',
      'Buffer',
      'globalThis',
      'URL',
      'URLSearchParams',
    ],
    ...[
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'structuredClone',
    ],
    ...['TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'performance', 'fetch'],
  ].map((name) => [name, 'readonly']),
);

const vscodeMessage =
  "Only projects tagged platform:vscode may import 'vscode' at runtime; use `import type` (the host implements the service interfaces).";

export default defineConfig(
  {
    // Build output, bundles and caches; ../shared is outside the repository and never linted.
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '.nx/**', '.e2e/**', '.bench/**', '**/*.d.ts'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { name: 'eslint/recommended', rules: eslintRecommended },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `==` only against null (the code already keeps to it; whenClauseExpr.ts mimics VS Code's `==` with a directive).
      eqeqeq: ['error', 'smart'],
      // A leading underscore marks a parameter or binding kept for its position or shape (`_options`, `{ definition: _definition, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `cond ? a() : b()` and `x && f()` as statements are a deliberate terse style here; sequences `(a, b)` are not.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // `const self = this` where an object literal's getters need the outer instance (CancellationTokenSource).
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }],
      // Lazy `require('@toolpacks/…' | './…' | 'node:…') as typeof import('…')` keeps `toolpacks --help` from loading hosts and packs;
      // re2js and ws, loaded by the first `=~` and the first debug session, keep them out of every start.
      '@typescript-eslint/no-require-imports': [
        'error',
        { allow: ['^@toolpacks/', '^\\.\\.?/', '^node:', '^re2js$', '^ws$'] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    // CommonJS scripts (jest configs, bin entries, the Nx executor, tools/scripts) load modules with require.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module', globals: nodeGlobals } },
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries(LAYERS)] },
  },
  {
    // Specs may also use the Node host's harness (host-node/src/testing, node-services fixtures) and drive packs end to
    // end through it; the cycles those test-only imports make (host-node ⇄ pack-debug) are not layering cycles.
    files: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        moduleBoundaries(
          Object.fromEntries(
            Object.entries(LAYERS).map(([scope, allowed]) => [scope, [...new Set([...allowed, ...TEST_HARNESS])]]),
          ),
          [['tag:scope:host', 'tag:scope:pack']],
        ),
      ],
    },
  },
  {
    // The host boundary. Nx's bannedExternalImports cannot say it: 'vscode' is no npm package in the graph, and the
    // rule does not tell `import type` apart.
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: vscodeMessage, allowTypeImports: true }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='require'][arguments.0.value='vscode']", message: vscodeMessage },
        { selector: "ImportExpression[source.value='vscode']", message: vscodeMessage },
      ],
    },
  },
  {
    // These packs import type-only names with `import type { … }`, apart from the values they use.
    files: ['libs/packs/{editor,search,example,debug}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
    },
  },
  {
    // apps/e2e/test-extension is the probe extension the e2e tests install into VS Code (the e2e project itself is not
    // platform:vscode: its runner is plain Node).
    files: [...vscodeProjectRoots, 'apps/e2e/test-extension'].map((dir) => `${dir}/**`),
    rules: { '@typescript-eslint/no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  prettier,
);
