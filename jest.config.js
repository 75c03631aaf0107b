// One Jest run over every project (each project also has its own `test` target for Nx).
const fs = require('node:fs');
const path = require('node:path');

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
};
