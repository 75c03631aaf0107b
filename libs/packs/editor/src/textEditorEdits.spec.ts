import { insertLines, strReplace, viewText } from './textEditorEdits';

describe('textEditorEdits', () => {
  it('views CRLF files without carriage returns, and an empty file as no lines', () => {
    expect(viewText('a\r\nb\r\n', 'w.txt')).toBe(
      "Here's the result of running `cat -n` on w.txt:\n     1\ta\n     2\tb\n",
    );
    expect(viewText('', 'e.txt')).toBe("Here's the result of running `cat -n` on e.txt:\n\n");
    expect(() => viewText('', 'e.txt', [1, -1])).toThrow(/view_range.*\[1, 0\]/);
  });

  it('clips a long view with a note that says which lines were shown', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `${i}`).join('\n');
    const out = viewText(text, 'big', [10, 4000]);
    expect(out).toMatch(/<response clipped><NOTE>To save on context only part of this file has been shown to you\./);
    expect(out).toMatch(/Shown: lines 10-\d+ of 5000\. To see more, call view with view_range \[\d+, 4000\]/);
  });

  it('inserts into an empty file and into a file without a final newline', () => {
    expect(insertLines('', 0, 'x', 'f').text).toBe('x\n');
    expect(insertLines('a\nb', 2, 'c', 'f').text).toBe('a\nb\nc');
    expect(insertLines('a\r\nb\r\n', 1, 'x\ny\n', 'f').text).toBe('a\r\nx\r\ny\r\nb\r\n');
    expect(() => insertLines('a\n', -1, 'x', 'f')).toThrow(/\[0, 1\]/);
  });

  it('refuses an empty old_str, and quotes a long one bounded', () => {
    expect(() => strReplace('abc', '', 'x', 'f')).toThrow(/must not be empty/);
    expect(() => strReplace('abc', 'z'.repeat(5000), 'x', 'f')).toThrow(/more characters\)` did not appear verbatim/);
  });

  it('lists at most 20 lines of many matches', () => {
    expect(() => strReplace('x\n'.repeat(50), 'x', 'y', 'f')).toThrow(
      /in lines \[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, … \(30 more\)\]/,
    );
  });

  it('snippets 4 lines around a replacement, numbered from the file', () => {
    const text = Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('\n') + '\n';
    const { message } = strReplace(text, 'l7', 'seven\nSEVEN', 'f');
    expect(message).toContain(
      '     3\tl3\n     4\tl4\n     5\tl5\n     6\tl6\n     7\tseven\n     8\tSEVEN\n     9\tl8\n    10\tl9\n    11\tl10\n    12\tl11\nReview',
    );
  });
});

describe('a str_replace or insert of a huge text', () => {
  it('answers with a snippet clipped to the view budget', () => {
    const huge = 'y'.repeat(300_000);
    const replaced = strReplace('a\nb\nc\n', 'b', huge, 'f.txt');
    expect(replaced.text).toBe(`a\n${huge}\nc\n`);
    expect(replaced.message.length).toBeLessThan(17_000);
    expect(replaced.message).toContain('<response clipped');
    const inserted = insertLines('a\n', 1, `${huge}\n${huge}`, 'f.txt');
    expect(inserted.message.length).toBeLessThan(17_000);
  });
});
