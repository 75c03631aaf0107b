// The files a git write (restore, switch) writes that can make code run, in its question: each named
// with why and the blob written, then their diff whole. A file the question cannot show (binary, or
// a diff too long) is named as such: the write refuses it.
import { inertLine, inertText } from '@toolpacks/registry';
import type { WrittenSensitiveFile } from '@toolpacks/services';

/** Whether the write touches a file that can make code run (then a person confirms every call). */
export function writesSensitive(description: { sensitive: readonly WrittenSensitiveFile[] } | undefined): boolean {
  return (description?.sensitive.length ?? 0) > 0;
}

/** The question's lines for `files` and their `diff` (empty when there are none). */
export function sensitiveLines(
  tool: string,
  files: readonly WrittenSensitiveFile[],
  diff: string,
  heading: string,
): string[] {
  if (files.length === 0) return [];
  const lines = [
    '',
    `${heading} (${files.length}), which can make code run:`,
    ...files.map((file) => {
      // The reason names the path already ("x — why"); a link's reason names where it leads.
      const what = file.reason.startsWith(file.path) ? file.reason : `${file.path}: ${file.reason}`;
      const version = file.blob ? `writes blob ${file.blob}` : 'deletes it';
      const refusal = file.unshowable ? ` — ${tool} will refuse: ${file.unshowable}` : '';
      return `- ${inertLine(`${what}; ${version}${refusal}`)}`;
    }),
  ];
  if (diff) lines.push('Their content (the whole diff):', inertText(diff));
  return lines;
}
