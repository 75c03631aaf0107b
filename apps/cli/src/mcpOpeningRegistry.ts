// What `toolpacks mcp`'s opening stage (mcpOpeningStage.ts) takes from @toolpacks/registry/host,
// from the leaf modules that define it: the bin bundles the stage with this module standing in for
// that entry, whose index would bring the whole registry (~700 KB) into a bundle meant to be read in
// a millisecond. The same definitions, not copies; an import this module lacks fails the stage's
// build (the server then answers the opening itself).
// The registry's package exports only its index and host entries; these leaves are reached by path.
/* eslint-disable @nx/enforce-module-boundaries */
export { inertConfirmation, inertLine } from '../../../libs/registry/src/inertText';
export { SCHEMA_RULE_FIELDS } from '../../../libs/registry/src/schema/schemaTypes';
