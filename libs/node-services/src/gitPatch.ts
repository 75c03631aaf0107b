// A diff or a commit split per file, so the git tools can fit it in a result budget and name what
// they left out: `--numstat -z` gives every file (complete even when the patch is cut), the patch
// is split at its `diff --git` / `diff --cc` lines. Untracked files become new-file diffs built
// here from their bytes (no git, so no filter or textconv of the repository runs on them).
import type { GitFilePatch, GitFileStat } from '@toolpacks/services';

/** `git diff --numstat -z`: `added TAB deleted TAB path NUL`, or `added TAB deleted TAB NUL old NUL new NUL` for a rename. */
export function parseNumstat(output: string): GitFileStat[] {
  const tokens = output.split('\0');
  const stats: GitFileStat[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const match = /^\n?(\d+|-)\t(\d+|-)\t([\s\S]*)$/.exec(tokens[i]);
    if (!match) continue;
    const count = (value: string) => (value === '-' ? undefined : Number(value));
    const counts = { added: count(match[1]), deleted: count(match[2]) };
    if (match[3] !== '') stats.push({ path: match[3], ...counts });
    else {
      const previousPath = tokens[++i] ?? '';
      const next = tokens[++i] ?? '';
      stats.push({ path: next, previousPath, ...counts });
    }
  }
  return stats;
}

const FILE_START = /^diff --(?:git|cc|combined) /m;

/** Undoes git's C-style quoting of a path (`"a\tb"`), as far as it matters for naming a file. */
export function unquote(value: string): string {
  if (!value.startsWith('"') || !value.endsWith('"')) return value;
  const escapes: Record<string, string> = {
    n: '\n',
    t: '\t',
    '"': '"',
    '\\': '\\',
    a: '\x07',
    b: '\b',
    f: '\f',
    r: '\r',
    v: '\v',
  };
  const bytes: number[] = [];
  const body = value.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[++i];
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(...Buffer.from(escapes[next] ?? next, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The file a section is about: the `+++ b/` or `rename to` path, else the `diff --git a/x b/x` one. */
export function sectionPath(section: string): string {
  const lines = section.split('\n', 12);
  const first = lines[0];
  if (first.startsWith('diff --cc ') || first.startsWith('diff --combined '))
    return unquote(first.slice(first.indexOf(' ', 6) + 1));
  for (const line of lines.slice(1)) {
    if (line.startsWith('rename to ') || line.startsWith('copy to '))
      return unquote(line.slice(line.indexOf(' to ') + 4));
    // git ends `--- a/…` and `+++ b/…` with a TAB when the name holds a space (an unquoted name never
    // holds a TAB: git quotes one that does), so the TAB is no part of the name.
    if (line.startsWith('+++ ') && line !== '+++ /dev/null')
      return unquote(line.slice(4).replace(/^([^"][^\t]*)\t$/, '$1')).replace(/^b\//, '');
    if (line.startsWith('@@')) break;
  }
  const rest = first.slice('diff --git '.length);
  if (rest.startsWith('"')) {
    const end = rest.indexOf('" ', 1);
    return unquote(rest.slice(0, end + 1)).replace(/^a\//, '');
  }
  const length = (rest.length - 5) / 2;
  if (Number.isInteger(length) && length > 0) return rest.slice(2, 2 + length);
  return rest.replace(/^a\//, '').split(' b/')[0];
}

/** The text before the first file, and one section per file. */
export function splitPatch(text: string): { header: string; files: GitFilePatch[] } {
  const start = FILE_START.exec(text);
  if (!start) return { header: text.trimEnd(), files: [] };
  const header = text.slice(0, start.index).trimEnd();
  const body = text.slice(start.index);
  const files: GitFilePatch[] = [];
  const starts: number[] = [];
  const all = new RegExp(FILE_START.source, 'gm');
  for (let m = all.exec(body); m; m = all.exec(body)) starts.push(m.index);
  starts.forEach((from, i) => {
    const section = body.slice(from, starts[i + 1] ?? body.length).replace(/\n+$/, '');
    files.push({ path: sectionPath(section), text: section });
  });
  return { header, files };
}

/** A section cut by git's output cap: kept up to its last whole hunk (or its header). */
export function trimPartialSection(section: GitFilePatch): GitFilePatch {
  const lastHunk = section.text.lastIndexOf('\n@@');
  const text = lastHunk > 0 ? section.text.slice(0, lastHunk) : section.text.split('\n', 1)[0];
  return {
    path: section.path,
    text: `${text}\n[the rest of this file's diff was cut: git's output passed the size cap]`,
  };
}

/** Quotes a path for a diff header the way git does when it holds a character that needs it. */
function diffPath(prefix: string, file: string): string {
  const plain = `${prefix}${file}`;
  const needsQuotes = [...file].some(
    (c) => c === '"' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f,
  );
  return needsQuotes
    ? `"${plain
        .replace(/[\\"]/g, (c) => `\\${c}`)
        .replace(/\t/g, '\\t')
        .replace(/\n/g, '\\n')}"`
    : plain;
}

/** A new-file diff of `text` (every line added), as `git diff` would show it for a file just added. */
export function newFileDiff(file: string, text: string, executable: boolean): string {
  const lines = text === '' ? [] : text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  if (endsWithNewline) lines.pop();
  const header = [
    `diff --git ${diffPath('a/', file)} ${diffPath('b/', file)}`,
    `new file mode ${executable ? '100755' : '100644'}`,
  ];
  if (lines.length === 0) return header.join('\n');
  const body = lines.map((line) => `+${line}`);
  if (!endsWithNewline) body.push('\\ No newline at end of file');
  return [
    ...header,
    '--- /dev/null',
    `+++ ${diffPath('b/', file)}`,
    `@@ -0,0 +${lines.length === 1 ? '1' : `1,${lines.length}`} @@`,
    ...body,
  ].join('\n');
}
