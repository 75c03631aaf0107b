// Error messages quote model input; a quoted value is cut so a 50 MB path cannot become a 50 MB error.
import { MAX_QUOTED_CHARS } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';

/** `'value'`, cut to MAX_QUOTED_CHARS characters with the rest counted. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  if (text.length <= MAX_QUOTED_CHARS) return `'${text}'`;
  return `'${text.slice(0, MAX_QUOTED_CHARS)}…' (${text.length - MAX_QUOTED_CHARS} more characters)`;
}

/**
 * System errors quote the path they failed on (which may be model input of any length): a name
 * that is too long becomes a WorkspaceError, any other message is cut.
 */
export function boundedError(error: unknown): unknown {
  // Duck-typed: errors from Node's core may come from another realm (test sandboxes).
  if (typeof error !== 'object' || error === null || typeof (error as Error).message !== 'string') return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENAMETOOLONG')
    return new WorkspaceError(
      'A name in the path is too long for the file system (more than 255 bytes); use a shorter name.',
    );
  const message = (error as Error).message;
  if (message.length > 2 * MAX_QUOTED_CHARS + 200)
    (error as Error).message = `${message.slice(0, 2 * MAX_QUOTED_CHARS + 200)}… (cut)`;
  return error;
}
