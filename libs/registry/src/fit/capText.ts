// The registry's last guard on a result's size, applied after the tool ran (invoke/).
import type { ToolCallContent } from '../definitions';

/**
 * The registry's last guard: text parts past `maxChars` in all are cut at a line boundary, with a
 * note saying how much was left out. Tools that can return much cut themselves at a boundary the
 * model can name; this only catches one that did not, so that no result floods the context.
 */
export function capTextToBudget(content: readonly ToolCallContent[], maxChars: number): ToolCallContent[] {
  let left = maxChars;
  let cut = 0;
  const kept: ToolCallContent[] = [];
  for (const part of content) {
    if (part.kind !== 'text') {
      kept.push(part);
      continue;
    }
    if (part.value.length <= left) {
      kept.push(part);
      left -= part.value.length;
      continue;
    }
    // At the last line end inside the budget; a part without one is cut at the budget itself.
    const lineEnd = left > 0 ? part.value.lastIndexOf('\n', left) : 0;
    const end = lineEnd > 0 ? lineEnd : left;
    cut += part.value.length - end;
    if (end > 0) kept.push({ kind: 'text', value: part.value.slice(0, end) });
    left = 0;
  }
  if (cut === 0) return kept;
  kept.push({
    kind: 'text',
    value: `… (the result was cut at its budget of ${maxChars.toLocaleString('en-US')} characters: ${cut.toLocaleString('en-US')} more characters were left out. Ask for less: a narrower path, a line range, a smaller count or a more precise pattern.)`,
  });
  return kept;
}
