// Models that rewrite a whole file sometimes leave out a part and write a line like
// `// rest of the code ...` instead. Written to disk, that line deletes the code it stands for, so
// the Gemini tools refuse new text that holds one.

// A line that is nothing but such a note: an optional comment marker, one of the phrases, a few
// more words, and an ellipsis (`...` or `…`) at the end, an optional comment closer after it.
const PLACEHOLDER =
  /^(?:\/\/+|#+|\/\*+|\*+|<!--|--|;+)?\s*((?:rest of|unchanged (?:code|methods?))\b[^\n]{0,60}?(?:\.{3}|…))\s*(?:\*\/|-->)?$/i;

/** The placeholder lines of `text`, trimmed, in order. */
export function omissionPlaceholders(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.length <= 80 && PLACEHOLDER.test(trimmed)) found.push(trimmed);
  }
  return found;
}

/** The placeholder lines of `text` that `before` does not already hold: the ones this write would add. */
export function newOmissionPlaceholders(text: string, before = ''): string[] {
  const existing = new Set(omissionPlaceholders(before));
  return omissionPlaceholders(text).filter((line) => !existing.has(line));
}
