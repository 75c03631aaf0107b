// Compile-time spec of defineTool, checked by this project's typecheck (`tsc -p libs/registry`):
// every `@ts-expect-error` must meet an error, so a check that stops failing fails the typecheck.
// Nothing here runs.
import type { ToolDefinition, ToolInvocationOptions, ToolInvocationPrepareOptions } from './definitions';
import { defineTool, defineToolSet, type InputOf, type OutputOf } from './defineTool';
import { structuredResult, textResult } from './toolResult';

/** `true` only when A and B are the same type. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equals<A, B>): Equals<A, B> => proof;

const PATH = { type: 'string', description: 'A path.' } as const;

const definition = {
  name: 'sample_tool',
  modelDescription: 'A sample.',
  inputSchema: {
    type: 'object',
    properties: {
      path: PATH,
      count: { type: 'integer', minimum: 1 },
      kind: { type: 'string', enum: ['over', 'into', 'out'] },
      args: { type: 'array', items: { type: 'string' } },
      deep: { type: 'boolean', default: false },
    },
    required: ['path'],
    additionalProperties: false,
  },
  tags: ['sample'],
  models: [{ family: 'gpt-5*' }],
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

// Required properties are required, the others optional (a `default` does not make one required:
// the registry does not fill defaults in); enums become unions; arrays of items become arrays.
same<
  Input,
  {
    readonly path: string;
    readonly count?: number;
    readonly kind?: 'over' | 'into' | 'out';
    readonly args?: string[];
    readonly deep?: boolean;
  }
>(true);
// @ts-expect-error a required property cannot be left out
export const missingPath: Input = { count: 1 };
// @ts-expect-error an enum takes only its values
export const badKind: Input = { path: 'a', kind: 'sideways' };

class SampleTool {
  invoke({ input }: ToolInvocationOptions<Input>) {
    return { content: [input.path, String(input.count ?? 0), input.kind ?? 'over', ...(input.args ?? [])] };
  }
}
export const sample = defineTool({ definition, implementation: SampleTool });
// The value keeps its definition's literal type, and its input type is the schema's.
same<typeof sample.definition.name, 'sample_tool'>(true);
same<InputOf<typeof sample>, Input>(true);

class ReadsUndeclared {
  invoke({ input }: ToolInvocationOptions<Input>) {
    // @ts-expect-error a handler cannot read a property its schema does not declare
    return { content: [input.nope] };
  }
}
export const readsUndeclared = defineTool({ definition, implementation: ReadsUndeclared });

// A handler that declares its own input type cannot declare more than the schema: not a required property…
class NeedsMore {
  invoke({ input }: ToolInvocationOptions<{ path: string; nope: string }>) {
    return { content: [input.nope] };
  }
}
// @ts-expect-error nope is not in the schema
export const needsMore = defineTool({ definition, implementation: NeedsMore });

// …nor an optional one (which a Tool<T> method's bivariant check would let through)…
class ReadsOptionalExtra {
  prepareInvocation({ input }: ToolInvocationPrepareOptions<{ path: string; nope?: string }>) {
    return { invocationMessage: input.nope };
  }
  invoke() {
    return { content: [] };
  }
}
// @ts-expect-error nope is not in the schema, even as an optional property
export const readsOptionalExtra = defineTool({ definition, implementation: ReadsOptionalExtra });

// …nor give a declared property another type.
class WrongType {
  invoke({ input }: ToolInvocationOptions<{ path: number }>) {
    return { content: [input.path] };
  }
}
// @ts-expect-error path is a string
export const wrongType = defineTool({ definition, implementation: WrongType });

// An inline definition is read as a constant without `as const`; a schema without
// `additionalProperties: false` still gives only its declared properties to read.
export const inline = defineTool({
  definition: {
    name: 'inline_tool',
    modelDescription: 'Inline.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  implementation: {
    invoke: ({ input }) => {
      // @ts-expect-error only declared properties can be read, even when the model may send more
      const nope: unknown = input.nope;
      return { content: [input.text, nope] };
    },
  },
});
same<InputOf<typeof inline>, { readonly text: string }>(true);

// A tool without input: a handler without parameters, or one that ignores them.
export const noInput = defineTool({
  definition: {
    name: 'no_input',
    modelDescription: 'None.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  implementation: { invoke: () => ({ content: [] }) },
});
export const noSchema = defineTool({
  definition: { name: 'no_schema', modelDescription: 'None.' },
  implementation: { invoke: (_options: unknown) => ({ content: [] }) },
});

// Toolsets take tool values, other toolsets' values and reference names of other packs' tools; not an override.
const override = defineTool({
  definition: {
    name: 'gemini_sample',
    overridesTool: 'sample_tool',
    models: [{ family: 'gemini*' }],
    modelDescription: 'Gemini.',
  },
  implementation: { invoke: () => ({ content: [] }) },
});
const inner = defineToolSet({ name: 'inner', description: 'Inner.', tools: [inline] });
export const outer = defineToolSet({ name: 'outer', description: 'Outer.', tools: [sample, inner, 'other_pack_tool'] });
// @ts-expect-error an override has no picker entry of its own
export const withOverride = defineToolSet({ name: 'bad', description: 'Bad.', tools: [override] });

// ---- Structured results: an output schema types what invoke returns ----

const withOutput = {
  name: 'counted_tool',
  modelDescription: 'Counts.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: { count: { type: 'integer' }, names: { type: 'array', items: { type: 'string' } } },
    required: ['count', 'names'],
    additionalProperties: false,
  },
} as const satisfies ToolDefinition;

same<OutputOf<typeof withOutput>, { readonly count: number; readonly names: readonly string[] }>(true);
same<OutputOf<typeof definition>, undefined>(true);

export const countsRight = defineTool({
  definition: withOutput,
  implementation: { invoke: () => structuredResult({ count: 1, names: ['a'] }, 'one: a') },
});

export const countsWithoutData = defineTool({
  definition: withOutput,
  // @ts-expect-error a tool with an output schema must return its structured content
  implementation: { invoke: () => textResult('one: a') },
});

export const countsWrongly = defineTool({
  definition: withOutput,
  // @ts-expect-error the structured content must have the schema's type
  implementation: { invoke: () => structuredResult({ count: 'one', names: ['a'] }, 'one: a') },
});

export const plainTool = defineTool({
  definition,
  implementation: { invoke: () => textResult('no output schema: text only') },
});

export const countsNothing = defineTool({
  definition: withOutput,
  // @ts-expect-error a tool with an output schema never answers undefined: a client was promised data
  implementation: { invoke: () => undefined },
});

export const countsSometimes = defineTool({
  definition: withOutput,
  implementation: {
    // @ts-expect-error not even on one path
    invoke: async ({ input }: { input: object }) => {
      if (Object.keys(input).length > 0) return;
      return structuredResult({ count: 1, names: ['a'] }, 'one: a');
    },
  },
});
