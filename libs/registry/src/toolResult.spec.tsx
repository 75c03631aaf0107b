import { BasePromptElementProps, PromptElement, PromptSizing, TextChunk } from '@vscode/prompt-tsx';
import { contentToText, toCallContent } from './invoke/callContent';
import {
  estimateTokens,
  LanguageModelDataPart,
  LanguageModelTextPart,
  LanguageModelToolResult,
  renderPromptResult,
} from './toolResult';
import { defaultTokenization } from './toolResult';

interface LinesProps extends BasePromptElementProps {
  readonly lines: string[];
}

/** Renders as many lines as the budget allows and says when it stopped early. */
class Lines extends PromptElement<LinesProps> {
  async render(_state: void, sizing: PromptSizing) {
    const kept: string[] = [];
    let used = 0;
    for (const line of this.props.lines) {
      const cost = await sizing.countTokens(line + '\n');
      if (used + cost > sizing.tokenBudget - 20) break;
      kept.push(line);
      used += cost;
    }
    const note =
      kept.length < this.props.lines.length ? `\n[truncated: ${this.props.lines.length - kept.length} more lines]` : '';
    return <TextChunk>{kept.join('\n') + note}</TextChunk>;
  }
}

describe('tool results', () => {
  const lines = Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(20)}`);

  it('renders a prompt-tsx element within the token budget and says it truncated', async () => {
    const result = await renderPromptResult(Lines, { lines }, defaultTokenization(200));
    const content = toCallContent(result);
    expect(content).toHaveLength(1);
    expect(content[0].kind).toBe('promptTsx');
    const text = await contentToText(content);
    expect(estimateTokens(text)).toBeLessThanOrEqual(200);
    expect(text).toMatch(/^line 0 /);
    expect(text).toMatch(/\[truncated: \d+ more lines\]$/);
  });

  it('renders everything when the budget allows', async () => {
    const text = await contentToText(
      toCallContent(await renderPromptResult(Lines, { lines: lines.slice(0, 3) }, defaultTokenization(10_000))),
    );
    expect(text).toBe(lines.slice(0, 3).join('\n'));
  });

  it('normalises the parts any tool returns, VS Code classes or plain objects', async () => {
    const data = new Uint8Array([1, 2, 3]);
    const content = toCallContent(
      new LanguageModelToolResult([new LanguageModelTextPart('a'), new LanguageModelDataPart(data, 'image/png')]),
    );
    expect(content).toEqual([
      { kind: 'text', value: 'a' },
      { kind: 'data', mimeType: 'image/png', data },
    ]);
    expect(toCallContent({ content: [null, 3, { value: 'b' }] })).toEqual([{ kind: 'text', value: 'b' }]);
    expect(toCallContent(undefined)).toEqual([]);
    expect(await contentToText(content)).toBe('a\n[image/png, 3 bytes]');
  });
});
