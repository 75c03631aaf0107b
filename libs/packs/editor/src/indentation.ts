// How a file is indented, in words for a result ("tabs", "4 spaces"): decided from the lines that
// are indented, by the most common step between a line and the next deeper one.

/** "tabs", "N spaces", "a mix of tabs and spaces", or undefined when no line is indented. */
export function describeIndentation(text: string): string | undefined {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (indent.startsWith('\t')) tabs++;
    else if (indent.startsWith(' ')) {
      spaces++;
      // A lone space before `*` continues a block comment; it is no indentation step.
      const width = indent.length;
      if (width > previous && !line.trimStart().startsWith('*'))
        steps.set(width - previous, (steps.get(width - previous) ?? 0) + 1);
    }
    if (!indent.startsWith('\t')) previous = indent.length;
  }
  if (tabs === 0 && spaces === 0) return undefined;
  if (tabs && spaces && Math.min(tabs, spaces) * 5 > Math.max(tabs, spaces)) return 'a mix of tabs and spaces';
  if (tabs > spaces) return 'tabs';
  let step = 0;
  let seen = 0;
  for (const [width, count] of steps)
    if (count > seen || (count === seen && width < step)) [step, seen] = [width, count];
  return step ? `${step} space${step === 1 ? '' : 's'}` : 'spaces';
}
