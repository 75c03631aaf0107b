import 'reflect-metadata';

export * from './types';
export { createToolRegistry, RegistryContainer, ToolRegistryService } from './toolRegistry';
export { definePack } from './definePack';
export { describeGroup, describeReason, describeSearch, type SearchLine } from './resolutionText';
export { ApprovalStore, InMemoryApprovalStore } from './approvals';
export { quoteBounded, listBounded, safeString, MAX_QUOTED_CHARS, MAX_LISTED_ITEMS } from './boundedText';
export { codeBlock, inertConfirmation, inertLine, inertText, showsStandIns, STAND_IN_NOTE } from './inertText';
export { CancellationTokenSource, DisposableStore, Emitter, setUnexpectedErrorHandler, toDisposable } from '@toolpacks/base';
export { modelMatches, matchSpecificity, selectorMatches, selectorSpecificity, describeSelectors } from './modelSelector';
export { parseWhenClause, WhenClauseError, type WhenClause } from './whenClause';
export { checkToolDefinition, checkToolSetDefinition, referenceNameOf } from './toolDefinition';
export { adaptTool, dialectFor, SCHEMA_RULE_FIELDS, type AdaptedTool, type ModelDialect, type SchemaChange, type SchemaDialect, type SchemaRuleName, type SchemaRules } from './schemaDialect';
export { DEFAULT_SCHEMA_DIALECTS, OPENAI_STRICT_DIALECT } from './schemaDialects';
export { schemaReport, type SchemaReport, type ToolSchemaReport } from './schemaLint';
export { DefaultVirtualToolSession, ACTIVATE_PREFIX, SEARCH_TOOLS_NAME } from './virtualTools';
export {
  LanguageModelDataPart,
  LanguageModelPromptTsxPart,
  LanguageModelTextPart,
  LanguageModelToolResult,
  contentToText,
  defaultTokenization,
  estimateTokens,
  renderPromptResult,
  textResult,
  toCallContent,
} from './toolResult';
