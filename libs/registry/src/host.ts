// @toolpacks/registry/host: what a host needs beyond a pack author's entry — the registry and its DI
// tokens, resolution (requests, the resolved set, virtual tools, why a tool was not sent),
// invocation (calls, results, confirmations, approvals), schema dialects and when clauses.
export * from './index';
export * from './types';
export * from './resolve/resolutionTypes';
export * from './invoke/invocationTypes';
export { createToolRegistry, RegistryContainer, ToolRegistryService } from './toolRegistry';
export { describeGroup, describeReason, describeSearch, type SearchLine } from './resolve/resolutionText';
export { DefaultVirtualToolSession } from './resolve/virtualTools';
export { ACTIVATE_OUTPUT_SCHEMA, SEARCH_TOOLS_OUTPUT_SCHEMA } from './invoke/virtualCalls';
export { ApprovalStore, InMemoryApprovalStore } from './invoke/approvals';
export { contentToText, toCallContent } from './invoke/callContent';
export { inertConfirmation, type InertConfirmation } from './inertText';
export { describeSelectors, matchSpecificity, modelMatches } from './modelSelector';
export { parseWhenClause, type WhenClause } from './when/whenClause';
export { checkToolDefinition } from './store/definitionChecks';
export { adaptTool, dialectFor } from './schema/adaptTool';
export {
  SCHEMA_RULE_FIELDS,
  type AdaptedTool,
  type ModelDialect,
  type SchemaChange,
  type SchemaDialect,
  type SchemaRuleName,
  type SchemaRules,
} from './schema/schemaTypes';
export { DEFAULT_SCHEMA_DIALECTS, OPENAI_STRICT_DIALECT } from './schema/builtinDialects';
export { schemaReport, type SchemaReport, type ToolSchemaReport } from './schema/schemaReport';
