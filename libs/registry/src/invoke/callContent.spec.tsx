import { PromptElement, TextChunk, type BasePromptElementProps } from '@vscode/prompt-tsx';
import { defaultTokenization, renderPromptResult, textChunkResult } from '../toolResult';
import { contentToText, renderContent, toCallContent } from './callContent';

interface ChunkProps extends BasePromptElementProps {
  readonly text: string;
  readonly priority?: number;
}

class OneChunk extends PromptElement<ChunkProps> {
  render() {
    return <TextChunk priority={this.props.priority}>{this.props.text}</TextChunk>;
  }
}

const texts = ['File: a', 'x\n', '\n\nlead', '  spaces  \n\t', 'é 中 🎉\r\n<b>&amp;</b>', 'y'.repeat(20_000)];

describe('contentToText: a lone text chunk', () => {
  it.each(texts.map((text) => [JSON.stringify(text.slice(0, 20)), text] as const))(
    '%s: the text the renderer gives, for a built and a rendered chunk',
    async (_name, text) => {
      const rendered = toCallContent(await renderPromptResult(OneChunk, { text }, defaultTokenization(100_000)));
      const built = toCallContent(textChunkResult(OneChunk.name, text));
      const expected = await renderContent(rendered);
      expect(await contentToText(built)).toBe(expected);
      expect(await contentToText(rendered)).toBe(expected);
    },
  );

  it('a chunk with its own priority, or over the budget, still goes through the renderer', async () => {
    const prioritised = toCallContent(
      await renderPromptResult(OneChunk, { text: 'kept', priority: 5 }, defaultTokenization(100)),
    );
    expect(await contentToText(prioritised)).toBe(await renderContent(prioritised));
    const long = toCallContent(textChunkResult(OneChunk.name, 'word '.repeat(400)));
    expect(await contentToText(long, 100)).toBe(await renderContent(long, 100));
    expect((await contentToText(long, 100)).length).toBeLessThan(2_000);
  });

  it('two parts are joined by the renderer as before', async () => {
    const content = [...toCallContent(textChunkResult('A', 'one')), ...toCallContent(textChunkResult('B', 'two'))];
    expect(await contentToText(content)).toBe(await renderContent(content));
  });
});
