// Writes that can make code run (git config and hooks, editor tasks and settings, …) ask the user
// every time, with the diff shown. The host's file system decides what is sensitive and refuses
// such a write unless the call was confirmed; this builds the confirmation the user sees.
import { structuredPatch } from 'diff';
import type { PreparedToolInvocation } from '@toolpacks/registry';
import type { WorkspaceFileSystem } from '@toolpacks/services';

export interface PlannedWrite {
  /** Workspace-relative path. */
  readonly path: string;
  /** Content before (undefined: the file is created). */
  readonly before?: string;
  /** Content after (undefined: the file is deleted). */
  readonly after?: string;
}

/** A confirmation for the sensitive writes among `writes`, or undefined when there are none. */
export async function confirmSensitiveWrites(workspace: WorkspaceFileSystem, writes: readonly PlannedWrite[]): Promise<PreparedToolInvocation | undefined> {
  const sensitive: { write: PlannedWrite; reason: string }[] = [];
  for (const write of writes) {
    const reason = await workspace.sensitiveReason(write.path);
    if (reason) sensitive.push({ write, reason });
  }
  if (sensitive.length === 0) return undefined;
  const sections = sensitive.map(({ write, reason }) => `${reason}\n\n\`\`\`diff\n${unifiedDiff(write)}\n\`\`\``);
  return {
    confirmationMessages: {
      title: sensitive.length === 1 ? `Change ${sensitive[0].write.path}?` : `Change ${sensitive.length} sensitive files?`,
      message: `This edit writes ${sensitive.length === 1 ? 'a file' : 'files'} that can make programs run. Check every line before you allow it.\n\n${sections.join('\n\n')}`,
    },
    alwaysConfirm: true,
  };
}

/** The whole change as a unified diff: every changed line is shown, nothing is cut. */
export function unifiedDiff({ path, before, after }: PlannedWrite): string {
  const patch = structuredPatch(before === undefined ? '/dev/null' : `a/${path}`, after === undefined ? '/dev/null' : `b/${path}`, before ?? '', after ?? '', '', '', { context: 3 });
  const lines = [`--- ${patch.oldFileName}`, `+++ ${patch.newFileName}`];
  for (const hunk of patch.hunks) lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines);
  return lines.join('\n');
}
