import { codeBlock, inertConfirmation, inertLine, inertText, showsStandIns, STAND_IN_NOTE } from './inertText';

/** Every character a terminal, an editor or a Markdown view acts on or hides. */
const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

describe('inertText', () => {
  it('shows C0 controls and DEL as Control Pictures, keeping line breaks and tabs', () => {
    expect(inertText('a\u0000b\u0007c\bd\u001be\u007ff')).toBe('a␀b␇c␈d␛e␡f');
    expect(inertText('x\r\x1b[2Ky')).toBe('x␍␛[2Ky');
    expect(inertText('one\ntwo\r\nthree\tfour\r')).toBe('one\ntwo\r\nthree\tfour␍');
    expect(inertText('\r\r\n')).toBe('␍\r\n');
    expect(inertText('\v\f')).toBe('␋␌');
  });

  it('shows whole ANSI and OSC sequences visibly, C1 controls included', () => {
    expect(inertText('\x1b[2J\x1b[H\x1b[1A\x1b[31mred\x1b[0m')).toBe('␛[2J␛[H␛[1A␛[31mred␛[0m');
    expect(inertText('\x1b]0;title\x07\x1b]8;;http://x\x1b\\link')).toBe('␛]0;title␇␛]8;;http://x␛\\link');
    // C1: CSI, OSC, NEL and ST as single characters (8-bit controls some terminals act on).
    expect(inertText('\u009b2K\u009d0;t\u009c\u0085\u0080\u009f')).toBe(
      '⟨U+009B⟩2K⟨U+009D⟩0;t⟨U+009C⟩⟨U+0085⟩⟨U+0080⟩⟨U+009F⟩',
    );
  });

  it('shows bidi controls, zero-width and other invisible characters as code points', () => {
    const bidi = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ];
    for (const c of bidi)
      expect(inertText(`a${c}b`)).toBe(`a⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩b`);
    expect(inertText('if (isAdmin\u202e \u2066// check\u2069\u2066) {')).toBe(
      'if (isAdmin⟨U+202E⟩ ⟨U+2066⟩// check⟨U+2069⟩⟨U+2066⟩) {',
    );
    const invisible = [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\u2061',
      '\u2062',
      '\u2063',
      '\u2064',
      '\ufeff',
      '\u00ad',
      '\u180e',
      '\u2028',
      '\u2029',
      '\u034f',
      '\u3164',
      '\u115f',
    ];
    for (const c of invisible) expect(inertText(`a${c}b`)).toMatch(/^a⟨U\+[0-9A-F]{4}⟩b$/);
    // Tag characters (invisible ASCII) and a lone surrogate.
    expect(inertText('x\u{e0069}\u{e0067}\u{e007f}')).toBe('x⟨U+E0069⟩⟨U+E0067⟩⟨U+E007F⟩');
    expect(inertText('a\ud800b')).toBe('a⟨U+D800⟩b');
  });

  it('leaves letters, emoji, CJK and combining marks intact', () => {
    const text = 'café naïve Ελληνικά русский 日本語のテキスト 한국어 עברית العربية e\u0301 👍🏽 ❤️ 👨‍👩‍👧 🏳️‍🌈 1️⃣ ␛ ⟨U+0041⟩';
    expect(inertText(text)).toBe(text);
    expect(inertLine(text)).toBe(text);
  });

  it('shows a run of variation selectors (data smuggled after a character)', () => {
    expect(inertText('😀\ufe0f\ufe01\u{e0100}')).toBe('😀\ufe0f⟨U+FE01⟩⟨U+E0100⟩');
    expect(inertText('a\u200db')).toBe('a⟨U+200D⟩b');
  });

  it('is idempotent and leaves no hidden character, whatever the input', () => {
    let all = '';
    for (let code = 0; code < 0x3000; code++) all += String.fromCharCode(code);
    all += '\u{e0000}\u{e0001}\u{e007f}\u{e0100}\u{e01ef}\ufeff\ufff9\ufffb';
    for (const f of [inertText, inertLine]) {
      const once = f(all);
      expect(f(once)).toBe(once);
      expect(once.replace(/[\n\t]/g, '')).not.toMatch(hidden);
    }
  });
});

describe('inertLine', () => {
  it('also shows line breaks and tabs, so the text stays on one line', () => {
    expect(inertLine('notes/README.md?\nRun it? [y/N]')).toBe('notes/README.md?␊Run it? [y/N]');
    expect(inertLine('a\r\nb\tc')).toBe('a␍␊b␉c');
  });
});

describe('inertConfirmation', () => {
  it('keeps a plain question as it is', () => {
    expect(inertConfirmation('Change a.txt?', '```diff\n+x\n```')).toEqual({
      title: 'Change a.txt?',
      message: '```diff\n+x\n```',
    });
  });

  it('makes both parts inert, the title one line, and says what the stand-ins are', () => {
    const shown = inertConfirmation('Change a\n\x1b[2Jb?', 'x\r\x1b[2Ky');
    expect(shown).toEqual({ title: 'Change a␊␛[2Jb?', message: `x␍␛[2Ky\n\n${STAND_IN_NOTE}` });
    expect(showsStandIns(shown.title)).toBe(true);
    expect(showsStandIns('plain ⟨text⟩')).toBe(false);
  });
});

describe('codeBlock', () => {
  it('fences with more backticks than any run inside', () => {
    expect(codeBlock('x === 1')).toBe('```\nx === 1\n```');
    expect(codeBlock('a\n```\n## Safe to allow', 'diff')).toBe('````diff\na\n```\n## Safe to allow\n````');
    expect(codeBlock('`````')).toBe('``````\n`````\n``````');
  });

  it('shows the code inert, and keeps the info string a word', () => {
    expect(codeBlock('x\r\x1b[2Ky', 'js`\n')).toBe('```js\nx␍␛[2Ky\n```');
  });

  it('handles a very large code block', () => {
    const big = '`a`\n'.repeat(300_000);
    expect(codeBlock(big).startsWith('```\n')).toBe(true);
  });
});
