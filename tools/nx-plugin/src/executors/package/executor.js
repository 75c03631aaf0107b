// Nx executor `@toolpacks/nx-plugin:package`: both flavours of the extension (tools/scripts/packageExtension.js):
// dist/vsix/ for the Marketplace (checked with vsce's own publish validation), dist/vsix-proposed/
// for VS Code with proposed API. Fails when the Marketplace flavour would need a proposal.
const path = require('node:path');

module.exports = async function packageFlavours(_options, context) {
  const projectDir = path.join(context.root, context.projectsConfigurations.projects[context.projectName].root);
  try {
    // A workspace script, like the extensions' bundler: the e2e packs with it too.
    const { packageExtension } = require(path.join(context.root, 'tools/scripts/packageExtension.js'));
    const { problems } = await packageExtension(context.root, projectDir);
    for (const problem of problems) console.error(problem);
    return { success: problems.length === 0 };
  } catch (error) {
    console.error(error.message);
    return { success: false };
  }
};
