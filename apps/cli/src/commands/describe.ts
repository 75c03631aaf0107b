// `toolpacks describe <tool>`: everything the registry knows about one tool — its description and
// input schema, the variants that share its toolReferenceName (with their model selectors), the
// overrides that replace it for some models, its when clause, the toolsets it belongs to, its
// annotations — and what the request's model gets of it. A toolset's name describes the toolset.
import {
  describeSelectors,
  type ModelSelector,
  type ResolveRequest,
  type ToolDefinition,
  type ToolRegistry,
} from '@toolpacks/registry/host';
import type { CliOptions } from '../cliOptions';
import type { Io } from '../io';
import { runOneShot } from '../oneShot';
import { didYouMean } from '../suggest';
import { outputWidth } from '../table';

interface ToolRef {
  readonly name: string;
  readonly packId?: string;
  readonly models: readonly ModelSelector[];
  readonly modelsText: string;
  readonly when?: string;
}

export interface ToolDescription {
  readonly kind: 'tool';
  readonly name: string;
  readonly packId?: string;
  readonly displayName?: string;
  readonly toolReferenceName: string;
  readonly description: string;
  readonly userDescription?: string;
  readonly inputSchema: unknown;
  /** The schema of the tool's structured result, when it declares one. */
  readonly outputSchema?: unknown;
  readonly models: readonly ModelSelector[];
  readonly modelsText: string;
  readonly when?: string;
  readonly tags: readonly string[];
  readonly annotations: Readonly<Record<string, unknown>>;
  readonly enabledByDefault?: boolean;
  readonly canBeReferencedInPrompt?: boolean;
  /** This tool replaces that one for the models it matches. */
  readonly overridesTool?: string;
  /** Other tools with the same toolReferenceName: the model's best match among them is sent. */
  readonly variants: readonly ToolRef[];
  /** Tools that replace this one for the models they match. */
  readonly overriddenBy: readonly ToolRef[];
  /** Toolsets that hold its toolReferenceName; `direct` when the set lists it itself (not through a nested set). */
  readonly toolSets: readonly { readonly name: string; readonly packId?: string; readonly direct: boolean }[];
  /** What the request's model gets of it. */
  readonly forModel: {
    readonly model: ResolveRequest['model'];
    readonly sent: boolean;
    readonly reason: string;
    readonly detail?: string;
    readonly runs?: string;
    readonly group?: string;
  };
}

export interface ToolSetDescription {
  readonly kind: 'toolSet';
  readonly name: string;
  readonly packId?: string;
  readonly description: string;
  readonly tools: readonly string[];
  /** Every toolReferenceName inside, nested sets included. */
  readonly members: readonly string[];
}

export type Description = ToolDescription | ToolSetDescription;

export class UnknownToolError extends Error {}

const EMPTY_SCHEMA = { type: 'object', properties: {} };

function toolRef(definition: ToolDefinition, packId: string | undefined): ToolRef {
  return {
    name: definition.name,
    packId,
    models: definition.models ?? [],
    modelsText: describeSelectors(definition.models),
    ...(definition.when ? { when: definition.when } : {}),
  };
}

/** The tool `name` names (by name, or by toolReferenceName when one tool has it), else the toolset; else an error. */
function findTool(
  registry: ToolRegistry,
  name: string,
): ToolSetDescription | { kind: 'tool'; definition: ToolDefinition; packId?: string } {
  const tools = registry.tools;
  const found =
    tools.find((t) => t.definition.name === name) ??
    tools.find((t) => !t.definition.overridesTool && (t.definition.toolReferenceName ?? t.definition.name) === name);
  if (found) return { kind: 'tool', definition: found.definition, packId: found.packId };
  const set = registry.toolSets.find((s) => s.definition.name === name);
  if (set)
    return {
      kind: 'toolSet',
      name,
      packId: set.packId,
      description: set.definition.description,
      tools: set.definition.tools,
      members: registry.toolSetMembers(name),
    };
  const known = [...tools.map((t) => t.definition.name), ...registry.toolSets.map((s) => s.definition.name)];
  throw new UnknownToolError(
    `no tool or toolset is named '${name}'${didYouMean(name, known) || '.'} 'toolpacks list' names them all.`,
  );
}

