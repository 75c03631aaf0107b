// A pack's errorHints read once at load, into one lookup the registry owns: a table is copied (a later
// change to the pack's object changes nothing, and no inherited key such as `toString` is a code), a
// function is kept as it is (invocation calls it guarded: a pack's bug never breaks an answer).
import { quoteBounded, safeString } from '@toolpacks/base';

/** The sentence for a code and the failing tool, or undefined; may throw when the pack's function does. */
export type ErrorHintLookup = (code: string, toolName: string) => unknown;

/** The lookup, none when the pack declares no hints, or why the value is not hints. */
export function readErrorHints(
  value: unknown,
  packId: string,
): { readonly ok: true; readonly lookup?: ErrorHintLookup } | { readonly ok: false; readonly message: string } {
  if (value === undefined || value === null) return { ok: true };
  if (typeof value === 'function') return { ok: true, lookup: value as ErrorHintLookup };
  const refused = {
    ok: false,
    message: `Pack '${packId}': errorHints must be a table of error codes to sentences (non-empty strings), or a function of the code and the tool's name that returns one.`,
  } as const;
  if (typeof value !== 'object' || Array.isArray(value)) return refused;
  const table: Record<string, string> = Object.create(null);
  try {
    for (const [code, sentence] of Object.entries(value)) {
      if (typeof sentence !== 'string' || !sentence.trim()) return refused;
      table[code] = sentence;
    }
  } catch (error) {
    return { ok: false, message: `Pack '${packId}': errorHints could not be read: ${quoteBounded(safeString(error))}` };
  }
  return { ok: true, lookup: (code) => table[code] };
}
