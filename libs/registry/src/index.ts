// @toolpacks/registry: what a pack author writes with — definitions, packs, results and the text
// helpers for confirmations. Hosts (VS Code, CLI, MCP, tests) import '@toolpacks/registry/host',
// which adds the registry itself, resolution and invocation.
import 'reflect-metadata';

export * from './definitions';
export { definePack } from './definePack';
export { codeBlock, inertLine, inertText } from './inertText';
export {
  LanguageModelDataPart,
  LanguageModelPromptTsxPart,
  LanguageModelTextPart,
  LanguageModelToolResult,
  defaultTokenization,
  estimateTokens,
  renderPromptResult,
  structuredResult,
  textChunkResult,
  textResult,
  withStructuredContent,
} from './toolResult';
export * from './fit';
export {
  defineTool,
  defineToolSet,
  type DefinedTool,
  type InputOf,
  type InputOfSchema,
  type NoInput,
  type OutputOf,
  type OutputOfSchema,
  type ToolImplementation,
  type ToolSetInput,
  type ToolSetMember,
  type ToolValue,
} from './defineTool';
