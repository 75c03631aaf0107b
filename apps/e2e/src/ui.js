// The checks a person would make in VS Code's own UI, driven in the browser (Playwright) once the
// probe's in-host checks of phase 1 are done: VS Code's Configure Tools picker shows each of our
// packs once with its toolsets and tools (no runtime group, no duplicates); turning our git toolset
// off there takes the git tools out of the runtime's next request; `#` completions list each of our
// sets and tools once; the "Tool Packs" view reads right for several model families and opens no
// document by itself; a custom agent's tools: list naming our set and tool is what the runtime
// gets. Screenshots go to the artifacts folder (kept after the run).
const {
  PICKER_ROW,
  assert,
  chooseChatModel,
  editorTabs,
  focusView,
  hashCompletions,
  readPicker,
  readResolvedView,
  runCommand,
  sendAndReadOffer,
  toggleToolSet,
  walkView,
} = require('./workbench');
const { startChecks } = require('./checkRun');

const OUR_PACKS = ['Tool Packs: Debug', 'Tool Packs: Editor', 'Tool Packs: Git', 'Tool Packs: Search'];
const OUR_SETS = {
  'toolpacks-read': 'book',
  'toolpacks-edit': 'edit',
  'toolpacks-search': 'search',
  'toolpacks-git': 'git-branch',
  'toolpacks-debug': 'debug',
};

