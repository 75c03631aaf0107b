// What every run of UI checks shares (ui.js, marketplace.js): an emptied artifacts folder, numbered
// screenshots in it, and checks that record how they went, a failed one with a screenshot.
const fs = require('node:fs');
const path = require('node:path');

/**
 * Empties `artifacts`; returns `screenshot(name)` (saves the page, numbered in order, and gives the
 * file's name) and `check(name, run)`, which records `${prefix}${name}` as passed with what `run`
 * returns, or as failed with the error's stack after a screenshot of the page.
 */
function startChecks(page, { record, artifacts }, prefix = '') {
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  let shot = 0;
  const screenshot = async (name) => {
    const file = path.join(artifacts, `${String(++shot).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file }).catch(() => undefined);
    return path.basename(file);
  };
  const check = async (name, run) => {
    try {
      record(`${prefix}${name}`, true, await run());
    } catch (error) {
      await screenshot(`failed-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`);
      record(`${prefix}${name}`, false, error.stack ?? String(error));
    }
  };
  return { screenshot, check };
}

module.exports = { startChecks };
