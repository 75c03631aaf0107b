// Input handling shared by the Gemini CLI tools. Gemini CLI renamed parameters over time
// (absolute_path → file_path, read_file's 0-based offset/limit → start_line/end_line, replace's
// expected_replacements → allow_multiple); Gemini 2.5 learned the old names, so they are accepted
// beside the new ones without being shown in the schema. Paths: relative to the root or absolute,
// a leading `@` dropped when the literal path does not exist (as Gemini CLI does).
import { WorkspaceError } from '@toolpacks/services';
import type { WorkspaceFileSystem } from '@toolpacks/services';

/** A parameter the schema does not declare (an old name), read from the call's input. */
export function legacyParameter(input: object, name: string): unknown {
  return (input as Readonly<Record<string, unknown>>)[name];
}

/** An old integer parameter: undefined when absent, else an integer of at least `minimum`. */
export function legacyInteger(input: object, name: string, minimum: number): number | undefined {
  const value = legacyParameter(input, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum)
    throw new WorkspaceError(`The '${name}' parameter must be an integer of at least ${minimum}.`);
  return value;
}

/** The absolute path of the call's `file_path` (or its old name `absolute_path`), confined to the workspace. */
export async function geminiFilePath(
  workspace: WorkspaceFileSystem,
  input: { readonly file_path?: string },
): Promise<string> {
  const given = input.file_path ?? legacyParameter(input, 'absolute_path');
  if (typeof given !== 'string' || given.trim() === '')
    throw new WorkspaceError("The 'file_path' parameter must be non-empty.");
  if (given.startsWith('@') && given.length > 1 && !(await workspace.stat(given).catch(() => undefined)))
    return workspace.resolve(given.slice(1));
  return workspace.resolve(given);
}
