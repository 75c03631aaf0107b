// The calls that change files, per family shape (general, apply_patch, Anthropic's text editor,
// Gemini CLI's tools), then the example pack. Each write asks first; the confirmations are kept.
import { call, type SnapshotCase } from './record';

const only = (families: readonly string[], cases: readonly SnapshotCase[]) => cases.map((c) => ({ ...c, families }));

const PATCH_ADD = '*** Begin Patch\n*** Add File: patched/added.txt\n+first\n+second\n*** End Patch';
const PATCH_UPDATE =
  '*** Begin Patch\n*** Update File: src/util.js\n@@\n function add(a, b, c = 0) {\n-  return a + b + c;\n+  return c + b + a;\n }\n*** End Patch';
const PATCH_MISSING_CONTEXT =
  '*** Begin Patch\n*** Update File: src/util.js\n@@\n-this line is not in the file\n+anything\n*** End Patch';

export const EDIT_CASES: readonly SnapshotCase[] = [
  ...only(
    ['general', 'gpt41', 'gpt5'],
    [
      call('create_file', { filePath: 'created/one.txt', content: 'one\ntwo\n' }),
      call('create_file', { filePath: 'created/one.txt', content: 'again\n' }),
      call('create_file', { filePath: 'created/one.txt', content: 'replaced\n', overwrite: true }),
      call('create_file', { filePath: 'src', content: 'x' }),
      call('create_file', { filePath: '.vscode/settings.json', content: '{}\n' }),
    ],
  ),
  ...only(
    ['general'],
    [
      call('replace_string_in_file', { filePath: 'src/util.js', oldString: 'a + b + c', newString: 'a + b + c + 0' }),
      call('replace_string_in_file', { filePath: 'src/util.js', oldString: 'not in the file', newString: 'x' }),
      call('replace_string_in_file', { filePath: 'many/file-01.txt', oldString: 'needle', newString: 'pin' }),
      call('replace_string_in_file', { filePath: 'missing.txt', oldString: 'a', newString: 'b' }),
    ],
  ),
  ...only(
    ['gpt41', 'gpt5'],
    [
      call('apply_patch', { input: PATCH_ADD, explanation: 'Add a file' }),
      call('apply_patch', { input: PATCH_UPDATE }),
      call('apply_patch', { input: PATCH_MISSING_CONTEXT }),
      call('apply_patch', { input: 'not a patch' }),
    ],
  ),
  ...only(
    ['claude'],
    [
      call('str_replace_based_edit_tool', { command: 'create', path: 'created/one.txt', file_text: 'one\ntwo\n' }),
      call('str_replace_based_edit_tool', { command: 'create', path: 'created/one.txt', file_text: 'again\n' }),
      call('str_replace_based_edit_tool', {
        command: 'str_replace',
        path: 'src/util.js',
        old_str: 'a + b + c',
        new_str: 'c + b + a',
      }),
      call('str_replace_based_edit_tool', { command: 'str_replace', path: 'src/util.js', old_str: 'nowhere' }),
      call('str_replace_based_edit_tool', {
        command: 'insert',
        path: 'created/one.txt',
        insert_line: 1,
        insert_text: 'between',
      }),
      call('str_replace_based_edit_tool', {
        command: 'insert',
        path: 'created/one.txt',
        insert_line: 99,
        insert_text: 'x',
      }),
      call('str_replace_based_edit_tool', { command: 'str_replace', path: 'missing.txt', old_str: 'a', new_str: 'b' }),
    ],
  ),
  ...only(
    ['gemini'],
    [
      call('write_file', { file_path: 'created/one.txt', content: 'one\ntwo\n' }),
      call('write_file', { file_path: 'created/one.txt', content: 'one\nthree\n' }),
      call('write_file', { file_path: 'src', content: 'x' }),
      call('replace', {
        file_path: 'src/util.js',
        instruction: 'Reverse the sum',
        old_string: 'a + b + c',
        new_string: 'c + b + a',
      }),
      call('replace', {
        file_path: 'notes/long.txt',
        instruction: 'All',
        old_string: 'alpha',
        new_string: 'ALPHA',
        allow_multiple: true,
      }),
      call('replace', { file_path: 'notes/long.txt', instruction: 'One', old_string: 'beta', new_string: 'BETA' }),
      call('replace', { file_path: 'created/new.txt', instruction: 'Create', old_string: '', new_string: 'fresh\n' }),
      call('replace', { file_path: 'missing.txt', instruction: 'No file', old_string: 'a', new_string: 'b' }),
    ],
  ),
  call('multi_replace_string_in_file', {
    explanation: 'Rename the numbers',
    replacements: [
      { filePath: 'many/file-02.txt', oldString: 'needle 2', newString: 'pin 2' },
      { filePath: 'many/file-03.txt', oldString: 'needle 3', newString: 'pin 3', explanation: 'the third' },
    ],
  }),
  call('multi_replace_string_in_file', {
    explanation: 'One fails',
    replacements: [
      { filePath: 'many/file-04.txt', oldString: 'needle 4', newString: 'pin 4' },
      { filePath: 'many/file-05.txt', oldString: 'absent', newString: 'x' },
    ],
  }),
  call('move_file', { sourcePath: 'many/file-06.txt', destinationPath: 'moved/file-06.txt' }),
  call('move_file', { sourcePath: 'many/file-07.txt', destinationPath: 'many/file-08.txt' }),
  call('move_file', { sourcePath: 'missing.txt', destinationPath: 'moved/missing.txt' }),
  call('delete_file', { filePath: 'moved/file-06.txt' }),
  call('delete_file', { filePath: 'untracked' }),
  call('delete_file', { filePath: 'untracked', recursive: true }),
  call('delete_file', { filePath: 'missing.txt' }),
];

export const EXAMPLE_CASES: readonly SnapshotCase[] = [
  ...only(
    ['general', 'claude', 'gemini'],
    [call('get_time'), call('get_time', { timeZone: 'Europe/Berlin' }), call('get_time', { timeZone: 'Not/A_Zone' })],
  ),
  ...only(
    ['gpt41', 'gpt5'],
    [
      call('gpt_get_time'),
      call('gpt_get_time', { timeZone: 'Asia/Tokyo' }),
      call('gpt_get_time', { timeZone: 'Not/A_Zone' }),
    ],
  ),
  ...only(
    ['general', 'gpt41', 'gpt5', 'claude'],
    [
      call('count_words', { text: 'the cat and the hat' }),
      call('count_words', { text: 'the cat and the hat', unique: true }),
      call('count_words', { text: '' }),
    ],
  ),
  ...only(['gemini'], [call('count_words', { text: 'the cat and the hat' }), call('count_words', { text: '' })]),
  call('describe_selection', { selectedText: 'if (x) {\n\treturn 1;\n}', languageId: 'c' }),
  call('describe_selection', { selectedText: '  a\n    b' }),
];
