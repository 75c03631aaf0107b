// A tool is one value: its definition and the implementation that runs it, with the implementation's
// input type derived from the definition's JSON Schema at compile time (json-schema-to-ts), so the
// schema the model sees and the properties the handler reads cannot drift apart. Types only: at
// runtime defineTool returns the PackTool that definePack has always taken, and defineToolSet the
// ToolSetDefinition with reference names, so the registry itself does not change.
import type { Newable } from 'inversify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { CancellationToken } from '@toolpacks/base';
import type {
  PackTool,
  PreparedToolInvocation,
  ProviderResult,
  ToolDefinition,
  ToolInvocationOptions,
  ToolInvocationPrepareOptions,
  ToolResultLike,
  ToolSetDefinition,
} from './definitions';

/**
 * How the schema is read: a property with a `default` stays optional (the registry validates input
 * but does not fill in defaults, so a handler still sees it absent).
 */
type SchemaOptions = {
  parseNotKeyword: false;
  parseIfThenElseKeywords: false;
  keepDefaultedPropertiesOptional: true;
  references: false;
  deserialize: false;
};

/**
 * The declared properties only, read-only. A schema without `additionalProperties: false` lets a
 * model send more, but a handler may read only what the schema declares: the index signature that
 * json-schema-to-ts adds for the undeclared rest is dropped, so `input.nope` does not compile.
 */
