// What Gemini CLI's replace does to a file's text, without any I/O: CRLF read as LF, exact
// substring counting, every occurrence replaced when allowed, then the file's line ending and its
// final newline (or the lack of one) put back. Shared by the tool's preparation and invocation;
// every problem is a WorkspaceError in Gemini CLI's words, and a throwing edit writes nothing.
import { WorkspaceError } from '@toolpacks/services';
import { toLf, usesCrlf } from './lineText';
import { findOccurrences } from './occurrences';
import { newOmissionPlaceholders } from './omissionPlaceholder';

export interface ReplaceRequest {
  readonly oldString: string;
  readonly newString: string;
  readonly allowMultiple?: boolean;
  /** The old `expected_replacements`: the exact number of occurrences the model expects. */
  readonly expectedReplacements?: number;
}

export interface Replaced {
  /** The new text, in the file's own line ending. */
  readonly text: string;
  readonly replacements: number;
}

/** Refuses a new_string that adds an omission placeholder (`// rest of code ...`) the old_string did not hold. */
export function checkNoNewPlaceholder(oldString: string, newString: string): void {
  const added = newOmissionPlaceholders(newString, oldString);
  if (added.length)
    throw new WorkspaceError(
      `new_string holds an omission placeholder (${JSON.stringify(added[0])}): writing it would delete the code it stands for. Nothing was changed. Give the complete replacement text.`,
    );
}

/** `text` with the request applied; `shownPath` is the path the messages name. */
export function applyReplace(text: string, request: ReplaceRequest, shownPath: string): Replaced {
  // A CRLF file is edited as LF and written back CRLF; a file of mixed endings is matched as it is,
  // so the lines the edit does not touch keep their own endings.
  const crlf = usesCrlf(text);
  const mixed = !crlf && text.includes('\r\n');
  const body = mixed ? text : toLf(text);
  const search = mixed ? request.oldString : toLf(request.oldString);
  const replacement = mixed ? request.newString : toLf(request.newString);
  const count = search === '' ? 0 : findOccurrences(body, search).count;
  if (count === 0)
    throw new WorkspaceError(
      `Failed to edit, 0 occurrences found for old_string in ${shownPath}. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
    );
  const expected = request.expectedReplacements;
  if (expected !== undefined && count !== expected)
    throw new WorkspaceError(
      `Failed to edit, Expected ${expected} occurrence${expected === 1 ? '' : 's'} but found ${count} for old_string in file: ${shownPath}. Read the file again and make old_string match exactly the occurrences you mean.`,
    );
  if (expected === undefined && count > 1 && request.allowMultiple !== true)
    throw new WorkspaceError(
      `Failed to edit, Expected 1 occurrence but found ${count} for old_string in file: ${shownPath}. If you intended to replace multiple occurrences, set 'allow_multiple' to true. Otherwise add surrounding lines to old_string to make it unique.`,
    );
  if (search === replacement)
    throw new WorkspaceError(`No changes to apply. The old_string and new_string are identical in file: ${shownPath}`);
  let after = body.split(search).join(replacement);
  if (body.endsWith('\n') && !after.endsWith('\n')) after += '\n';
  else if (!body.endsWith('\n') && after.endsWith('\n')) after = after.slice(0, -1);
  return { text: crlf ? after.replace(/\n/g, '\r\n') : after, replacements: count };
}
