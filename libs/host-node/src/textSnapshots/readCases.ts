// The calls that only read: files, folders, search, the open editors. Each tool gets success cases,
// an error (a path that does not exist, a folder where a file is wanted or the reverse) and a cut
// under a tiny token budget, so that its "call again" note is in the snapshot too.
import { call, type SnapshotCase } from './record';

/** A small token budget (480 characters): the fixture's lists are cut by the tool, with its "call again" note. */
const SMALL_BUDGET = 120;
/** A tiny token budget (160 characters): smaller than most tools' first item, so the registry's own cut shows too. */
const TINY_BUDGET = 40;

/** The same call under the small and the tiny budget. */
export const cut = (tool: string, input: Record<string, unknown>): SnapshotCase[] => [
  call(tool, input, SMALL_BUDGET),
  call(tool, input, TINY_BUDGET),
];

const GENERAL_SHAPES = ['general', 'gpt41', 'gpt5'];

/** Cases for the families named, or every family that gets the tool when none are. */
const only = (families: readonly string[], cases: readonly SnapshotCase[]) => cases.map((c) => ({ ...c, families }));

export const READ_CASES: readonly SnapshotCase[] = [
  ...only(GENERAL_SHAPES, [
    call('read_file', { filePath: 'src/util.js' }),
    call('read_file', { filePath: 'notes/long.txt', startLine: 18, endLine: 22 }),
    ...cut('read_file', { filePath: 'notes/long.txt' }),
    call('read_file', { filePath: 'missing.txt' }),
    call('read_file', { filePath: 'src' }),
  ]),
  ...only(
    ['gemini'],
    [
      call('read_file', { file_path: 'src/util.js' }),
      call('read_file', { file_path: 'notes/long.txt', start_line: 18, end_line: 22 }),
      ...cut('read_file', { file_path: 'notes/long.txt' }),
      call('read_file', { file_path: 'missing.txt' }),
      call('read_file', { file_path: 'src' }),
    ],
  ),
  ...only(
    ['claude'],
    [
      call('str_replace_based_edit_tool', { command: 'view', path: 'src/util.js' }),
      call('str_replace_based_edit_tool', { command: 'view', path: 'notes/long.txt', view_range: [18, 22] }),
      call('str_replace_based_edit_tool', { command: 'view', path: 'notes/long.txt', view_range: [148, -1] }),
      ...cut('str_replace_based_edit_tool', { command: 'view', path: 'notes/long.txt' }),
      call('str_replace_based_edit_tool', { command: 'view', path: 'src' }),
      call('str_replace_based_edit_tool', { command: 'view', path: '.' }),
      call('str_replace_based_edit_tool', { command: 'view', path: 'missing.txt' }),
    ],
  ),
  call('list_open_editors'),
  ...only(GENERAL_SHAPES.concat('claude'), [
    call('file_search', { query: '**/*.js' }),
    call('file_search', { query: 'many/*.txt', maxResults: 5 }),
    call('file_search', { query: 'many/*.txt', maxResults: 5, offset: 25 }),
    ...cut('file_search', { query: '**/*.txt' }),
    call('file_search', { query: '**/*.nothing' }),
    call('list_dir', { path: '.' }),
    call('list_dir', { path: 'src' }),
    ...cut('list_dir', { path: 'many' }),
    call('list_dir', { path: 'many', offset: 28 }),
    call('list_dir', { path: 'missing' }),
    call('list_dir', { path: 'README.md' }),
  ]),
  ...only(GENERAL_SHAPES.concat('claude'), [
    call('grep_search', { query: 'add' }),
    call('grep_search', { query: 'needle [12]\\b', isRegexp: true }),
    call('grep_search', { query: 'ADD', caseSensitive: true, includePattern: 'src/**' }),
    ...cut('grep_search', { query: 'needle' }),
    call('grep_search', { query: 'needle', maxResults: 3, offset: 3 }),
    call('grep_search', { query: 'no such text anywhere' }),
    call('grep_search', { query: '(unclosed', isRegexp: true }),
  ]),
  ...only(
    ['gemini'],
    [
      call('grep_search', { pattern: 'add' }),
      call('grep_search', { pattern: 'needle', names_only: true, dir_path: 'many' }),
      call('grep_search', { pattern: 'CHANGED', context: 1, include_pattern: '*.txt' }),
      call('grep_search', { pattern: 'needle', total_max_matches: 4, max_matches_per_file: 1 }),
      ...cut('grep_search', { pattern: 'needle' }),
      call('grep_search', { pattern: 'needle', dir_path: 'missing' }),
      call('grep_search', { pattern: '(unclosed' }),
      call('grep_search', { pattern: 'no such text anywhere', fixed_strings: true }),
    ],
  ),
  ...only(
    ['gemini'],
    [
      call('glob', { pattern: '**/*.js' }),
      call('glob', { pattern: '*.TXT', dir_path: 'many', case_sensitive: true }),
      ...cut('glob', { pattern: '**/*.txt' }),
      call('glob', { pattern: '**/*.txt', offset: 40 }),
      call('glob', { pattern: '**/*.js', dir_path: 'missing' }),
      call('list_directory', { dir_path: '.' }),
      call('list_directory', { dir_path: '.', ignore: ['*.md', 'many'] }),
      call('list_directory', { dir_path: '.', file_filtering_options: { respect_git_ignore: false } }),
      ...cut('list_directory', { dir_path: 'many' }),
      call('list_directory', { dir_path: 'missing' }),
      call('list_directory', { dir_path: 'README.md' }),
    ],
  ),
];

/** Files that are odd to read: binary, empty (written before {@link ODD_READ_CASES} run). */
export const ODD_FILES = { 'odd/data.bin': Buffer.from([0, 1, 2, 255, 0, 10, 65]), 'odd/empty.txt': '' };

/** A binary file, an empty one and a line range past the end, in each family's reading tool. */
export const ODD_READ_CASES: readonly SnapshotCase[] = [
  ...only(GENERAL_SHAPES, [
    call('read_file', { filePath: 'odd/data.bin' }),
    call('read_file', { filePath: 'odd/empty.txt' }),
    call('read_file', { filePath: 'notes/long.txt', startLine: 999 }),
  ]),
  ...only(
    ['gemini'],
    [
      call('read_file', { file_path: 'odd/data.bin' }),
      call('read_file', { file_path: 'odd/empty.txt' }),
      call('read_file', { file_path: 'notes/long.txt', start_line: 999 }),
    ],
  ),
  ...only(
    ['claude'],
    [
      call('str_replace_based_edit_tool', { command: 'view', path: 'odd/data.bin' }),
      call('str_replace_based_edit_tool', { command: 'view', path: 'odd/empty.txt' }),
      call('str_replace_based_edit_tool', { command: 'view', path: 'notes/long.txt', view_range: [999, 1000] }),
    ],
  ),
];