/** What the request's model gets of a tool: sent or grouped (and why), replaced, or why not sent. */
function whatTheModelGets(
  registry: ToolRegistry,
  request: ResolveRequest,
  definition: ToolDefinition,
  base: ToolDefinition | undefined,
): ToolDescription['forModel'] {
  const resolved = registry.resolve(request);
  const baseName = base?.name ?? definition.name;
  const entry =
    resolved.entries.find((e) => e.implementationName === definition.name) ??
    resolved.entries.find((e) => e.name === definition.name);
  const notSent = resolved.notSent.find((n) => n.name === definition.name);
  const model = request.model;
  if (entry && entry.implementationName === definition.name)
    return {
      model,
      sent: entry.sent,
      reason: entry.reason,
      ...(base ? { runs: `in place of '${baseName}'` } : {}),
      ...(entry.group ? { group: entry.group } : {}),
    };
  if (entry)
    return {
      model,
      sent: false,
      reason: 'overridden',
      detail: `'${entry.implementationName}' runs in its place for this model`,
    };
  if (notSent) return { model, sent: false, reason: notSent.reason, detail: notSent.detail };
  return {
    model,
    sent: false,
    reason: base ? 'not-matched' : 'unknown',
    detail: base ? `does not replace '${baseName}' for this model` : undefined,
  };
}

/** What `describe` says of `name`: a tool (by name, or by toolReferenceName when one tool has it) or a toolset. */
export function describeTool(registry: ToolRegistry, request: ResolveRequest, name: string): Description {
  const tools = registry.tools;
  const found = findTool(registry, name);
  if (found.kind === 'toolSet') return found;
  const { definition, packId } = found;
  const base = definition.overridesTool
    ? tools.find((t) => t.definition.name === definition.overridesTool)?.definition
    : undefined;
  const referenceName = (base ?? definition).toolReferenceName ?? (base ?? definition).name;
  // An override is no variant of its base's: it replaces the base, listed under "Overrides".
  const variants = tools
    .filter(
      (t) =>
        !definition.overridesTool &&
        t.definition !== definition &&
        !t.definition.overridesTool &&
        (t.definition.toolReferenceName ?? t.definition.name) === referenceName,
    )
    .map((t) => toolRef(t.definition, t.packId));
  const overriddenBy = tools
    .filter((t) => t.definition.overridesTool === definition.name)
    .map((t) => toolRef(t.definition, t.packId));
  const toolSets = registry.toolSets
    .filter((s) => registry.toolSetMembers(s.definition.name).includes(referenceName))
    .map((s) => ({
      name: s.definition.name,
      packId: s.packId,
      direct: s.definition.tools.includes(referenceName) || (base ?? definition).toolSet === s.definition.name,
    }));

  const forModel = whatTheModelGets(registry, request, definition, base);

  return {
    kind: 'tool',
    name: definition.name,
    packId,
    displayName: definition.displayName,
    toolReferenceName: referenceName,
    description: definition.modelDescription,
    userDescription: definition.userDescription,
    inputSchema: definition.inputSchema ?? EMPTY_SCHEMA,
    ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
    models: definition.models ?? [],
    modelsText: describeSelectors(definition.models),
    when: definition.when,
    tags: definition.tags ?? [],
    annotations: { ...definition.annotations },
    enabledByDefault: definition.enabledByDefault,
    canBeReferencedInPrompt: definition.canBeReferencedInPrompt,
    overridesTool: definition.overridesTool,
    variants,
    overriddenBy,
    toolSets,
    forModel,
  };
}