/** Runs every UI check; `record(name, passed, detail)` as run.js's. */
async function uiChecks(page, { record, offeredFile, artifacts }) {
  const { screenshot, check } = startChecks(page, { record, artifacts });

  await check('the chat view is ready in agent mode with the probe’s E2E Claude model', async () => {
    await page.waitForSelector('.interactive-input-part .model-picker-item .chat-input-picker-label', {
      timeout: 60_000,
    });
    await chooseChatModel(page, 'E2E Claude');
    return `${await screenshot('chat-ready')}`;
  });

  await check(
    "VS Code's picker lists each pack once, its toolsets with their icons and one entry per job, no runtime group",
    async () => {
      const rows = await readPicker(page);
      await screenshot('picker-claude');
      await page.keyboard.press('Escape');
      const groups = rows.filter((r) => r.level === 1).map((r) => r.name);
      for (const pack of OUR_PACKS) assert(groups.filter((g) => g === pack).length === 1, `groups: ${groups}`);
      assert(!groups.some((g) => /runtime/i.test(g)), `a runtime group: ${groups}`);
      const ours = rows.filter((r) => OUR_PACKS.includes(r.pack));
      const sets = ours.filter((r) => r.level === 2 && r.name in OUR_SETS);
      for (const [set, icon] of Object.entries(OUR_SETS)) {
        const row = sets.find((r) => r.name === set);
        assert(row && row.icon === icon, `toolset ${set}: ${JSON.stringify(row)}`);
      }
      for (const pack of OUR_PACKS) {
        const names = ours.filter((r) => r.pack === pack && r.level === 3).map((r) => r.name);
        const loose = ours.filter((r) => r.pack === pack && r.level === 2 && !(r.name in OUR_SETS));
        assert(new Set(names).size === names.length, `${pack} lists a tool twice: ${names}`);
        assert(loose.length === 0, `${pack} lists tools outside its toolsets: ${loose.map((r) => r.name)}`);
      }
      // For Claude the edit job is Anthropic's text editor, which also reads and creates: one entry, under the pack.
      const edit = ours.filter((r) => r.set === 'toolpacks-edit').map((r) => r.label);
      assert(edit.filter((l) => l.startsWith('edit_file,')).length === 1, `toolpacks-edit: ${edit}`);
      assert(
        edit.some((l) => l.startsWith('edit_file, Views, creates and edits files (Claude)')),
        `toolpacks-edit: ${edit}`,
      );
      assert(!edit.some((l) => l.startsWith('create_file,')), `create_file listed for Claude: ${edit}`);
      return rows.map((r) => `${'  '.repeat(r.level - 1)}${r.label.slice(0, 60)} [${r.icon}]`).join('\n');
    },
  );

  await check('# completions in chat list each of our toolsets and tools once, and one #read', async () => {
    const labels = await hashCompletions(page);
    await screenshot('hash-completions');
    const ours = labels.filter((l) => l.detail.startsWith('Tool Packs:') || l.label.startsWith('#toolpacks-'));
    const names = ours.map((l) => l.label);
    assert(new Set(names).size === names.length, `listed twice: ${names}`);
    for (const set of Object.keys(OUR_SETS)) assert(names.includes(`#${set}`), `#${set} missing: ${names}`);
    for (const tool of ['#edit_file', '#grep_search', '#git_status', '#start_debugging'])
      assert(names.includes(tool), `${tool} missing: ${names}`);
    const reads = labels.filter((l) => l.label === '#read').length;
    assert(reads === 1, `#read listed ${reads} times`);
    return names.join(' ');
  });

  await check(
    "turning the git toolset off in VS Code's picker takes the git tools out of the runtime's next request",
    async () => {
      const states = await toggleToolSet(page, 'toolpacks-git');
      await screenshot('picker-git-off');
      await page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).click();
      assert(
        states.every((s) => s === 'false'),
        `git rows after the click: ${states}`,
      );
      const tools = await sendAndReadOffer(page, offeredFile, 'ui-no-git');
      assert(!tools.some((t) => t.startsWith('git_')), `offered: ${tools}`);
      assert(tools.includes('str_replace_based_edit_tool'), `offered: ${tools}`);
      return `${tools.length} tools offered: ${tools.join(', ')}`;
    },
  );

  const families = [
    {
      model: 'E2E Claude',
      expect: {
        str_replace_based_edit_tool: 'sent: the variant for family=claude', // claude-* or claude*, as the pack spells it
        read_file: 'replaced for this family',
        apply_patch: 'not for this model',
        git_status: "deselected in VS Code's tool picker",
        get_call_stack: 'when clause false (debugState)',
      },
    },
    {
      model: 'E2E GPT-4.1',
      expect: {
        apply_patch: 'sent: the variant for family=gpt-4.1*',
        replace_string_in_file: 'another variant serves this model',
        str_replace_based_edit_tool: 'not for this model',
        read_file: 'sent',
      },
    },
    {
      model: 'E2E Gemini',
      expect: { grep_search: 'sent: runs gemini_grep_search (override)', replace: 'sent: the variant' },
    },
  ];
  const tabsBefore = await editorTabs(page);
  for (const family of families)
    await check(`the Tool Packs view shows every tool with its reason for ${family.model}`, async () => {
      const rows = await readResolvedView(page, family.model);
      await screenshot(`view-${family.model.replace(/\W+/g, '-').toLowerCase()}`);
      const byName = new Map(rows.filter((r) => r.level >= 3 || r.tokens).map((r) => [r.label, r]));
      for (const [tool, words] of Object.entries(family.expect))
        assert(byName.get(tool)?.description.startsWith(words), `${tool}: ${JSON.stringify(byName.get(tool))}`);
      const packs = rows.filter((r) => r.level === 1).map((r) => r.label);
      for (const pack of ['Debug', 'Editor', 'Git', 'Search'])
        assert(packs.filter((p) => p === pack).length === 1, `top rows: ${packs}`);
      const tools = rows.filter((r) => r.tokens);
      assert(
        tools.length >= 30 && tools.every((r) => /≈\d+ tokens$/.test(r.description)),
        `tool rows: ${tools.length}`,
      );
      assert(rows[0].label === `Model: ${family.model}`, `first row: ${JSON.stringify(rows[0])}`);
      return rows.map((r) => `${'  '.repeat(r.level - 1)}${r.label} — ${r.description}`).join('\n');
    });

  await check(
    'the view opened no document and left nothing dirty; a tool’s definition opens read-only on request',
    async () => {
      const tabsAfter = await editorTabs(page);
      assert(JSON.stringify(tabsAfter) === JSON.stringify(tabsBefore), `tabs before ${tabsBefore}, after ${tabsAfter}`);
      // Walk to the row and press Enter, as a keyboard user would (a click would run it too).
      await focusView(page);
      const row = await walkView(page, (r) => r.label === 'apply_patch');
      assert(row, 'no apply_patch row');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.tabs-container .tab[aria-label*="apply_patch.json"]', { timeout: 15_000 });
      await page.waitForTimeout(500);
      const text = await page.locator('.editor-instance .view-lines').first().textContent();
      assert(/"name":\s*"apply_patch"/.test(text.replace(/\u00a0/g, ' ')), `definition: ${text.slice(0, 300)}`);
      const tabs = await editorTabs(page);
      assert(!tabs.some((t) => /Untitled|dirty/.test(t)), `tabs: ${tabs}`);
      await screenshot('definition');
      return `tabs: ${tabs.join(', ')}`;
    },
  );

  await check("turning the git toolset back on in VS Code's picker brings the git tools back", async () => {
    await toggleToolSet(page, 'toolpacks-git');
    await page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).click();
    const tools = await sendAndReadOffer(page, offeredFile, 'ui-git-back');
    assert(tools.includes('git_status'), `offered: ${tools}`);
    return `${tools.length} tools offered`;
  });

  await check(
    "a custom agent's tools: list names our toolset and a tool in a set, and the runtime gets exactly those",
    async () => {
      // .github/agents/git-only.agent.md (run.js writes it): tools: ['toolpacks-git', 'toolpacks-read/read_file']
      await chooseChatModel(page, 'E2E GPT-4.1');
      await page.locator('.interactive-input-part .chat-mode-picker-item').click();
      await page.locator('.action-widget .monaco-list-row', { hasText: 'git-only' }).click();
      const tools = await sendAndReadOffer(page, offeredFile, 'ui-agent');
      await screenshot('custom-agent');
      const expected = [
        'git_add',
        'git_blame',
        'git_branch',
        'git_commit',
        'git_diff',
        'git_log',
        'git_restore',
        'git_show',
        'git_status',
        'git_switch',
        'read_file',
      ];
      assert(JSON.stringify([...tools].sort()) === JSON.stringify(expected), `offered: ${tools}`);
      return `offered: ${tools.join(', ')}`;
    },
  );

  await check("Tool Packs: Configure Tools opens VS Code's own picker", async () => {
    await runCommand(page, "Tool Packs: Configure Tools (VS Code's tool picker)");
    await page.waitForSelector(PICKER_ROW, { timeout: 15_000 });
    const title = await page.textContent('.quick-input-widget .quick-input-title');
    await page.keyboard.press('Escape');
    assert(/Configure Tools/.test(title ?? ''), `title: ${title}`);
    return title;
  });
}

module.exports = { uiChecks };
