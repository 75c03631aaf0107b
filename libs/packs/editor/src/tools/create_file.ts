import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  codeBlock,
  defineTool,
  inertLine,
  structuredResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem, type FileStat } from '@toolpacks/services';
import { lineCount } from '../lineText';
import { PATH } from '../resultSchemas';
import { confirmWrites, messageText, unifiedDiff } from '../sensitiveWrites';

const definition = {
  name: 'create_file',
  toolReferenceName: 'create_file',
  displayName: 'Create File',
  modelDescription:
    'Creates a new file with the given content; missing parent folders are created. Fails if the file already exists, unless overwrite is true: then its whole content is replaced (the user is asked, shown the diff). To change part of an existing file use replace_string_in_file (or apply_patch). Returns the path and the number of lines written.',
  userDescription: 'Creates a new file in the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: { type: 'string', description: 'Path of the new file, relative to the workspace root or absolute.' },
      content: { type: 'string', description: 'The complete content of the file.' },
      overwrite: {
        type: 'boolean',
        description: 'Replace the file if it exists (its whole content). Without it an existing file is refused.',
      },
    },
    required: ['filePath', 'content'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: PATH,
      change: { type: 'string', enum: ['created', 'overwritten'] },
      lines: { type: 'integer', minimum: 0, description: 'Lines written: the whole file now.' },
    },
    required: ['path', 'change', 'lines'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  // overwrite: true replaces a file's whole content (destructive); its preparation asks then, so the
  // tool does not ask by default (a new file asks only at a sensitive or write-protected path).
  // The same call again changes nothing more: it is refused, or writes the same content.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

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

@injectable()
class CreateFileTool implements Tool<Input> {
  /**
   * What each overwrite's question was made from, by path and new content, until its call comes.
   * The first one is kept: VS Code prepares a call twice, and a person saw the first question.
   */
  private readonly shown = new Map<string, { readonly state: Shown; readonly at: number }>();

  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // A new file asks only at a sensitive path (a hook, git config, tasks, …) or in a write-protected
  // folder, showing the whole new file; overwriting an existing file always asks, with the diff.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation | undefined> {
    if (typeof input?.filePath !== 'string' || typeof input.content !== 'string') return undefined;
    const relative = this.workspace.relative(await this.workspace.resolve(input.filePath));
    const existing = input.overwrite === true ? await this.workspace.stat(relative).catch(() => undefined) : undefined;
    if (input.overwrite === true && !existing) this.remember(relative, input.content, { kind: 'absent' });
    if (existing?.type !== 'file') return confirmWrites(this.workspace, [{ path: relative, after: input.content }]);
    const before = await this.workspace.readText(relative).catch(() => undefined);
    const shown = editable(before) ? textShown(before) : await this.bytesShown(relative, existing);
    if (shown) this.remember(relative, input.content, shown);
    const write = { path: relative, before: before ?? '', after: input.content };
    const sensitive = await confirmWrites(this.workspace, [write]);
    const title = `Overwrite ${inertLine(relative)}?`;
    // A sensitive file's question already shows the diff, and is asked every time.
    if (sensitive?.alwaysConfirm && sensitive.confirmationMessages)
      return { ...sensitive, confirmationMessages: { ...sensitive.confirmationMessages, title } };
    const message = [
      before === undefined
        ? `${inertLine(relative)} (${existing.size} bytes, not text) will be replaced by ${lineCount(input.content)} lines of text.`
        : `Its whole content will be replaced:\n\n${codeBlock(unifiedDiff(write), 'diff')}`,
      ...(sensitive?.confirmationMessages ? [messageText(sensitive.confirmationMessages.message)] : []),
    ].join('\n\n');
    return {
      confirmationMessages: { title, message },
      ...(sensitive?.approvalKey ? { approvalKey: sensitive.approvalKey } : {}),
    };
  }

  async invoke({ input, confirmed, approved }: ToolInvocationOptions<Input>, token?: CancellationToken) {
    const absolute = await this.workspace.resolve(input.filePath);
    const relative = this.workspace.relative(absolute);
    const existing = await this.workspace.stat(absolute);
    if (existing?.type === 'directory')
      throw new WorkspaceError(`${relative} is a folder; give the path of a file. Nothing was written.`);
    if (existing && input.overwrite !== true) throw exists(relative);
    const options = { allowSensitive: confirmed === true, allowWriteProtected: approved === true, token };
    const lines = lineCount(input.content);
    const done = (verb: 'Created' | 'Overwrote') =>
      structuredResult(
        { path: relative, change: verb === 'Created' ? ('created' as const) : ('overwritten' as const), lines },
        `${verb} ${relative} (${lines} line${lines === 1 ? '' : 's'}).`,
      );
    // An overwrite writes only over what its question was made from (compare-and-swap); without a
    // question on record (a host that did not prepare the call), over what is there now.
    const shown =
      input.overwrite === true
        ? (this.take(relative, input.content) ?? (await this.currentState(relative, existing)))
        : undefined;
    if (shown?.kind === 'text') {
      const now = await this.workspace.readText(absolute).catch(() => undefined);
      if (now === undefined || textShown(now).digest !== shown.digest) throw changed(relative);
      try {
        await this.workspace.applyChanges(
          [{ type: 'update', path: absolute, content: input.content, expected: now }],
          options,
        );
      } catch (error) {
        if (error instanceof WorkspaceError && (await this.workspace.readText(absolute).catch(() => undefined)) !== now)
          throw changed(relative);
        throw error;
      }
      return done('Overwrote');
    }
    if (shown?.kind === 'bytes') {
      const now = existing?.type === 'file' ? await this.bytesShown(relative, existing) : undefined;
      if (!now || now.digest !== shown.digest || now.size !== shown.size || now.mtimeMs !== shown.mtimeMs)
        throw changed(relative);
    }
    if (shown?.kind === 'absent' && existing) throw appeared(relative);
    const mode = existing && shown?.kind !== 'absent' ? 'overwrite' : 'create';
    try {
      await this.workspace.writeText(absolute, input.content, mode, options);
    } catch (error) {
      // Created by someone else since the check above.
      if (mode === 'create' && error instanceof WorkspaceError && / already exists/.test(error.message))
        throw input.overwrite === true ? appeared(relative) : exists(relative);
      throw error;
    }
    return done(mode === 'create' ? 'Created' : 'Overwrote');
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

export const createFile = defineTool({ definition, implementation: CreateFileTool });