/** The text `describe` prints. */
export function describeText(d: Description, width = outputWidth()): string {
  const indent = (text: string) =>
    text
      .split('\n')
      .map((l) => (l ? `  ${l}` : l))
      .join('\n');
  if (d.kind === 'toolSet') {
    return [
      `Toolset ${d.name}${d.packId ? ` (pack ${d.packId})` : ''}`,
      '',
      indent(wrap(d.description, width - 2)),
      '',
      `Lists: ${d.tools.join(', ') || '(nothing)'}`,
      `Tools inside (nested sets included): ${d.members.join(', ') || '(none)'}`,
    ].join('\n');
  }
  const out: string[] = [];
  out.push(`${d.name}${d.displayName ? ` — ${d.displayName}` : ''}${d.packId ? ` (pack ${d.packId})` : ''}`);
  out.push('');
  const field = (label: string, value: string | undefined) => value && out.push(`${`${label}:`.padEnd(17)} ${value}`);
  field(
    'Reference name',
    d.toolReferenceName === d.name ? d.name : `${d.toolReferenceName} (picker entry, # reference and toolset member)`,
  );
  field('Models', d.modelsText);
  if (d.overridesTool) field('Overrides', `${d.overridesTool}, for the models above`);
  field('When', d.when ?? 'always');
  field('Tags', d.tags.join(', '));
  const flags = Object.entries(d.annotations).map(([k, v]) => (v === true ? k : `${k}=${JSON.stringify(v)}`));
  field('Annotations', flags.join(', ') || 'none');
  if (d.enabledByDefault === false) field('Enabled', 'off until chosen (enabledByDefault: false)');
  field('Toolsets', d.toolSets.map((s) => (s.direct ? s.name : `${s.name} (nested)`)).join(', ') || 'none');
  const m = d.forModel.model;
  const verdict = d.forModel.sent
    ? `sent (${d.forModel.reason}${d.forModel.runs ? `, ${d.forModel.runs}` : ''})`
    : d.forModel.reason === 'group'
      ? `behind ${d.forModel.group} (sent once the group is activated)`
      : `not sent (${d.forModel.reason}${d.forModel.detail ? `: ${d.forModel.detail}` : ''})`;
  field(`For ${m.family}`, verdict);

  if (d.variants.length) {
    out.push(
      '',
      `Variants (tools that share the reference name '${d.toolReferenceName}'; each model gets the best match):`,
    );
    for (const v of d.variants)
      out.push(
        `  ${v.name}${v.packId ? ` (pack ${v.packId})` : ''}: ${v.modelsText}${v.when ? `, when ${v.when}` : ''}`,
      );
  }
  if (d.overriddenBy.length) {
    out.push('', `Overridden by (these run in its place for the models they match):`);
    for (const o of d.overriddenBy)
      out.push(
        `  ${o.name}${o.packId ? ` (pack ${o.packId})` : ''}: ${o.modelsText}${o.when ? `, when ${o.when}` : ''}`,
      );
  }
  out.push('', 'Description (what the model reads):', indent(wrap(d.description, width - 2)));
  if (d.userDescription) out.push('', 'For people:', indent(wrap(d.userDescription, width - 2)));
  out.push('', 'Input schema:', indent(JSON.stringify(d.inputSchema, null, 2)));
  if (d.outputSchema)
    out.push('', 'Output schema (its structured result):', indent(JSON.stringify(d.outputSchema, null, 2)));
  return out.join('\n');
}

/** Wraps prose at spaces to `width` columns; existing line breaks stay. */
export function wrap(text: string, width: number): string {
  if (!Number.isFinite(width) || width < 20) return text;
  return text
    .split('\n')
    .map((line) => {
      const lines: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current && current.length + 1 + word.length > width) {
          lines.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}

/** `toolpacks describe <tool>`: exit code 1 when the name is no tool or toolset. */
export function run(options: CliOptions, io: Io): Promise<number> {
  return runOneShot(options, io, ({ registry, request, extra }) => {
    try {
      const description = describeTool(registry, request, options.describe!.tool);
      io.out(
        options.json
          ? JSON.stringify(extra.length ? { ...description, diagnostics: extra } : description, null, 2)
          : describeText(description),
      );
      return 0;
    } catch (error) {
      if (!(error instanceof UnknownToolError)) throw error;
      io.err(`toolpacks: ${error.message}`);
      return 1;
    }
  });
}
