// The request a run resolves with: the model, tool and toolset choices (and where each came from),
// context keys, references and virtual tools; flags win over the config file, field by field.
import type { ModelInfo, ResolveRequest, ToolSelection } from '@toolpacks/registry/host';
import type { Flags, ParseInput } from './cliFlags';
import type { LoadedConfig } from './config';
import { DEFAULT_MODEL } from './defaults';
import { UsageError } from './errors';
import { parseChoices, parseContextEntry, positiveInteger, splitList, unique, virtualToolMode } from './flagValues';
import type { ChoiceSources } from './suggest';

/** The request: model, tool and toolset choices (and where each came from), context keys, references, virtual tools. */
export function readRequest({ values, config, file }: ParseInput): {
  request: ResolveRequest;
  choiceSources: ChoiceSources;
  modelChosenBy?: string;
} {
  const model = readModel(values, file);
  const modelChosenBy =
    values.model !== undefined && values.family !== undefined
      ? '--model and --family'
      : values.model !== undefined
        ? '--model'
        : values.family !== undefined
          ? '--family'
          : file.model?.id !== undefined || file.model?.family !== undefined
            ? `the "model" of ${config?.path ?? 'the config file'}`
            : undefined;
  const toolChoices = parseChoices('--tools', values.tools);
  const setChoices = parseChoices('--toolsets', values.toolsets);
  const selection: ToolSelection = {
    tools: { ...file.selection?.tools, ...toolChoices },
    toolSets: { ...file.selection?.toolSets, ...setChoices },
  };
  const sourceOf = (
    flag: string,
    field: string,
    choices: Record<string, boolean>,
    fromFile: Readonly<Record<string, boolean>> | undefined,
  ) =>
    Object.fromEntries([
      ...Object.keys(fromFile ?? {}).map((name) => [name, `${config?.path} ${field}`]),
      ...Object.keys(choices).map((name) => [name, flag]),
    ]);
  const choiceSources: ChoiceSources = {
    tools: sourceOf('--tools', 'selection.tools', toolChoices, file.selection?.tools),
    toolSets: sourceOf('--toolsets', 'selection.toolSets', setChoices, file.selection?.toolSets),
  };
  const context = { ...file.context, ...Object.fromEntries((values.context ?? []).map(parseContextEntry)) };
  const threshold = values.threshold !== undefined ? positiveInteger('--threshold', values.threshold) : file.threshold;
  const mode = values['virtual-tools'] !== undefined ? virtualToolMode(values['virtual-tools']) : file.virtualTools;
  const virtualTools = { ...(threshold !== undefined ? { threshold } : {}), ...(mode !== undefined ? { mode } : {}) };
  return {
    request: {
      model,
      selection,
      context,
      referencedTools: values.reference ?? [],
      ...(threshold !== undefined || mode !== undefined ? { virtualTools } : {}),
    },
    choiceSources,
    ...(modelChosenBy !== undefined ? { modelChosenBy } : {}),
  };
}

/** `resolve --compare a,b,c`: the families to compare (two at least, each once). */
export function readCompare({ values, command }: ParseInput): readonly string[] | undefined {
  if (values.compare === undefined) return undefined;
  if (command !== 'resolve') throw new UsageError("--compare is an option of 'toolpacks resolve'.");
  const families = unique(splitList(values.compare));
  if (families.length < 2)
    throw new UsageError(
      `--compare needs two model families or more, comma-separated, e.g. --compare ` +
        `claude-sonnet-4.5,gpt-5,gemini-2.5-pro.`,
    );
  if (values.model !== undefined || values.family !== undefined)
    throw new UsageError('--compare names the families itself; leave out --model and --family.');
  return families;
}

/**
 * The model: `--model`/`--family` name a model of their own (the file's id, family and version are
 * then ignored, never mixed in); `--vendor`, `--model-version` and `--max-tools` override one field each.
 */
function readModel(values: Flags, file: NonNullable<LoadedConfig['config']>): ModelInfo {
  const fromFile = file.model ?? {};
  const named = values.model !== undefined || values.family !== undefined;
  const idFlag = named ? values.model : fromFile.id;
  const familyFlag = named ? values.family : fromFile.family;
  const versionFromFile = named ? undefined : fromFile.version;
  const id = idFlag ?? familyFlag ?? DEFAULT_MODEL.id;
  const maxTools =
    values['max-tools'] !== undefined
      ? positiveInteger('--max-tools', values['max-tools'])
      : (file.maxTools ?? fromFile.maxTools);
  return {
    id,
    family: familyFlag ?? idFlag ?? DEFAULT_MODEL.family,
    vendor: values.vendor ?? fromFile.vendor ?? DEFAULT_MODEL.vendor,
    version: values['model-version'] ?? versionFromFile ?? (idFlag || familyFlag ? id : DEFAULT_MODEL.version),
    ...(maxTools !== undefined ? { maxTools } : {}),
  };
}
