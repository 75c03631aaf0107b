// A file's lines as a prompt-tsx element: it keeps as many lines as the token budget allows and
// says where it stopped, so the model can read on from there.
import { BasePromptElementProps, PromptElement, PromptSizing, TextChunk } from '@vscode/prompt-tsx';

export interface FileLinesProps extends BasePromptElementProps {
  readonly path: string;
  readonly lines: readonly string[];
  /** 1-based number of lines[0]. */
  readonly firstLine: number;
  readonly totalLines: number;
}

export class FileLines extends PromptElement<FileLinesProps> {
  async render(_state: void, sizing: PromptSizing) {
    const { path, lines, firstLine, totalLines } = this.props;
    const lastRequested = firstLine + lines.length - 1;
    // Room for the header and the truncation note.
    let used = 60 + (await sizing.countTokens(path));
    let kept = 0;
    for (const line of lines) {
      const cost = await sizing.countTokens(`${line}\n`);
      if (used + cost > sizing.tokenBudget) break;
      used += cost;
      kept++;
    }
    const last = firstLine + kept - 1;
    const header =
      kept === 0 ? `File: ${path} (${totalLines} lines)` : `File: ${path}, lines ${firstLine}-${last} of ${totalLines}`;
    const parts = [header, ...lines.slice(0, kept)];
    if (kept < lines.length) {
      parts.push(
        kept === 0
          ? `[Not even one line fits the token budget. Read a smaller range, or use grep_search to find what you need.]`
          : `[Truncated at line ${last} to fit the token budget (asked for ${firstLine}-${lastRequested}). Call read_file with startLine ${last + 1} to read on.]`,
      );
    }
    return <TextChunk>{parts.join('\n')}</TextChunk>;
  }
}
