// Cold resolve with the vendors' native tools registered (issue #21): the four built-in packs as
// they ship, beside the same packs without their Claude and Gemini variants (today's registry
// before them), each with the same 10,000 generated tools, resolved for Claude, Gemini, GPT-5 and
// another family in turn after every registry change. Both registries run in one process, pair by pair.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeHost } from '@toolpacks/host-node';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { definePack, type ModelInfo, type ToolPack, type ToolRegistry } from '@toolpacks/registry/host';
import { generateInstallation, NOOP_TOOL } from './generate';
import { median, nowMs } from './measure';
import type { ScenarioResult } from './scenarios';

const FAMILIES: readonly ModelInfo[] = [
  { id: 'claude-sonnet-4.5', vendor: 'copilot', family: 'claude-sonnet-4.5', version: '1' },
  { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' },
  { id: 'gpt-5', vendor: 'copilot', family: 'gpt-5', version: '1' },
  { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' },
];

/** A Claude or Gemini variant: a tool that does several jobs, or one whose selectors name those families. */
function isNativeVariant(definition: { replaces?: readonly string[]; models?: readonly { family?: string }[] }) {
  return (
    definition.replaces !== undefined || (definition.models ?? []).some((m) => /^(claude|gemini)/.test(m.family ?? ''))
  );
}

/** The pack as it was before native variants. Its toolsets stay: they name jobs, which the general tools still do. */
function withoutNativeVariants(pack: ToolPack): ToolPack {
  return definePack({ ...pack, tools: pack.tools.filter((tool) => !isNativeVariant(tool.definition)) });
}

export async function coldResolveWithNativeVariants(quick: boolean): Promise<ScenarioResult> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-bench-native-'));
  const host = await createNodeHost(root);
  try {
    const builtIn = [editorPack, searchPack, gitPack, debugPack];
    const generated = generateInstallation({ tools: quick ? 200 : 10_000, packs: quick ? 4 : 100 }).packs;
    const setUp = async (packs: readonly ToolPack[]) => {
      const { registry, loaded } = await host.createRegistry([...packs, ...generated]);
      const refused = loaded.filter((p) => !p.loaded);
      if (refused.length) throw new Error(refused.flatMap((p) => p.diagnostics.map((d) => d.message)).join('\n'));
      return registry;
    };
    const withNative = await setUp(builtIn);
    const before = await setUp(builtIn.map(withoutNativeVariants));
    // Enabled for the model (sent, or in a group: 10,000 tools are over the threshold).
    const sent = (registry: ToolRegistry, model: ModelInfo) =>
      registry.resolve({ model, context: host.contextKeys.values }).entries.map((e) => e.name);
    // The scenario measures what it claims: Claude gets its editor only with the native variants.
    if (!sent(withNative, FAMILIES[0]).includes('str_replace_based_edit_tool'))
      throw new Error('the native variants are not registered: Claude is not sent str_replace_based_edit_tool');
    if (sent(before, FAMILIES[0]).includes('str_replace_based_edit_tool'))
      throw new Error('the baseline still has the native variants');
    const timeCold = (registry: ToolRegistry, model: ModelInfo) => {
      registry.registerTool({ name: 'bench_change', modelDescription: 'Changes the registry.' }, NOOP_TOOL).dispose();
      const start = nowMs();
      registry.resolve({ model, context: host.contextKeys.values });
      return nowMs() - start;
    };
    const ours: number[] = [];
    const baseline: number[] = [];
    const rounds = quick ? 4 : 61;
    for (let i = 0; i < rounds; i++) {
      const model = FAMILIES[i % FAMILIES.length];
      // Alternate which goes first, per family too, so neither always meets a warmer heap.
      if (Math.floor(i / FAMILIES.length) % 2 === 0) {
        ours.push(timeCold(withNative, model));
        baseline.push(timeCold(before, model));
      } else {
        baseline.push(timeCold(before, model));
        ours.push(timeCold(withNative, model));
      }
    }
    await withNative.dispose();
    await before.dispose();
    const o = median(ours);
    const b = median(baseline);
    return {
      name: `resolve after a registry change (cold) with the native variants, N=${quick ? 200 : 10_000}`,
      unit: 'ms/request',
      ours: o,
      baseline: b,
      ratio: o / b,
      ratioLabel: 'with ÷ without',
      goal: '≤ 1.10',
      met: o / b <= 1.1,
      notes: `four families in turn (${FAMILIES.map((m) => m.family).join(', ')}), ${rounds} rounds`,
    };
  } finally {
    host.dispose();
    await fs.rm(root, { recursive: true, force: true });
  }
}
