// A virtual workspace for the generators' specs: npm workspaces like this repository's, a runtime
// extension and a lock file; no formatter (Prettier 3 is ESM, which Jest's CommonJS mode cannot import).
import type { Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';

export function createWorkspaceTree(): Tree {
  const tree = createTreeWithEmptyWorkspace({ formatter: 'none' });
  tree.write(
    'package.json',
    JSON.stringify(
      { name: 'toolpacks', private: true, workspaces: ['libs/*', 'libs/packs/*', 'apps/*', 'tools/*'] },
      null,
      2,
    ),
  );
  tree.write(
    'apps/runtime-extension/package.json',
    JSON.stringify({ name: 'toolpacks-runtime', publisher: 'toolpacks', engines: { vscode: '^1.99.0' } }, null, 2),
  );
  tree.write(
    'package-lock.json',
    JSON.stringify(
      {
        name: 'toolpacks',
        lockfileVersion: 3,
        packages: { '': { name: 'toolpacks' }, 'apps/runtime-extension': { name: 'toolpacks-runtime' } },
      },
      null,
      2,
    ),
  );
  return tree;
}

/**
 * The commands of the ```sh block under `heading` in a Markdown file, one per line, each with its
 * line number, without `# comments` or blank lines (tools/workspace/src/readmeCode.ts reads the
 * README's blocks the same way for its TypeScript check).
 */
export function markdownShellCommands(
  text: string,
  heading: string,
): { readonly line: number; readonly command: string }[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^#{1,6}\s/.test(l) && l.replace(/^#+\s*/, '').trim() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const end = lines.findIndex((l, i) => i > start && /^#{1,6}\s/.test(l));
  const open = lines.findIndex((l, i) => i > start && (end < 0 || i < end) && /^```(sh|bash|shell)\s*$/.test(l));
  if (open < 0) throw new Error(`no \`\`\`sh block under "${heading}"`);
  const close = lines.findIndex((l, i) => i > open && /^```\s*$/.test(l));
  return lines
    .slice(open + 1, close)
    .map((text, index) => ({ line: open + 2 + index, command: stripShellComment(text).trim() }))
    .filter((entry) => entry.command !== '');
}

/** `text` without a trailing `# comment` (a `#` at the start or after a blank, outside quotes). */
export function stripShellComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) return text.slice(0, i).trimEnd();
  }
  return text;
}
