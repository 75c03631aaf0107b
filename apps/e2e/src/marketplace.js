// The Marketplace run's checks in VS Code's own UI (run.js's marketplacePhase): with no proposed
// API, VS Code's picker lists each pack's general tools under the pack (no toolsets), `#`
// completions offer them, the @toolpacks participant gives the request's model its native tools,
// and the "Tool Packs" view reads right; screenshots of the picker and the view stay in the
// artifacts folder. Only what differs from the proposal flavour is checked here (ui.js has the rest).
const fs = require('node:fs');
const path = require('node:path');
const {
  assert,
  chooseChatModel,
  hashCompletions,
  readPicker,
  readResolvedView,
  sendAndReadOffer,
} = require('./workbench');
const { startChecks } = require('./checkRun');

const OUR_PACKS = ['Tool Packs: Debug', 'Tool Packs: Editor', 'Tool Packs: Git', 'Tool Packs: Search'];

async function marketplaceUiChecks(page, { record, offeredFile, artifacts }) {
  const { screenshot, check } = startChecks(page, { record, artifacts }, 'Marketplace: ');

  await check('the chat view is ready with the probe’s E2E Claude model', async () => {
    await page.waitForSelector('.interactive-input-part .model-picker-item .chat-input-picker-label', {
      timeout: 60_000,
    });
    await chooseChatModel(page, 'E2E Claude');
    return screenshot('chat-ready');
  });

  await check(
    "VS Code's picker lists each pack once with its general tools, no toolsets, no per-model variant",
    async () => {
      const rows = await readPicker(page);
      const shotName = await screenshot('picker');
      await page.keyboard.press('Escape');
      const groups = rows.filter((r) => r.level === 1).map((r) => r.name);
      for (const pack of OUR_PACKS) assert(groups.filter((g) => g === pack).length === 1, `groups: ${groups}`);
      assert(!groups.some((g) => /runtime/i.test(g)), `a runtime group: ${groups}`);
      const ours = rows.filter((r) => OUR_PACKS.includes(r.pack) && r.level > 1);
      const names = ours.map((r) => r.name);
      assert(!ours.some((r) => r.level > 2 || r.name.startsWith('toolpacks-')), `a toolset: ${names}`);
      assert(new Set(names).size === names.length, `a tool listed twice: ${names}`);
      // Listed by reference name: replace_string_in_file is edit_file.
      for (const tool of ['read_file', 'edit_file', 'grep_search', 'git_status', 'start_debugging'])
        assert(names.includes(tool), `${tool} missing: ${names}`);
      for (const variant of ['str_replace_based_edit_tool', 'apply_patch'])
        assert(!names.includes(variant), `${variant} listed: ${names}`);
      return `${shotName}: ${names.length} tools under ${OUR_PACKS.length} packs`;
    },
  );

  await check('# completions in chat list our tools, each once', async () => {
    const labels = await hashCompletions(page);
    const names = labels.filter((l) => l.detail.startsWith('Tool Packs:')).map((l) => l.label);
    assert(new Set(names).size === names.length, `listed twice: ${names}`);
    for (const tool of ['#read_file', '#grep_search', '#git_status', '#start_debugging'])
      assert(names.includes(tool), `${tool} missing: ${names}`);
    return names.join(' ');
  });

  await check(
    "@toolpacks gives the request's model its native tools: Claude's text editor, GPT-4.1's apply_patch",
    async () => {
      const claude = await sendAndReadOffer(page, offeredFile, 'ui-mp-claude');
      assert(claude.includes('str_replace_based_edit_tool') && !claude.includes('apply_patch'), `Claude: ${claude}`);
      await chooseChatModel(page, 'E2E GPT-4.1');
      const gpt = await sendAndReadOffer(page, offeredFile, 'ui-mp-gpt');
      assert(gpt.includes('apply_patch') && !gpt.includes('str_replace_based_edit_tool'), `GPT-4.1: ${gpt}`);
      return `Claude ${claude.length} tools, GPT-4.1 ${gpt.length} tools`;
    },
  );

  await check('the Tool Packs view shows what E2E Claude gets through @toolpacks, and why', async () => {
    const rows = await readResolvedView(page, 'E2E Claude');
    const shotName = await screenshot('view-e2e-claude');
    const byName = new Map(rows.filter((r) => r.level >= 3 || r.tokens).map((r) => [r.label, r]));
    const expect = {
      str_replace_based_edit_tool: 'sent: the variant for family=claude', // claude-* or claude*, as the pack spells it
      apply_patch: 'not for this model',
    };
    for (const [tool, words] of Object.entries(expect))
      assert(byName.get(tool)?.description.startsWith(words), `${tool}: ${JSON.stringify(byName.get(tool))}`);
    const packs = rows.filter((r) => r.level === 1).map((r) => r.label);
    for (const pack of ['Debug', 'Editor', 'Git', 'Search'])
      assert(packs.filter((p) => p === pack).length === 1, `top rows: ${packs}`);
    return `${shotName}: ${rows.length} rows`;
  });
}

/** Lines of the runtime's "Tool Packs" output channel (in code-server's logs) that read as an error. */
function outputLogProblems(userDataDir) {
  const logs = [];
  const walk = (dir) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/Tool Packs\.log$/.test(entry.name)) logs.push(file);
    }
  };
  walk(path.join(userDataDir, 'logs'));
  if (!logs.length) return [`no "Tool Packs" output log under ${path.join(userDataDir, 'logs')}`];
  return logs.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /\berror\b|\bfail|\brefused\b|exception|cannot/i.test(line))
      .map((line) => `${path.basename(file)}: ${line}`),
  );
}

module.exports = { marketplaceUiChecks, outputLogProblems };
