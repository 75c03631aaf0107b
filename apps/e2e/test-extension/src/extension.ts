// Runs inside real VS Code (code-server). Registers a scripted chat model under three families,
// waits for the runtime and the pack extensions, runs each scenario through the public APIs
// (vscode.lm and the runtime's exported API), and writes what it observed for the harness.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolPacksApi } from '@toolpacks/host-vscode';
import { bridgeChecks } from './bridgeChecks';
import { marketplaceChecks } from './marketplaceChecks';
import { sharedModulesChecks } from './sharedModulesChecks';
import { workChecks } from './workChecks';
import { invokeText } from './toolText';

interface Observation {
  name: string;
  passed: boolean;
  detail: string;
}

interface Script {
  /** The tool call the model makes first; then it answers with the tool's result. */
  call?: { name: string; input: object };
}

const VENDOR = 'toolpacks-e2e';
const MODELS = [
  { id: 'e2e-gpt-4.1', name: 'E2E GPT-4.1', family: 'gpt-4.1' },
  { id: 'e2e-claude', name: 'E2E Claude', family: 'claude-sonnet-4' },
  { id: 'e2e-gemini', name: 'E2E Gemini', family: 'gemini-2.5-pro' },
].map((m) => ({
  ...m,
  version: '1',
  maxInputTokens: 100_000,
  maxOutputTokens: 4_000,
  capabilities: { toolCalling: 128 },
}));

/** What the model was offered in each request: [scenario, tool names, descriptions]. */
const offered: { scenario: string; tools: { name: string; description: string }[] }[] = [];
/** Where each offer is also written: `<resultsFile>.offered.jsonl`. */
let offeredFile: string | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const resultsFile = vscode.workspace.getConfiguration('toolpacksE2E').get<string>('resultsFile');
  if (!resultsFile) return;
  offeredFile = `${resultsFile}.offered.jsonl`;
  context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider(VENDOR, scriptedModel()));
  const previous = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {};
  // The harness's Marketplace run (no proposals) says so in the settings; else phase 1, then 2.
  const marketplace = vscode.workspace.getConfiguration('toolpacksE2E').get<string>('flavour') === 'marketplace';
  const phase = marketplace ? 'marketplace' : previous.phase1?.done ? 'phase2' : 'phase1';
  const observations: Observation[] = [];
  const check = async (name: string, run: () => Promise<string>) => {
    try {
      observations.push({ name, passed: true, detail: await run() });
    } catch (error) {
      observations.push({ name, passed: false, detail: (error as Error).stack ?? String(error) });
    }
  };
  try {
    const api = await runtimeApi();
    if (phase === 'phase1') await phaseOne(api, check);
    else if (phase === 'phase2') await phaseTwo(api, check);
    else
      await marketplaceChecks(api, check, assert, async (family, scenario, call) => {
        const result = await loop(family, scenario, { call }, api);
        assert(result.toolCalls[0]?.status === 'ok', JSON.stringify(result.toolCalls));
        return offeredIn(scenario);
      });
  } catch (error) {
    observations.push({ name: `${phase} setup`, passed: false, detail: (error as Error).stack ?? String(error) });
  }
  fs.writeFileSync(resultsFile, JSON.stringify({ ...previous, [phase]: { done: true, observations } }, null, 2));
}

type Check = (name: string, run: () => Promise<string>) => Promise<void>;

