// The Marketplace flavour in a VS Code that grants an extension only the proposals it declares (the
// harness's code-server with upstream VS Code's rule back, tools/scripts/e2eToolchain.js): proposals
// are provably off for our extensions, the packs' general tools reach VS Code with registerTool, and
// the runtime's own loop (what @toolpacks runs) still gives each model its native variants.
import * as vscode from 'vscode';
import type { ToolPacksApi } from '@toolpacks/host-vscode';
import { invokeText } from './toolText';

type Check = (name: string, run: () => Promise<string>) => Promise<void>;
type Assert = (condition: unknown, message: string) => asserts condition;

const OURS = ['runtime', 'pack-editor', 'pack-search', 'pack-git', 'pack-debug'].map((n) => `toolpacks.toolpacks-${n}`);
/** General tools every pack contributes in the Marketplace flavour (the proposal flavour registers some per model). */
const GENERAL = {
  editor: ['read_file', 'create_file', 'replace_string_in_file', 'move_file', 'delete_file'],
  search: ['file_search', 'grep_search', 'list_dir'],
  git: ['git_status', 'git_diff', 'git_log', 'git_commit'],
  debug: ['start_debugging', 'set_breakpoint', 'list_breakpoints'],
};
/** Per-model variants: VS Code cannot be told which models they serve without a proposal. */
const VARIANTS = ['apply_patch', 'str_replace_based_edit_tool', 'write_file', 'replace'];

export async function marketplaceChecks(
  api: ToolPacksApi,
  check: Check,
  assert: Assert,
  loop: (family: string, scenario: string, call: { name: string; input: object }) => Promise<string[]>,
): Promise<void> {
  await check('proposals are off: a proposed API called from our extension is refused by VS Code', async () => {
    let refusal: string | undefined;
    try {
      const lm = vscode.lm as unknown as { registerToolDefinition: (d: object, t: object) => vscode.Disposable };
      lm.registerToolDefinition(
        { name: 'e2e_probe_proposal', displayName: 'probe', description: 'probe', inputSchema: { type: 'object' } },
        { invoke: () => new vscode.LanguageModelToolResult([]) },
      ).dispose();
    } catch (error) {
      refusal = (error as Error).message;
    }
    assert(
      refusal && /CANNOT use API proposal: languageModelToolSupportsModel/.test(refusal),
      `not refused: ${refusal}`,
    );
    return refusal.split('.')[0];
  });

  await check('the Marketplace flavour of each of our extensions declares no proposal and no toolset', async () => {
    const found = OURS.map((id) => {
      const manifest = vscode.extensions.getExtension(id)?.packageJSON as
        { enabledApiProposals?: string[]; contributes?: Record<string, unknown> } | undefined;
      return { id, manifest };
    });
    const wrong = found.filter(
      ({ manifest }) =>
        !manifest || manifest.enabledApiProposals?.length || 'languageModelToolSets' in (manifest.contributes ?? {}),
    );
    assert(wrong.length === 0, `not the Marketplace flavour: ${wrong.map((w) => w.id)}`);
    return `${OURS.length} extensions, none declares enabledApiProposals`;
  });

  await check('every pack loaded into the runtime without diagnostics', async () => {
    await until(() => api.registry.packs.length >= 4, 'four packs registered');
    const ids = api.registry.packs.map((p) => p.id).sort();
    assert(JSON.stringify(ids) === '["debug","editor","git","search"]', `packs: ${ids}`);
    assert(api.registry.diagnostics.length === 0, `diagnostics: ${JSON.stringify(api.registry.diagnostics)}`);
    return `packs ${ids.join(', ')}`;
  });

  await check(
    "each pack's general tools are in vscode.lm.tools with their tags, and no per-model variant",
    async () => {
      const names = Object.values(GENERAL).flat();
      await until(() => names.every((n) => vscode.lm.tools.some((t) => t.name === n)), 'the general tools');
      const untagged = Object.entries(GENERAL).flatMap(([pack, tools]) =>
        tools.filter((n) => !vscode.lm.tools.find((t) => t.name === n)?.tags.includes(`toolpacks:${pack}`)),
      );
      assert(untagged.length === 0, `untagged: ${untagged}`);
      const variants = VARIANTS.filter((n) => vscode.lm.tools.some((t) => t.name === n));
      assert(variants.length === 0, `per-model variants in vscode.lm.tools: ${variants}`);
      return `${names.length} general tools present; variants left to @toolpacks`;
    },
  );

  await check('vscode.lm.invokeTool runs read_file for real', async () => {
    const text = await invokeText('read_file', { filePath: 'README.md' });
    assert(text.includes('e2e workspace readme'), text);
    return text.split('\n')[0];
  });

  await check(
    "the runtime's loop gives a Claude model Anthropic's text editor tool, and it edits on disk",
    async () => {
      const offered = await loop('claude-sonnet-4', 'mp-claude', {
        name: 'str_replace_based_edit_tool',
        input: { command: 'str_replace', path: 'note.txt', old_str: 'status: draft', new_str: 'status: marketplace' },
      });
      assert(
        offered.includes('str_replace_based_edit_tool') && !offered.includes('apply_patch'),
        `offered: ${offered}`,
      );
      const text = (await vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspace(), 'note.txt'))).toString();
      assert(text.includes('status: marketplace'), text);
      return `offered ${offered.length} tools`;
    },
  );

  await check("the runtime's loop gives a GPT-4.1 model apply_patch, and no Claude tool", async () => {
    const offered = await loop('gpt-4.1', 'mp-gpt', { name: 'git_status', input: {} });
    assert(offered.includes('apply_patch') && !offered.includes('str_replace_based_edit_tool'), `offered: ${offered}`);
    return `offered ${offered.length} tools`;
  });
}

function workspace(): vscode.Uri {
  return vscode.workspace.workspaceFolders![0].uri;
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
