// The differential spec's oracle: VS Code's own when-clause code (from monaco-editor-core, a dev
// dependency), run in a plain `node` process because it is ESM and Jest here transforms to CommonJS.
// stdin: JSON [{ when, context }] ({"$nan":true} stands for NaN, {"$undefined":true} for undefined);
// stdout: JSON [{ malformed: true } | { value: boolean } | { error: string }].
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const contextKeyModule = require.resolve('monaco-editor-core/esm/vs/platform/contextkey/common/contextkey.js');
const { ContextKeyExpr } = await import(pathToFileURL(contextKeyModule).href);

let input = '';
for await (const chunk of process.stdin) input += chunk;
const decode = (value) => {
  if (value === null || typeof value !== 'object') return value;
  if (value.$nan === true) return NaN;
  if (value.$undefined === true) return undefined;
  for (const key of Object.keys(value)) value[key] = decode(value[key]);
  return value;
};
const cases = decode(JSON.parse(input));

const results = cases.map(({ when, context }) => {
  try {
    const expr = ContextKeyExpr.deserialize(when);
    if (!expr) return { malformed: true };
    // Like VS Code's Context: a prototype-less map, so `toString` is an unset key.
    const values = Object.assign(Object.create(null), context);
    return { value: expr.evaluate({ getValue: (key) => values[key] }) };
  } catch (error) {
    return { error: String(error) };
  }
});
process.stdout.write(JSON.stringify(results));