async function phaseOne(api: ToolPacksApi, check: Check): Promise<void> {
  const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  // read_file, create_file and the variants are registered per model (the E2E models are offered).
  const packs = {
    editor: ['read_file', 'create_file', 'move_file', 'apply_patch', 'str_replace_based_edit_tool', 'write_file'],
    search: ['file_search', 'grep_search', 'list_dir'],
    git: ['git_status', 'git_diff', 'git_log', 'git_show', 'git_blame', 'git_commit'],
    debug: ['start_debugging', 'set_breakpoint', 'remove_breakpoint', 'list_breakpoints'],
  };

  await check('every pack loaded into the runtime without diagnostics', async () => {
    await until(() => api.registry.packs.length >= 4, 'four packs registered');
    const ids = api.registry.packs.map((p) => p.id).sort();
    assert(JSON.stringify(ids) === JSON.stringify(['debug', 'editor', 'git', 'search']), `packs: ${ids}`);
    assert(api.registry.diagnostics.length === 0, `diagnostics: ${JSON.stringify(api.registry.diagnostics)}`);
    return `packs ${ids.join(', ')}`;
  });

  await check("every pack's tools VS Code lists are in vscode.lm.tools with their tags", async () => {
    // The per-model tools follow the models VS Code offers: they come once the scripted models are there.
    const names = Object.values(packs).flat();
    await until(() => names.every((n) => vscode.lm.tools.some((t) => t.name === n)), 'the per-model tools registered');
    const missing: string[] = [];
    for (const [pack, names] of Object.entries(packs)) {
      for (const name of names) {
        const tool = vscode.lm.tools.find((t) => t.name === name);
        if (!tool || !tool.tags.includes(`toolpacks:${pack}`))
          missing.push(`${name} (${tool ? `tags ${tool.tags}` : 'absent'})`);
      }
    }
    assert(missing.length === 0, `missing or untagged: ${missing.join(', ')}`);
    return `${Object.values(packs).flat().length} tools present and tagged`;
  });

  await check(
    'one tool per job: replace_string_in_file is registered for no E2E model, each has its own edit tool',
    async () => {
      const edit = vscode.lm.tools.filter((t) => t.tags.includes('toolpacks:editor')).map((t) => t.name);
      assert(!edit.includes('replace_string_in_file'), `editor tools: ${edit}`);
      return `editor tools in vscode.lm.tools: ${edit.join(', ')}`;
    },
  );

  await check('vscode.lm.invokeTool runs read_file for real', async () => {
    const text = await invokeText('read_file', { filePath: 'README.md' });
    assert(text.includes('e2e workspace readme'), text);
    return text.split('\n')[0];
  });

  await check('vscode.lm.invokeTool runs grep_search for real', async () => {
    const text = await invokeText('grep_search', { query: 'needle-e2e' });
    assert(text.includes('src/app.js:2: // needle-e2e'), text);
    return text;
  });

  await check('vscode.lm.invokeTool runs git_status for real', async () => {
    await until(() => api.contextKeys().gitOpenRepositoryCount === 1, 'the workspace seen as a repository');
    const text = await invokeText('git_status', {});
    assert(text.startsWith('## main'), text);
    return text;
  });

  await check('a GPT-family model gets apply_patch, and its call edits a file on disk', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: note.txt',
      '-status: draft',
      '+status: patched by gpt',
      '*** End Patch',
    ].join('\n');
    const result = await loop('gpt-4.1', 'gpt-patch', { call: { name: 'apply_patch', input: { input: patch } } }, api);
    const tools = offeredIn('gpt-patch');
    assert(tools.includes('apply_patch') && !tools.includes('replace_string_in_file'), `offered: ${tools}`);
    assert(result.toolCalls[0]?.status === 'ok', JSON.stringify(result.toolCalls));
    assert(read('note.txt').includes('status: patched by gpt'), read('note.txt'));
    return result.text;
  });

  await check(
    "a Claude-family model gets Anthropic's text editor tool, and its str_replace edits a file on disk",
    async () => {
      const result = await loop(
        'claude-sonnet-4',
        'claude-replace',
        {
          call: {
            name: 'str_replace_based_edit_tool',
            input: {
              command: 'str_replace',
              path: 'note.txt',
              old_str: 'status: patched by gpt',
              new_str: 'status: replaced by claude',
            },
          },
        },
        api,
      );
      const tools = offeredIn('claude-replace');
      assert(
        tools.includes('str_replace_based_edit_tool') &&
          !tools.includes('replace_string_in_file') &&
          !tools.includes('read_file') &&
          !tools.includes('apply_patch'),
        `offered: ${tools}`,
      );
      assert(result.toolCalls[0]?.status === 'ok', JSON.stringify(result.toolCalls));
      assert(read('note.txt').includes('status: replaced by claude'), read('note.txt'));
      return result.text;
    },
  );

  await check("a Gemini-family model gets Gemini CLI's grep_search (an override), and the override runs", async () => {
    const result = await loop(
      'gemini-2.5-pro',
      'gemini-grep',
      { call: { name: 'grep_search', input: { pattern: 'needle-e2e' } } },
      api,
    );
    const grep = offered.find((o) => o.scenario === 'gemini-grep')!.tools.find((t) => t.name === 'grep_search');
    assert(
      grep?.description.startsWith('Searches the contents of the workspace files for a regular expression'),
      `description: ${grep?.description}`,
    );
    // Gemini CLI's text: the file under "File:", the hit as L<n>: (the base tool prints path:line: text).
    const text = result.toolCalls[0]?.result ?? '';
    assert(text.includes('File: src/app.js') && text.includes('L2: // needle-e2e'), JSON.stringify(result.toolCalls));
    return text.split('\n').slice(0, 4).join('\n');
  });

  await check('the runtime keeps no tool selection of its own: VS Code says, on each chat request', async () => {
    // The UI phase (apps/e2e/src/ui.js) turns the git toolset off in VS Code's own picker and sees it in the next request.
    assert(
      api.selection.get() === undefined,
      `a selection before any chat request: ${JSON.stringify(api.selection.get())}`,
    );
    assert(!('set' in api.selection) && !('reset' in api.selection), 'the API still offers a second selection');
    const claude = { id: 'e2e-claude', vendor: VENDOR, family: 'claude-sonnet-4', version: '1' };
    const off = api.resolve(claude, { selection: { tools: { git_status: false } } }).tools.map((t) => t.name);
    assert(!off.includes('git_status') && off.includes('git_log'), `with git_status off: ${off}`);
    return `${off.length} tools with git_status off`;
  });

  await check(
    'a declined confirmation (git commit) is an error result and the loop continues to the final answer',
    async () => {
      const asked: string[] = [];
      const result = await loop(
        'claude-sonnet-4',
        'declined-commit',
        { call: { name: 'git_commit', input: { message: 'e2e commit', all: true } } },
        api,
        async (request) => {
          asked.push(request.toolName);
          return 'decline';
        },
      );
      assert(asked.join() === 'git_commit', `asked: ${asked}`);
      assert(result.toolCalls[0]?.status === 'declined', JSON.stringify(result.toolCalls));
      assert(
        result.rounds === 2 && result.text.startsWith('FINAL: The user declined to run `git_commit`'),
        `rounds ${result.rounds}: ${result.text}`,
      );
      const log = await invokeText('git_log', { count: 5 });
      assert(!log.includes('e2e commit'), log);
      return result.text;
    },
  );

  await bridgeChecks(api, check, assert);
  await sharedModulesChecks(api, check, assert);
  await workChecks(api, check, assert);
}

