// One Jest run over every project (each project also has its own `test` target for Nx).
const fs = require('node:fs');
const path = require('node:path');
const { testTimeout } = require('./jest.preset.js');

const projectParents = ['libs', 'libs/packs', 'apps', 'tools'];
const projects = projectParents
  .flatMap((parent) =>
    fs.existsSync(path.join(__dirname, parent))
      ? fs.readdirSync(path.join(__dirname, parent)).map((name) => path.join(parent, name))
      : [],
  )
  .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'jest.config.js')))
  .map((dir) => `<rootDir>/${dir}`);

/** @type {import('jest').Config} */
module.exports = {
  projects,
  // testTimeout is one of Jest's global options: in a project's config (the preset) it counts only
  // when that project runs alone; a run over `projects` (npm test, `npx jest <paths>` from here)
  // reads it from this file, else every test and hook gets Jest's 5 s default.
  testTimeout,
};
