// The body of every whole-file write (create_file, and Gemini's write_file as create_file
// {overwrite}): the question names the file and shows the whole change — a new file's every line,
// an overwrite's diff (or what is lost when the old file is not text) — and carries the receipt of
// it; the write goes only over what the question was made from.
import { createHash } from 'node:crypto';
import { codeBlock, inertLine } from '@toolpacks/registry';
import { WorkspaceError } from '@toolpacks/services';
import type { FileStat, WorkspaceFileSystem, WriteOptions } from '@toolpacks/services';
import { lineCount } from './lineText';
import { confirmWrites, messageText, receiptOf, unifiedDiff } from './sensitiveWrites';
import type { EditQuestion } from './sensitiveWrites';
import { readShownFile } from './shownFiles';

/** What an overwrite's question was made from: no file, a text file, or a file that is not text. */
type Shown =
  | { readonly kind: 'absent' }
  | { readonly kind: 'text'; readonly digest: string }
  | { readonly kind: 'bytes'; readonly digest: string; readonly size: number; readonly mtimeMs: number };

/** Bytes of a file that is not text compared (with its size and time) to see that it is still what was asked about. */
const BYTES_COMPARED = 1024 * 1024;
/** Questions never followed by their call (declined, stopped) are forgotten past this many, or after this long. */
const MAX_SHOWN = 64;
const SHOWN_TTL_MS = 30 * 60_000;

/** What one whole-file write did. */
export interface WholeFileWritten {
  readonly relative: string;
  readonly absolute: string;
  readonly change: 'created' | 'overwritten';
}

export class WholeFileWrites {
  /**
   * What each overwrite's question was made from, by path and new content, until its call comes.
   * The first one is kept: VS Code prepares a call twice, and a person saw the first question.
   */
  private readonly shown = new Map<string, { readonly state: Shown; readonly at: number }>();

  constructor(private readonly workspace: WorkspaceFileSystem) {}

  /**
   * The question of writing `content` to `filePath` (`overwrite`: an existing file is replaced), or
   * undefined when none is needed. A new file asks only at a sensitive path (a hook, git config,
   * tasks, …) or in a write-protected folder — or always with `askNew` — showing the whole new file;
   * overwriting an existing file always asks, with the diff. Its receipt lists the real path, the
   * bytes there (or none) and the bytes written.
   */
  async prepare(
    filePath: unknown,
    content: unknown,
    overwrite: boolean,
    askNew = false,
  ): Promise<EditQuestion | undefined> {
    if (typeof filePath !== 'string' || typeof content !== 'string') return undefined;
    const relative = this.workspace.relative(await this.workspace.resolve(filePath));
    const existing = overwrite ? await this.workspace.stat(relative).catch(() => undefined) : undefined;
    if (overwrite && !existing) this.remember(relative, content, { kind: 'absent' });
    if (existing?.type !== 'file') {
      const write = { path: relative, after: content };
      const asked = await confirmWrites(this.workspace, [write]);
      if (asked || !askNew || existing) return asked;
      return {
        confirmationMessages: {
          title: `Create ${inertLine(relative)}?`,
          message: `${inertLine(relative)} will be created with ${lineCount(content)} lines:\n\n${codeBlock(unifiedDiff(write), 'diff')}`,
        },
        receipt: receiptOf([write]),
      };
    }
    const before = await this.workspace.readText(relative).catch(() => undefined);
    const shown = editable(before) ? textShown(before) : await this.bytesShown(relative, existing);
    if (shown) this.remember(relative, content, shown);
    // The receipt holds the exact bytes: the text when it is text, else the file's bytes, read whole.
    const beforeState = editable(before)
      ? undefined
      : (await readShownFile(this.workspace, relative).catch(() => undefined))?.state;
    const write = {
      path: relative,
      ...(editable(before) ? { before } : { before: '', beforeState: beforeState ?? ('absent' as const) }),
      after: content,
    };
    const sensitive = await confirmWrites(this.workspace, [write]);
    const title = `Overwrite ${inertLine(relative)}?`;
    // A sensitive file's question already shows the diff, and is asked every time.
    if (sensitive?.alwaysConfirm && sensitive.confirmationMessages)
      return { ...sensitive, confirmationMessages: { ...sensitive.confirmationMessages, title } };
    const message = [
      before === undefined
        ? `${inertLine(relative)} (${existing.size} bytes, not text) will be replaced by ${lineCount(content)} lines of text.`
        : `Its whole content will be replaced:\n\n${codeBlock(unifiedDiff({ ...write, before }), 'diff')}`,
      ...(sensitive?.confirmationMessages ? [messageText(sensitive.confirmationMessages.message)] : []),
    ].join('\n\n');
    return {
      confirmationMessages: { title, message },
      receipt: receiptOf([write]),
      ...(sensitive?.approvalKey ? { approvalKey: sensitive.approvalKey } : {}),
    };
  }

