// vsce's own publish-time validation of a .vsix, without uploading anything. `vsce publish
// --packagePath x.vsix` reads the package (zip.readVSIXPackage) and then runs
// validateManifestForPublishing on its manifest before it asks the Marketplace anything: that is
// where "Extensions using unallowed proposed API … can't be published" comes from (and the checks
// on enableProposedApi, pre-release versions and the publisher's name). The pinned vsce (3.9.2) has
// no --dry-run and does not export that function, so this loads vsce's own publish.js once more
// with one line added that hands the function out: the very code publish runs, not a copy of it.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const VSCE_OUT = path.join(path.dirname(require.resolve('@vscode/vsce/package.json')), 'out');

let validator;

/** vsce's validateManifestForPublishing, from the installed @vscode/vsce. */
function vsceValidateManifestForPublishing() {
  if (validator) return validator;
  const file = path.join(VSCE_OUT, 'publish.js');
  const source = fs.readFileSync(file, 'utf8');
  if (!/\nfunction validateManifestForPublishing\(manifest, options\)/.test(source))
    throw new Error(
      `${file} has no validateManifestForPublishing(manifest, options): the installed vsce changed; find where its publish validates the manifest and follow it here.`,
    );
  const copy = new Module(file, module);
  copy.filename = file;
  copy.paths = Module._nodeModulePaths(path.dirname(file));
  copy._compile(`${source}\nexports.__validateManifestForPublishing = validateManifestForPublishing;\n`, file);
  validator = copy.exports.__validateManifestForPublishing;
  return validator;
}

/**
 * What `vsce publish --packagePath <vsix>` (no --allow-proposed-apis, no --allow-all-proposed-apis)
 * says about this package before uploading: undefined when it would go on to upload, else its error.
 */
async function vscePublishProblem(vsixFile, options = {}) {
  const { readVSIXPackage } = require(path.join(VSCE_OUT, 'zip.js'));
  const vsix = await readVSIXPackage(vsixFile);
  try {
    vsceValidateManifestForPublishing()(vsix.manifest, options);
    return undefined;
  } catch (error) {
    return error.message;
  }
}

module.exports = { vscePublishProblem, vsceValidateManifestForPublishing };