async function phaseTwo(api: ToolPacksApi, check: Check): Promise<void> {
  await check('after the git pack is uninstalled, its tools are gone from the next resolution', async () => {
    await until(() => api.registry.packs.length >= 3, 'the remaining packs registered');
    const ids = api.registry.packs.map((p) => p.id).sort();
    assert(!ids.includes('git'), `packs: ${ids}`);
    const resolved = api
      .resolve({ id: 'e2e-claude', vendor: VENDOR, family: 'claude-sonnet-4', version: '1' })
      .tools.map((t) => t.name);
    assert(
      !resolved.some((t) => t.startsWith('git_')) && resolved.includes('str_replace_based_edit_tool'),
      `resolved: ${resolved}`,
    );
    assert(!vscode.lm.tools.some((t) => t.name === 'git_status'), 'git_status still in vscode.lm.tools');
    return `packs ${ids.join(', ')}; ${resolved.length} tools`;
  });
}

async function loop(
  family: string,
  scenario: string,
  script: Script,
  api: ToolPacksApi,
  confirm?: Parameters<ToolPacksApi['runToolLoop']>[0]['confirm'],
) {
  const [model] = await waitFor(
    () => vscode.lm.selectChatModels({ vendor: VENDOR, family }),
    (models) => models.length > 0,
    `model ${family}`,
  );
  const messages = [vscode.LanguageModelChatMessage.User(`SCENARIO ${scenario} ${JSON.stringify(script)}`)];
  return api.runToolLoop({ model, messages, confirm, maxRounds: 4 });
}

function offeredIn(scenario: string): string[] {
  return offered.find((o) => o.scenario === scenario)?.tools.map((t) => t.name) ?? [];
}

/** A model that follows the script in the first user message: one tool call, then "FINAL: <result>". */
function scriptedModel(): vscode.LanguageModelChatProvider {
  return {
    provideLanguageModelChatInformation: () => MODELS,
    async provideLanguageModelChatResponse(_model, messages, options, progress) {
      // The request's own prompt: the last user message that names a scenario (earlier turns of a
      // chat typed in the UI come first, as history).
      const prompt =
        messages
          .flatMap((m) => m.content)
          .filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart)
          .map((p) => p.value)
          .filter((text) => text.startsWith('SCENARIO '))
          .pop() ?? '';
      const [, scenario, json] = /^SCENARIO (\S+) (.*)$/s.exec(prompt) ?? [];
      const script = JSON.parse(json ?? '{}') as Script;
      if (!offered.some((o) => o.scenario === scenario)) {
        const record = {
          scenario,
          tools: (options.tools ?? []).map((t) => ({ name: t.name, description: t.description })),
        };
        offered.push(record);
        // The harness reads what a request typed in the chat view offered (apps/e2e/src/ui.js).
        if (offeredFile) fs.appendFileSync(offeredFile, `${JSON.stringify(record)}\n`);
      }
      const toolResult = messages
        .flatMap((m) => m.content)
        .find((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
      if (toolResult) {
        const text = toolResult.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
        progress.report(new vscode.LanguageModelTextPart(`FINAL: ${text}`));
      } else if (script.call)
        progress.report(new vscode.LanguageModelToolCallPart(`call-${scenario}`, script.call.name, script.call.input));
      else progress.report(new vscode.LanguageModelTextPart('FINAL: nothing to do'));
    },
    provideTokenCount: async (_model, text) =>
      Math.ceil((typeof text === 'string' ? text : JSON.stringify(text)).length / 4),
  };
}

async function runtimeApi(): Promise<ToolPacksApi> {
  const runtime = await waitFor(
    async () => vscode.extensions.getExtension<ToolPacksApi>('toolpacks.toolpacks-runtime'),
    Boolean,
    'the runtime extension',
  );
  const api = await runtime!.activate();
  for (const id of ['editor', 'search', 'git', 'debug'])
    await vscode.extensions.getExtension(`toolpacks.toolpacks-pack-${id}`)?.activate();
  return api;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function waitFor<T>(
  get: () => T | Thenable<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function until(condition: () => boolean, what: string): Promise<boolean> {
  return waitFor(condition, Boolean, what);
}