  /**
   * Writes `content` to `filePath`: creates it, or (with `overwrite`) replaces it — only over what
   * its question was made from (compare-and-swap); without a question on record (a host that did
   * not prepare the call), over what is there now. `options.receipt` is checked by the write path.
   */
  async write(filePath: string, content: string, overwrite: boolean, options: WriteOptions): Promise<WholeFileWritten> {
    const absolute = await this.workspace.resolve(filePath);
    const relative = this.workspace.relative(absolute);
    const existing = await this.workspace.stat(absolute);
    if (existing?.type === 'directory')
      throw new WorkspaceError(`${relative} is a folder; give the path of a file. Nothing was written.`);
    if (existing && !overwrite) throw exists(relative);
    const done = (change: 'created' | 'overwritten'): WholeFileWritten => ({ relative, absolute, change });
    const shown = overwrite
      ? (this.take(relative, content) ?? (await this.currentState(relative, existing)))
      : undefined;
    if (shown?.kind === 'text') {
      const now = await this.workspace.readText(absolute).catch(() => undefined);
      if (now === undefined || textShown(now).digest !== shown.digest) throw changed(relative);
      try {
        await this.workspace.applyChanges([{ type: 'update', path: absolute, content, expected: now }], options);
      } catch (error) {
        if (error instanceof WorkspaceError && (await this.workspace.readText(absolute).catch(() => undefined)) !== now)
          throw changed(relative);
        throw error;
      }
      return done('overwritten');
    }
    if (shown?.kind === 'bytes') {
      const now = existing?.type === 'file' ? await this.bytesShown(relative, existing) : undefined;
      if (!now || now.digest !== shown.digest || now.size !== shown.size || now.mtimeMs !== shown.mtimeMs)
        throw changed(relative);
    }
    if (shown?.kind === 'absent' && existing) throw appeared(relative);
    const mode = existing && shown?.kind !== 'absent' ? 'overwrite' : 'create';
    try {
      await this.workspace.writeText(absolute, content, mode, options);
    } catch (error) {
      // Created by someone else since the check above.
      if (mode === 'create' && error instanceof WorkspaceError && / already exists/.test(error.message))
        throw overwrite ? appeared(relative) : exists(relative);
      throw error;
    }
    return done(mode === 'create' ? 'created' : 'overwritten');
  }

  private remember(relative: string, content: string, state: Shown): void {
    const key = shownKey(relative, content);
    const now = Date.now();
    for (const [k, v] of this.shown) if (now - v.at > SHOWN_TTL_MS) this.shown.delete(k);
    if (this.shown.has(key)) return;
    if (this.shown.size >= MAX_SHOWN) this.shown.delete(this.shown.keys().next().value!);
    this.shown.set(key, { state, at: now });
  }

  private take(relative: string, content: string): Shown | undefined {
    const key = shownKey(relative, content);
    const entry = this.shown.get(key);
    this.shown.delete(key);
    return entry && Date.now() - entry.at <= SHOWN_TTL_MS ? entry.state : undefined;
  }

  private async currentState(relative: string, stat: FileStat | undefined): Promise<Shown | undefined> {
    if (!stat) return { kind: 'absent' };
    if (stat.type !== 'file') return undefined;
    const text = await this.workspace.readText(relative).catch(() => undefined);
    return editable(text) ? textShown(text) : this.bytesShown(relative, stat);
  }

  private async bytesShown(relative: string, stat: FileStat): Promise<(Shown & { kind: 'bytes' }) | undefined> {
    const read = await this.workspace.readBytes(relative, BYTES_COMPARED).catch(() => undefined);
    if (!read) return undefined;
    return { kind: 'bytes', digest: digest(read.bytes), size: read.size, mtimeMs: stat.mtimeMs };
  }
}

/**
 * Text the write path can compare as text: its strict decoding refuses what readText shows
 * leniently (bytes that are not UTF-8, a late NUL), so such a file is compared by its bytes.
 */
function editable(text: string | undefined): text is string {
  return text !== undefined && !text.includes('\uFFFD') && !text.includes('\0');
}

function textShown(text: string): Shown & { kind: 'text' } {
  return { kind: 'text', digest: digest(text) };
}

function digest(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function shownKey(relative: string, content: string): string {
  return `${relative}\u0000${digest(content)}`;
}

function changed(relative: string): WorkspaceError {
  return new WorkspaceError(
    `${relative} changed after this call was checked (the question showed its earlier content). Nothing was written; read it again, and retry if it should still be replaced.`,
  );
}

function appeared(relative: string): WorkspaceError {
  return new WorkspaceError(
    `${relative} was created after this call was checked (it did not exist then, so no overwrite was shown or approved). Nothing was written; read it, and call again with overwrite: true if it should still be replaced.`,
  );
}

function exists(relative: string): WorkspaceError {
  return new WorkspaceError(
    `${relative} already exists; edit it instead of creating it (replace_string_in_file), or call create_file with overwrite: true to replace its whole content. Nothing was written.`,
  );
}
