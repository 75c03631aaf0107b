// Confirmations quote text a model or a repository wrote: code, paths, diffs, config values. Shown as
// it is, that text can rewrite the question: a terminal acts on control characters (`\r` returns to
// the line's start, ESC[2K erases it, ESC[2J clears the screen), and editors and web views reorder
// bidi overrides and hide zero-width characters. So every such character is replaced by a visible
// stand-in before a person sees it: the code shown is all of the code that runs.
//
// Stand-ins are printable characters, so making text inert twice changes nothing (tools and hosts
// may both apply it): C0 controls and DEL become their Control Pictures (␛ ␍ ␇ ␡: one cell each,
// the Unicode way to show a control character), everything else `⟨U+202E⟩`, which reads as no
// source text does.

/** ZWJ emoji sequences (👨‍👩‍👧): both sides of each joiner are visible, so the joiner hides nothing. */
const EMOJI_ZWJ_SEQUENCE = String.raw`\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?)+`;
/** One text/emoji presentation selector after a character (❤️): a run of selectors can smuggle data. */
const PRESENTATION_SELECTOR = String.raw`(?<![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\uFE0E\uFE0F]`;
/**
 * What is never shown as itself: controls (C0, DEL, C1), format characters (bidi controls, zero-width
 * characters, soft hyphen, tags), line and paragraph separators, lone surrogates, and characters
 * that draw nothing (combining grapheme joiner, Hangul fillers, Khmer inherent vowels, variation
 * selectors).
 */
const HIDDEN = String.raw`[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]`;
/** Kept characters alternate first; for text with lines, line breaks and tabs are never matched (a diff has thousands). */
// The classes list combining marks and variation selectors each on its own (the `u` flag matches code points): that is the point.
// eslint-disable-next-line no-misleading-character-class
const LINE_PATTERN = new RegExp(`(${EMOJI_ZWJ_SEQUENCE})|(${PRESENTATION_SELECTOR})|(\\r\\n)|(${HIDDEN})`, 'gu');
// eslint-disable-next-line no-misleading-character-class
const TEXT_PATTERN = new RegExp(`(${EMOJI_ZWJ_SEQUENCE})|(${PRESENTATION_SELECTOR})|(?!\\r\\n|\\n|\\t)${HIDDEN}`, 'gu');

/** A visible stand-in appears in the text (a Control Picture or `⟨U+…⟩`). */
const STAND_IN = /[\u2400-\u2421]|⟨U\+[0-9A-F]{4,6}⟩/u;

function standIn(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

function inert(text: string, keepLines: boolean): string {
  return text.replace(
    keepLines ? TEXT_PATTERN : LINE_PATTERN,
    (match, emoji: unknown, selector: unknown, crlf: unknown) => {
      if (typeof emoji === 'string' || typeof selector === 'string') return match;
      // TEXT_PATTERN has no third group: its third argument is the offset.
      if (typeof crlf === 'string') return '\u240D\u240A';
      return standIn(match);
    },
  );
}

/**
 * `text` with every character a terminal, an editor or a Markdown view would act on or hide made
 * visible; line breaks (`\n`, `\r\n`) and tabs are kept. Letters, emoji, CJK and combining marks are
 * left as they are.
 */
export function inertText(text: string): string {
  return inert(text, true);
}

/** Like {@link inertText}, for text quoted on one line (a title, a path): line breaks and tabs are made visible too (␊ ␍ ␉), so none can start a line of its own. */
export function inertLine(text: string): string {
  return inert(text, false);
}

/** Whether `text` shows a stand-in of {@link inertText} (or a character that looks like one). */
export function showsStandIns(text: string): boolean {
  return STAND_IN.test(text);
}

/** Said after a question that shows stand-ins, so a person knows what ␛ or ⟨U+202E⟩ means. */
export const STAND_IN_NOTE =
  'Note: the text above contains control or invisible characters; they are shown as ␛, ␍, ⟨U+202E⟩ and the like instead of acting on the screen.';

/** A confirmation's text as a person may see it. */
export interface InertConfirmation {
  /** On one line: line breaks and tabs shown as stand-ins. */
  readonly title: string;
  /** Line breaks kept; a note at the end when stand-ins show. */
  readonly message: string;
}

/**
 * A confirmation as a person may see it: the title on one line, the message with line breaks, both
 * inert, and a note when stand-ins show. Every host applies it where it shows a question (terminal,
 * MCP elicitation, VS Code), so the questions of every pack get it.
 */
export function inertConfirmation(title: string, message: string): InertConfirmation {
  const shown = { title: inertLine(title), message: inertText(message) };
  return showsStandIns(shown.title) || showsStandIns(shown.message)
    ? { ...shown, message: `${shown.message}\n\n${STAND_IN_NOTE}` }
    : shown;
}

/**
 * A Markdown code block showing `code` inert, fenced with more backticks than any run inside it, so
 * no line of the code can close the block and turn the rest into the question's own Markdown.
 */
export function codeBlock(code: string, language = ''): string {
  const shown = inertText(code);
  let longestRun = 0;
  // Shorter runs never reach the shortest fence (three).
  for (const run of shown.match(/`{3,}/g) ?? []) longestRun = Math.max(longestRun, run.length);
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  // An info string is a word (`diff`): a backtick in it would end the fence line.
  return `${fence}${language.replace(/[^\w+-]/g, '')}\n${shown}\n${fence}`;
}
