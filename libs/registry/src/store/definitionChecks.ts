// Structural checks of tool and toolset definitions. A structural fault refuses the whole pack;
// a malformed `when` clause only makes that one tool inert (see the registry).
import type { InputValidator } from '../schema/inputValidation';
import type { ModelSelector, ToolDefinition, ToolSetDefinition } from '../definitions';
import { ACTIVATE_PREFIX } from '../definitions';

/** What models accept as a function name, minus the prefixes VS Code and virtual tools reserve. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const RESERVED_PREFIX = /^(copilot_|vscode_)/;
const REFERENCE_NAME = /^[\w-]+$/;
const SELECTOR_FIELDS = new Set(['id', 'vendor', 'family', 'version']);

export interface DefinitionProblem {
  readonly code: string;
  readonly message: string;
}

export function referenceNameOf(definition: ToolDefinition): string {
  return definition.toolReferenceName ?? definition.replaces?.[0] ?? definition.name;
}

export function checkToolDefinition(definition: ToolDefinition, validator: InputValidator): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const add = (code: string, message: string) => problems.push({ code, message });
  if (!definition || typeof definition !== 'object')
    return [{ code: 'tool-definition-invalid', message: 'A tool definition must be an object.' }];
  const { name } = definition;
  if (typeof name !== 'string' || !TOOL_NAME.test(name))
    add('tool-name-invalid', `Tool name ${JSON.stringify(name)} must match ${TOOL_NAME.source} ({verb}_{noun}).`);
  else if (RESERVED_PREFIX.test(name))
    add('tool-name-invalid', `Tool name '${name}' uses a prefix reserved by VS Code (copilot_, vscode_).`);
  else if (name.startsWith(ACTIVATE_PREFIX))
    add(
      'tool-name-invalid',
      `Tool name '${name}' uses the prefix '${ACTIVATE_PREFIX}', reserved for virtual tool groups.`,
    );
  if (
    definition.toolReferenceName !== undefined &&
    (typeof definition.toolReferenceName !== 'string' || !REFERENCE_NAME.test(definition.toolReferenceName))
  )
    add(
      'tool-reference-name-invalid',
      `toolReferenceName ${JSON.stringify(definition.toolReferenceName)} of '${name}' must match ${REFERENCE_NAME.source}.`,
    );
  if (definition.canBeReferencedInPrompt && !definition.toolReferenceName)
    add('tool-reference-name-missing', `Tool '${name}' sets canBeReferencedInPrompt, which needs a toolReferenceName.`);
  if (typeof definition.modelDescription !== 'string' || definition.modelDescription.trim() === '')
    add(
      'tool-description-missing',
      `Tool '${name}' needs a modelDescription: what it does, what it returns, when to use it.`,
    );
  if (definition.inputSchema !== undefined) {
    const schemaError = validator.checkSchema(definition.inputSchema);
    if (schemaError) add('tool-schema-invalid', `Tool '${name}': ${schemaError}.`);
  }
  if (definition.outputSchema !== undefined) {
    const schemaError = validator.checkSchema(definition.outputSchema, 'outputSchema');
    if (schemaError) add('tool-schema-invalid', `Tool '${name}': ${schemaError}.`);
  }
  if (
    definition.tags !== undefined &&
    (!Array.isArray(definition.tags) || definition.tags.some((t) => typeof t !== 'string'))
  )
    add('tool-tags-invalid', `Tool '${name}': tags must be an array of strings.`);
  if (definition.when !== undefined && typeof definition.when !== 'string')
    add('tool-when-invalid', `Tool '${name}': when must be a string.`);
  if (definition.models !== undefined) {
    const selectorProblem = checkSelectors(definition.models);
    if (selectorProblem) add('tool-models-invalid', `Tool '${name}': ${selectorProblem}`);
  }
  if (definition.replaces !== undefined) {
    const problem = checkReplaces(definition);
    if (problem) add('tool-replaces-invalid', `Tool '${name}': ${problem}`);
  }
  if (definition.overridesTool !== undefined) {
    if (typeof definition.overridesTool !== 'string' || definition.overridesTool === '')
      add('tool-override-invalid', `Tool '${name}': overridesTool must be a tool name.`);
    else if (definition.overridesTool === name) add('tool-override-invalid', `Tool '${name}' cannot override itself.`);
  }
  return problems;
}

/** A tool that does several jobs: a non-empty list of distinct reference names, for some models only. */
function checkReplaces(definition: ToolDefinition): string | undefined {
  const jobs = definition.replaces as unknown;
  if (!Array.isArray(jobs) || jobs.length === 0 || jobs.some((j) => typeof j !== 'string' || !REFERENCE_NAME.test(j)))
    return `replaces must be a non-empty array of toolReferenceNames (matching ${REFERENCE_NAME.source}).`;
  if (new Set(jobs).size !== jobs.length) return 'replaces names a job twice.';
  if (!definition.models?.length)
    return 'replaces needs models: a tool that takes the place of several general tools does so for some models.';
  if (definition.overridesTool !== undefined) return 'a tool cannot both override a tool and replace jobs.';
  if (definition.toolReferenceName !== undefined && !jobs.includes(definition.toolReferenceName))
    return `its toolReferenceName '${definition.toolReferenceName}' must be one of the jobs it replaces.`;
  return undefined;
}

function checkSelectors(models: unknown): string | undefined {
  if (!Array.isArray(models)) return 'models must be an array of selectors like { family: "gpt-4.1" }.';
  for (const selector of models as ModelSelector[]) {
    if (!selector || typeof selector !== 'object') return 'each model selector must be an object.';
    for (const [field, value] of Object.entries(selector)) {
      if (!SELECTOR_FIELDS.has(field))
        return `unknown model selector field '${field}' (use id, vendor, family, version).`;
      if (typeof value !== 'string' || value === '')
        return `model selector field '${field}' must be a non-empty string.`;
    }
  }
  return undefined;
}

export function checkToolSetDefinition(set: ToolSetDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (!set || typeof set !== 'object')
    return [{ code: 'toolset-invalid', message: 'A toolset definition must be an object.' }];
  if (typeof set.name !== 'string' || !REFERENCE_NAME.test(set.name))
    problems.push({
      code: 'toolset-name-invalid',
      message: `Toolset name ${JSON.stringify(set.name)} must match ${REFERENCE_NAME.source}.`,
    });
  if (typeof set.description !== 'string')
    problems.push({ code: 'toolset-invalid', message: `Toolset '${set.name}' needs a description.` });
  if (!Array.isArray(set.tools) || set.tools.some((t) => typeof t !== 'string'))
    problems.push({
      code: 'toolset-invalid',
      message: `Toolset '${set.name}': tools must be an array of toolReferenceNames or toolset names.`,
    });
  return problems;
}
