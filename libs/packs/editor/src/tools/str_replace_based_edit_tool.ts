import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, roomFor, structuredResult, withStructuredContent } from '@toolpacks/registry';
import type { InputOf, OutputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { inspectFile, viewLargeFile } from '../fileContent';
import { MAX_VIEW_CHARS } from '../catN';
import { folderTree } from '../folderTree';
import { lineCount } from '../lineText';
import { imageValue, PATH, READ_PROPERTIES, READ_ROOM, textValue } from '../resultSchemas';
import { confirmFileEdit, writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';
import { insertLines, strReplace, viewFile } from '../textEditorEdits';
import type { Edited, FileView } from '../textEditorEdits';

/**
 * Anthropic's text editor tool (`text_editor_20250728`), the shape every Claude 4.x model is trained
 * on: one tool that views, creates and edits files. For Claude it takes the place of read_file,
 * create_file and replace_string_in_file; the call is told which of those jobs are enabled.
 */
const definition = {
  name: 'str_replace_based_edit_tool',
  toolReferenceName: 'edit_file',
  replaces: ['read_file', 'create_file', 'edit_file'],
  models: [{ family: 'claude*' }],
  displayName: 'Text Editor',
  modelDescription: [
    'Views, creates and edits files of the workspace. Paths are relative to the workspace root or absolute inside it.',
    '* `view` of a file returns its lines as `cat -n` prints them (line number, tab, line); `view_range` [start, end] shows part of it (1-based, inclusive, end -1 for the end of the file). Long output is clipped and says where to read on; files of any size can be viewed by range. An image (png, jpeg, gif, webp up to 3.75 MB) is returned as an image; other binary files are refused. `view` of a folder lists the files and folders up to 2 levels deep, hidden ones excluded.',
    '* `create` writes a new file with `file_text`; it refuses a path that exists.',
    '* `str_replace` replaces `old_str` with `new_str` (absent: deletes it). `old_str` must match the file exactly, whitespace included, and occur exactly once: add surrounding lines to make it unique. Returns a numbered snippet of the edited region.',
    '* `insert` inserts `insert_text` after line `insert_line` (0: at the top).',
    'View a file before editing it. If an edit fails, nothing was written: view the file again and retry with the exact text.',
  ].join('\n'),
  userDescription: 'Views, creates and edits files (Claude).',
  inputSchema: {
    type: 'object',
    properties: {
      command: {
        type: 'string',
        enum: ['view', 'create', 'str_replace', 'insert'],
        description: 'The command to run: `view`, `create`, `str_replace` or `insert`.',
      },
      path: {
        type: 'string',
        description: 'Path of the file or folder, relative to the workspace root or absolute inside it.',
      },
      view_range: {
        type: 'array',
        items: { type: 'integer' },
        description:
          'For `view` of a file: [start, end], 1-based and inclusive; end -1 shows to the end of the file. Absent: the whole file.',
      },
      old_str: { type: 'string', description: 'For `str_replace`: the exact text to replace; it must occur once.' },
      new_str: {
        type: 'string',
        description: 'For `str_replace`: the text to put in its place (absent: the empty string).',
      },
      insert_line: {
        type: 'integer',
        description: 'For `insert`: the line after which the text goes (0: at the top of the file).',
      },
      insert_text: { type: 'string', description: 'For `insert`: the text to insert.' },
      file_text: { type: 'string', description: 'For `create`: the content of the new file.' },
    },
    required: ['command', 'path'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      command: { type: 'string', enum: ['view', 'create', 'str_replace', 'insert'] },
      ...READ_PROPERTIES,
      path: PATH,
      kind: {
        type: 'string',
        enum: ['text', 'image', 'folder'],
        description: 'view: what the path is (a text file, an image, a folder).',
      },
      startLine: {
        type: 'integer',
        minimum: 1,
        description: 'view: the first line shown; str_replace, insert: the first line of the new text.',
      },
      endLine: {
        type: 'integer',
        minimum: 0,
        description:
          'view: the last line shown (startLine - 1 when none is); str_replace, insert: the last line of the new text.',
      },
      nextViewRange: {
        type: 'array',
        items: { type: 'integer' },
        minItems: 2,
        maxItems: 2,
        description: 'view: the view_range to read on with, when the view stops before the range asked for ends.',
      },
      entries: {
        type: 'array',
        items: { type: 'string' },
        description:
          'view of a folder: what it holds up to 2 levels down, hidden entries left out, relative to the workspace root; folders end with /.',
      },
      change: {
        type: 'string',
        enum: ['created', 'edited'],
        description: 'create, str_replace, insert: what was written.',
      },
      lines: { type: 'integer', minimum: 0, description: 'create: the lines of the new file.' },
    },
    required: ['command', 'path'],
    additionalProperties: false,
  },
  tags: ['files', 'read', 'edit'],
  // It overwrites a file's content (destructive), but asks only where its preparation does (a
  // sensitive or write-protected file): the editor shows and undoes its edits.
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false, asksByDefault: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** A view's room: a read's, within the reference's own limit and with more kept for its notes. */
const VIEW_ROOM = { ...READ_ROOM, reserve: 1_000, atMost: MAX_VIEW_CHARS } as const;
type Output = OutputOf<typeof definition>;

/** A result of the text and its data, typed so that the data's literals stay the schema's. */
const result = (value: Output, text: string) => structuredResult(value, text);

/** The job (picker entry) each command does. */
const JOB_OF: Record<Input['command'], string> = {
  view: 'read_file',
  create: 'create_file',
  str_replace: 'edit_file',
  insert: 'edit_file',
};

@injectable()
class StrReplaceBasedEditTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Only a write to a sensitive file (git config, hooks, tasks, …) or a write-protected one asks,
  // with the diff of this very change. A call that fails is left to invoke, which reports it.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    if (typeof input?.path !== 'string' || input.command === 'view' || !JOB_OF[input.command]) return undefined;
    if (input.command === 'create' && typeof input.file_text !== 'string') return undefined;
    try {
      const change =
        input.command === 'create' ? { created: input.file_text! } : (before: string) => this.edit(input, before).text;
      return await confirmFileEdit(this.workspace, input.path, change);
    } catch {
      return undefined;
    }
  }

  async invoke(
    { input, enabledJobs, receipt, approved, tokenizationOptions }: EditCall<Input>,
    token?: CancellationToken,
  ) {
    const job = JOB_OF[input.command];
    if (enabledJobs && !enabledJobs.includes(job))
      throw new WorkspaceError(
        `The \`${input.command}\` command is turned off: it needs ${job}, which is not enabled for this request. Nothing was ${input.command === 'view' ? 'read' : 'written'}. Ask the user to turn on ${job} in the tool picker, or use the commands that are enabled (${enabledCommands(enabledJobs)}).`,
      );
    const absolute = await this.workspace.resolve(input.path);
    const relative = this.workspace.relative(absolute);
    const stat = await this.workspace.stat(absolute);
    // A view shows no more than its own limit, nor than the result budget allows, as text and as data.
    const limits = roomFor(VIEW_ROOM, tokenizationOptions, relative);
    if (input.command === 'create') {
      if (stat)
        throw new WorkspaceError(
          `File already exists at: ${input.path}. Cannot overwrite files using command \`create\`. Use \`str_replace\` or \`insert\` to change it.`,
        );
      if (typeof input.file_text !== 'string')
        throw new WorkspaceError('Parameter `file_text` is required for command: create');
      await this.workspace.writeText(absolute, input.file_text, 'create', writeOptions({ receipt, approved }, token));
      return result(
        { command: 'create', path: relative, change: 'created', lines: lineCount(input.file_text) },
        `File created successfully at: ${input.path}`,
      );
    }
    if (!stat) throw new WorkspaceError(`The path ${input.path} does not exist. Please provide a valid path.`);
    // The root is a folder to view like any other (Anthropic's tool lists it; it is what a model views first).
    if (stat.type === 'directory' || relative === '.') {
      if (input.command !== 'view')
        throw new WorkspaceError(
          `The path ${input.path} is a directory and only the \`view\` command can be used on directories.`,
        );
      if (input.view_range !== undefined)
        throw new WorkspaceError(
          'The `view_range` parameter is not allowed when `path` points to a directory. View a file to use it.',
        );
      const tree = await folderTree(this.workspace, absolute, input.path, limits);
      return result(
        { command: 'view', path: relative, kind: 'folder', entries: tree.entries, truncated: tree.clipped },
        tree.text,
      );
    }
    if (input.command === 'view') {
      const file = await inspectFile(this.workspace, absolute, input.path);
      if (file.kind === 'image')
        return withStructuredContent(file.result, { command: 'view' as const, ...imageValue(relative, file) });
      const view = file.large
        ? await viewLargeFile(this.workspace, absolute, input.path, input.view_range, token, limits)
        : viewFile(await this.workspace.readText(absolute), input.path, input.view_range, limits);
      return result({ command: 'view', ...viewValue(relative, file.size, view) }, view.text);
    }
    this.checkEditInput(input);
    let edited: Edited | undefined;
    await this.workspace.edit(
      absolute,
      (text) => {
        edited = this.edit(input, text);
        return edited.text;
      },
      writeOptions({ receipt, approved }, token),
    );
    return result(
      {
        command: input.command,
        path: relative,
        change: 'edited',
        startLine: edited!.startLine,
        endLine: edited!.endLine,
      },
      edited!.message,
    );
  }

  private checkEditInput(input: Input): void {
    if (input.command === 'str_replace' && typeof input.old_str !== 'string')
      throw new WorkspaceError('Parameter `old_str` is required for command: str_replace');
    if (input.command === 'insert') {
      if (typeof input.insert_line !== 'number')
        throw new WorkspaceError('Parameter `insert_line` is required for command: insert');
      if (typeof (input.insert_text ?? input.new_str) !== 'string')
        throw new WorkspaceError('Parameter `insert_text` is required for command: insert');
    }
  }

  /** The edit of a `str_replace` or `insert` call on the file's text. */
  private edit(input: Input, text: string): Edited {
    this.checkEditInput(input);
    if (input.command === 'str_replace') return strReplace(text, input.old_str!, input.new_str ?? '', input.path);
    // Claude 4.x sends insert_text; the docs and the older tool version said new_str.
    return insertLines(text, input.insert_line!, (input.insert_text ?? input.new_str)!, input.path);
  }
}

/** A file's view as data: the lines shown, and the view_range to read on with. */
function viewValue(path: string, bytes: number, view: FileView) {
  const value = textValue({
    path,
    bytes,
    startLine: view.startLine,
    shown: view.shown,
    totalLines: view.totalLines,
    truncated: view.truncated,
    nextLine: view.nextViewRange?.[0],
    cutLines: view.cutLines,
  });
  return view.nextViewRange ? { ...value, nextViewRange: view.nextViewRange } : value;
}

function enabledCommands(jobs: readonly string[]): string {
  const commands = (Object.keys(JOB_OF) as Input['command'][]).filter((c) => jobs.includes(JOB_OF[c]));
  return commands.length ? commands.map((c) => `\`${c}\``).join(', ') : 'none';
}

export const strReplaceBasedEditTool = defineTool({ definition, implementation: StrReplaceBasedEditTool });
