// Driving VS Code's workbench the way a person does, for ui.js: the chat input's model and agent
// pickers, the Configure Tools picker and the "Tool Packs" view (both virtual lists: only the rows
// in view are in the DOM, so they are read by walking them with the keyboard), `#` completions,
// the command palette, the editor tabs.
/* global document -- the functions given to page.waitForFunction run in the page */
const fs = require('node:fs');

const PICKER_ROW = '.quick-input-widget .quick-input-tree .monaco-list-row';

/** Picks a chat model in the chat input's model picker (its list shows the current one, then "Other Models"). */
async function chooseChatModel(page, name) {
  const label = '.interactive-input-part .model-picker-item .chat-input-picker-label';
  await page.waitForFunction((sel) => /E2E/.test(document.querySelector(sel)?.textContent ?? ''), label, {
    timeout: 60_000,
  });
  if ((await page.textContent(label)) === name) return;
  await page.locator('.interactive-input-part .model-picker-item').click();
  const rows = '.action-widget .monaco-list-row';
  await page.waitForSelector(rows);
  if (!(await page.locator(rows, { hasText: name }).count()))
    await page.locator(rows, { hasText: 'Other Models' }).click();
  await page.locator(rows, { hasText: name }).first().click();
  await page.waitForFunction(([sel, n]) => document.querySelector(sel)?.textContent === n, [label, name]);
}

/**
 * The picker's tree as a person walks it with the keyboard (the list is virtual: only what is in
 * view is in the DOM): Built-In collapsed, everything else expanded. Each row: its level, label,
 * checkbox state, icon, and the pack and toolset it is under.
 */
async function readPicker(page) {
  await page.click('.interactive-input-part a[aria-label^="Configure Tools"]');
  await page.waitForSelector(PICKER_ROW);
  const focused = () =>
    page
      .$eval(`${PICKER_ROW}.focused`, (e) => ({
        i: +e.getAttribute('data-index'),
        level: +e.getAttribute('aria-level'),
        label: e.getAttribute('aria-label') ?? '',
        name: e.querySelector('.label-name')?.textContent ?? '',
        checked: e.getAttribute('aria-checked'),
        expanded: e.getAttribute('aria-expanded'),
        icon: /codicon-([\w-]+)/.exec(e.querySelector('.quick-input-tree-icon')?.className ?? '')?.[1] ?? '',
      }))
      .catch(() => undefined);
  await page.keyboard.press('ArrowDown');
  for (let k = 0; k < 100 && (await focused())?.i !== 0; k++) await page.keyboard.press('PageUp');
  const rows = [];
  let pack = '';
  let set = '';
  for (let k = 0; k < 400; k++) {
    let row = await focused();
    if (!row) break;
    const builtIn = row.level === 1 && row.label.startsWith('Built-In');
    if (builtIn ? row.expanded === 'true' : row.expanded === 'false') {
      await page.keyboard.press(builtIn ? 'ArrowLeft' : 'ArrowRight');
      await page.waitForTimeout(100);
      row = await focused();
    }
    if (row.level === 1) [pack, set] = [row.name || row.label, ''];
    if (row.level === 2) set = row.name;
    rows.push({ ...row, name: row.level === 1 ? row.label : row.name, pack, set: row.level === 3 ? set : '' });
    await page.keyboard.press('ArrowDown');
    if ((await focused())?.i === row.i) break;
  }
  // Back to the top for the screenshot.
  for (let k = 0; k < 100 && (await focused())?.i !== 0; k++) await page.keyboard.press('PageUp');
  return rows;
}