type Declared<T> = { readonly [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** The input of a tool without an input schema: no properties to read. */
export type NoInput = { readonly [K in never]: never };

/** The handler's input type for an input schema written `as const` (or inferred by defineTool). */
export type InputOfSchema<S> = [S] extends [undefined]
  ? NoInput
  : S extends JSONSchema
    ? Declared<FromSchema<S, SchemaOptions>>
    : never;

/** The input type of a tool: of its defineTool value, or of a definition written `as const` / `satisfies ToolDefinition`. */
export type InputOf<T> = T extends ToolValue<infer D> ? InputOfDefinition<D> : InputOfDefinition<T>;

/** Anything that carries a tool definition (a defineTool value). */
export interface ToolValue<D = ToolDefinition> {
  /** The tool's definition. */
  readonly definition: D;
}

type InputOfDefinition<D> = D extends { readonly inputSchema: infer S } ? InputOfSchema<S> : NoInput;

/** The structured-result type of an output schema written `as const` (or inferred by defineTool). */
export type OutputOfSchema<S> = [S] extends [undefined]
  ? undefined
  : S extends JSONSchema
    ? DeepReadonly<FromSchema<S, SchemaOptions>>
    : never;

/** Read-only all the way down: a tool may return readonly arrays and objects as its structured result. */
type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The structured-result type of a tool: of its defineTool value or its definition (undefined without `outputSchema`). */
export type OutputOf<T> = T extends ToolValue<infer D> ? OutputOfDefinition<D> : OutputOfDefinition<T>;

type OutputOfDefinition<D> = D extends { readonly outputSchema: infer S } ? OutputOfSchema<S> : undefined;

/**
 * What a handler must return for output type `O`: with an output schema, always a result whose
 * `structuredContent` has its type (never undefined or null: a client was promised data).
 */
type InvokeResult<O> = [O] extends [undefined]
  ? ProviderResult<ToolResultLike>
  : (ToolResultLike & { readonly structuredContent: O }) | Thenable<ToolResultLike & { readonly structuredContent: O }>;

/**
 * The implementation defineTool accepts for input `T`: a Tool whose handlers take exactly `T` or
 * less. Function-typed properties (not methods) make the parameter check strict: a handler that
 * needs a property the schema does not declare, or gives a declared one another type, is refused
 * (a `Tool<T>` method would be compared bivariantly and let it through).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tool's receipt type is its own: prepareInvocation's R is invoke's R
export interface ToolImplementation<T, O = undefined, R = any> {
  /**
   * Runs the tool (as `vscode.LanguageModelTool.invoke`). With an `outputSchema`, its result carries
   * `structuredContent` of the schema's type (`structuredResult(value, text)`).
   */
  invoke: (options: ToolInvocationOptions<T, R>, token: CancellationToken) => InvokeResult<O>;
  /** What to show, and whether to ask, before the tool runs (as `vscode.LanguageModelTool.prepareInvocation`). */
  prepareInvocation?: (
    options: ToolInvocationPrepareOptions<T>,
    token: CancellationToken,
  ) => ProviderResult<PreparedToolInvocation<R>>;
}

/** Properties a handler's declared input type has beyond `T` (never when it declares none, or takes no input). */
type Undeclared<H, T> = unknown extends H ? never : Exclude<keyof H, keyof T>;

type InstanceOf<I> = I extends Newable<infer Instance> ? Instance : I;
type InvokeInput<I> =
  InstanceOf<I> extends { invoke(options: ToolInvocationOptions<infer H>, ...rest: never[]): unknown } ? H : unknown;
type PrepareInput<I> =
  InstanceOf<I> extends {
    prepareInvocation?(options: ToolInvocationPrepareOptions<infer H>, ...rest: never[]): unknown;
  }
    ? H
    : unknown;

/**
 * Refuses an implementation whose handler input type declares a property the schema does not, even
 * an optional one (which the strict parameter check alone would let through): its name shows in the
 * error as a missing property.
 */
type OnlyDeclared<I, T> = [Undeclared<InvokeInput<I>, T> | Undeclared<PrepareInput<I>, T>] extends [never]
  ? unknown
  : {
      readonly 'the handler reads input properties its schema does not declare':
        Undeclared<InvokeInput<I>, T> | Undeclared<PrepareInput<I>, T>;
    };

/** What defineTool returns: a PackTool (definePack takes it) that keeps its definition's literal type. */
export interface DefinedTool<D extends ToolDefinition = ToolDefinition> extends PackTool {
  /** The definition as written, its literal types kept. */
  readonly definition: D;
  /** The class the pack's container builds, or a ready tool object; it takes the schema's input. */
  readonly implementation:
    Newable<ToolImplementation<InputOf<D>, OutputOf<D>>> | ToolImplementation<InputOf<D>, OutputOf<D>>;
}

/**
 * One tool as one value: `defineTool({ definition: { name, modelDescription, inputSchema, … }, implementation: MyTool })`.
 * The definition is read as a constant (no `as const` needed when it is written inline), its input
 * schema gives the input type (`InputOf<typeof definition>` for the class's handlers), and the
 * implementation must take exactly that input: a handler that reads a property the schema does not
 * declare does not compile. Returns a PackTool for `definePack({ tools })` and `defineToolSet({ tools })`.
 */
export function defineTool<
  const D extends ToolDefinition,
  I extends Newable<ToolImplementation<InputOf<D>, OutputOf<D>>> | ToolImplementation<InputOf<D>, OutputOf<D>>,
>(tool: { readonly definition: D; readonly implementation: I & OnlyDeclared<I, InputOf<D>> }): DefinedTool<D> {
  return Object.freeze({ definition: tool.definition, implementation: tool.implementation });
}

/**
 * A member of a toolset: a tool value (its toolReferenceName), another toolset's value (its name), or
 * — for a member another pack declares — its reference name. An override has no picker entry of its
 * own (it runs in place of its base), so it cannot be a member.
 */
export type ToolSetMember =
  | string
  | ToolValue<
      ToolDefinition & {
        /** Absent: an override is never in the picker, so never a toolset member (it is reached through the tool it replaces). */
        readonly overridesTool?: undefined;
      }
    >
  | ToolSetDefinition;

/** What defineToolSet takes: a toolset whose members are values. */
export interface ToolSetInput {
  /** Picker identity and `#` reference of the set. */
  readonly name: string;
  /** Shown in the picker. */
  readonly description: string;
  /** A codicon name (`git-branch`). */
  readonly icon?: string;
  /** Tools (defineTool values; an override cannot be a member), other toolsets, or reference names of another pack's tools. */
  readonly tools: readonly ToolSetMember[];
}

/**
 * A toolset built from values: `defineToolSet({ name, description, icon, tools: [gitStatus, gitDiff] })`.
 * Returns the ToolSetDefinition the registry reads, members as reference names in the order given
 * (a name that two members share — variants of one tool — is listed once).
 */
export function defineToolSet(set: ToolSetInput): ToolSetDefinition {
  const tools = [...new Set(set.tools.map(memberName))];
  return Object.freeze({
    name: set.name,
    description: set.description,
    ...(set.icon !== undefined ? { icon: set.icon } : {}),
    tools: Object.freeze(tools),
  });
}

function memberName(member: ToolSetMember): string {
  if (typeof member === 'string') return member;
  if ('definition' in member) return member.definition.toolReferenceName ?? member.definition.name;
  return member.name;
}
