// The sentence a pack adds to an error its services threw: looked up by the error's `code` (a string;
// the registry knows no service's errors), guarded, and bounded. A pack's bug here never changes the
// answer beyond leaving the sentence out.
import { quoteBounded } from '@toolpacks/base';
import type { ErrorHintLookup } from '../store/packErrorHints';

/** A hint is one or two sentences; past this it is cut. */
const MAX_HINT_CHARS = 400;

/** The pack's sentence for this error thrown by `toolName`, or undefined (no code, no hint, or a faulty lookup). */
export function errorHintFor(
  lookup: ErrorHintLookup | undefined,
  error: unknown,
  toolName: string,
): string | undefined {
  if (!lookup || !error || (typeof error !== 'object' && typeof error !== 'function')) return undefined;
  try {
    const code: unknown = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code) return undefined;
    const hint = lookup(code, toolName);
    return typeof hint === 'string' && hint.trim() ? quoteBounded(hint.trim(), MAX_HINT_CHARS) : undefined;
  } catch {
    return undefined;
  }
}