/** Filters the picker to a toolset, clicks its checkbox, and returns the checkbox states of its rows. */
async function toggleToolSet(page, set) {
  await page.click('.interactive-input-part a[aria-label^="Configure Tools"]');
  await page.waitForSelector(PICKER_ROW);
  await page.keyboard.type(set);
  await page.waitForTimeout(400);
  const row = page
    .locator(PICKER_ROW)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${set}$`) }) });
  await row.first().locator('.monaco-checkbox').click();
  await page.waitForTimeout(300);
  return page.$$eval(PICKER_ROW, (els) =>
    els.filter((e) => +e.getAttribute('aria-level') >= 2).map((e) => e.getAttribute('aria-checked')),
  );
}

/** Every `#` completion (label and detail), paging through the suggest list. */
async function hashCompletions(page) {
  await page.locator('.interactive-input-part .monaco-editor .view-lines').first().click();
  await page.keyboard.type('#');
  await page.waitForSelector('.suggest-widget.visible .monaco-list-row', { timeout: 15_000 });
  await page.waitForTimeout(300);
  const seen = new Map();
  const read = async () => {
    for (const r of await page.$$eval('.suggest-widget.visible .monaco-list-row', (els) =>
      els.map((e) => ({
        i: +e.getAttribute('data-index'),
        label: e.querySelector('.label-name')?.textContent ?? '',
        detail: e.querySelector('.details-label')?.textContent ?? '',
      })),
    ))
      seen.set(r.i, r);
  };
  for (let k = 0, size = -1; k < 60 && seen.size !== size; k++) {
    size = seen.size;
    await read();
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(120);
    await read();
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  return [...seen.values()].sort((a, b) => a.i - b.i);
}

/** Sends `@toolpacks SCENARIO <scenario> {}` from the chat input; the tool names the scripted model was offered. */
async function sendAndReadOffer(page, offeredFile, scenario) {
  await page.locator('.interactive-input-part .monaco-editor .view-lines').first().click();
  await page.keyboard.type(`@toolpacks SCENARIO ${scenario} {}`);
  await page.keyboard.press('Enter');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const lines = fs.existsSync(offeredFile) ? fs.readFileSync(offeredFile, 'utf8').split('\n').filter(Boolean) : [];
    const offer = lines.map((l) => JSON.parse(l)).find((o) => o.scenario === scenario);
    if (offer) return offer.tools.map((t) => t.name);
    await page.waitForTimeout(300);
  }
  throw new Error(`No request for ${scenario} reached the scripted model within 60 s`);
}

const viewRows = () => '.pane:has(.pane-header[aria-label^="Tool Packs"]) .monaco-list-row';

/** Shows the Tool Packs view for a model chosen with its title action, and reads every row by walking it with the keyboard. */
async function readResolvedView(page, model) {
  await runCommand(page, 'Tool Packs: Show Resolved Tools');
  await page.waitForSelector(viewRows(), { timeout: 30_000 });
  // The file tree above gets out of the way, so the view shows more at once (and in the screenshot).
  const folders = page.locator('.pane-header[aria-expanded="true"]', { hasText: 'workspace' });
  if (await folders.count()) await folders.first().click();
  await page
    .locator('.pane:has(.pane-header[aria-label^="Tool Packs"]) .actions a[aria-label^="Choose Model"]')
    .click();
  await page.waitForSelector('.quick-input-widget .quick-input-list .monaco-list-row');
  await typeIntoQuickInput(page, model);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.quick-input-widget', { state: 'hidden' });
  await widenSideBar(page);
  await focusView(page);
  // The model's row comes first; the rest is read as it is then (never another model's rows).
  let shown;
  for (let k = 0; k < 60; k++) {
    shown = await walkView(page, () => true);
    if (shown?.label === `Model: ${model}`) break;
    await page.waitForTimeout(250);
  }
  if (shown?.label !== `Model: ${model}`)
    throw new Error(`the view shows ${shown?.label ?? 'nothing'}, not Model: ${model}`);
  const rows = [];
  await walkView(
    page,
    (row) => void rows.push({ ...row, tokens: /≈\d+ tokens$/.test(row.description) && row.level >= 2 }),
  );
  await page.keyboard.press('Home'); // the top of the view for the screenshot
  return rows;
}

/** Drags the side bar's edge to the right (once), so the view's rows read whole in the screenshots. */
async function widenSideBar(page) {
  const bar = await page.locator('.part.sidebar').boundingBox();
  if (!bar || bar.width > 600) return;
  const sashes = await page.$$eval('.monaco-sash.vertical', (els) =>
    els
      .map((e) => e.getBoundingClientRect())
      .map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2, h: r.height })),
  );
  const edge = sashes.find((s) => Math.abs(s.x - (bar.x + bar.width)) < 6 && s.h > 300);
  if (!edge) return;
  await page.mouse.move(edge.x, edge.y);
  await page.mouse.down();
  await page.mouse.move(edge.x + 420, edge.y, { steps: 8 });
  await page.mouse.up();
}

/** Puts the keyboard in the view without running a row's command (a click on a row would). */
async function focusView(page) {
  await runCommand(page, 'Tool Packs: Show Resolved Tools');
  await page.waitForTimeout(500);
}

/** Walks the view from its first row with the keyboard (it is virtual); stops where `visit` returns true, and returns that row. */
async function walkView(page, visit) {
  const focused = () =>
    page
      .$eval(`${viewRows()}.focused`, (e) => ({
        i: +e.getAttribute('data-index'),
        level: +e.getAttribute('aria-level'),
        label: e.querySelector('.label-name')?.textContent ?? '',
        description: e.querySelector('.label-description')?.textContent ?? '',
      }))
      .catch(() => undefined);
  await page.keyboard.press('Home');
  for (let k = 0; k < 300; k++) {
    const row = await focused();
    if (!row) return undefined;
    if (visit(row) === true) return row;
    await page.keyboard.press('ArrowDown');
    if ((await focused())?.i === row.i) return undefined;
  }
  return undefined;
}

async function runCommand(page, title) {
  await page.keyboard.press('F1');
  await typeIntoQuickInput(page, title);
  await page.keyboard.press('Enter');
}

/**
 * Types into the open quick input once it has the keyboard, and waits until its first row is what
 * was typed: on a loaded machine, keys typed early land in the view behind it (where Enter opens a
 * tool's definition), and an early Enter picks whatever row was first.
 */
async function typeIntoQuickInput(page, text) {
  await page.waitForFunction(() => document.activeElement?.closest('.quick-input-box') !== null, null, {
    timeout: 15_000,
  });
  await page.keyboard.type(text);
  const wanted = text.toLowerCase().split(':').pop().trim();
  await page
    .waitForFunction(
      (w) => {
        const row = document.querySelector('.quick-input-widget .quick-input-list .monaco-list-row');
        return (row?.getAttribute('aria-label') ?? row?.textContent ?? '').toLowerCase().includes(w);
      },
      wanted,
      { timeout: 15_000 },
    )
    .catch(() => undefined); // a typed family that no row names is accepted as typed
}

/** The editor tabs' labels, with "dirty" for unsaved ones. */
function editorTabs(page) {
  return page.$$eval('.tabs-container .tab', (tabs) =>
    tabs.map((t) => `${t.getAttribute('aria-label')}${t.classList.contains('dirty') ? ' dirty' : ''}`),
  );
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

module.exports = {
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
};
