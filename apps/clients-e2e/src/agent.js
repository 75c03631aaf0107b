// The scripted agent every stand-in plays: a small task a person would give an agent, done with the
// tools the client's model was given: view the workspace root (where the client has our Claude
// editor), read a file, edit it natively, look at the status and the diff, stage, commit, and say
// it is done. Each move prefers our tool for the job when the model has it (its text is what the
// tests check) and falls back to the client's own. The agent keeps no state: its next move is the
// number of tool results already in the conversation, so retries and side requests change nothing.
const FILE = 'notes.txt';
const BEFORE = 'hello\nworld\n';
const AFTER = 'hello\nthere\n';
const MESSAGE = 'Greet there instead of the world';

/** The name under which the client shows our tool `name` (`mcp__toolpacks__x`, `mcp_toolpacks_x`, …), or undefined. */
function ours(tools, name) {
  return tools.find((tool) => tool !== name && /toolpacks/.test(tool) && tool.endsWith(`_${name}`));
}

/**
 * The moves for `client` ('claude', 'codex' or 'gemini') given the tool names its model received and
 * the workspace folder `root`: [{label, name, input}] (`input` a string for a freeform tool).
 */
function plan(client, tools, root) {
  const have = (name) => tools.includes(name);
  const abs = `${root}/${FILE}`;
  const steps = [];
  const claudeEditor = ours(tools, 'str_replace_based_edit_tool');
  if (claudeEditor) steps.push({ label: 'view-root', name: claudeEditor, input: { command: 'view', path: '.' } });
  // Read.
  if (claudeEditor) steps.push({ label: 'read', name: claudeEditor, input: { command: 'view', path: FILE } });
  else if (ours(tools, 'read_file') && client === 'gemini')
    steps.push({ label: 'read', name: ours(tools, 'read_file'), input: { file_path: FILE } });
  else if (ours(tools, 'read_file'))
    steps.push({ label: 'read', name: ours(tools, 'read_file'), input: { filePath: FILE } });
  else if (have('Read')) steps.push({ label: 'read', name: 'Read', input: { file_path: abs } });
  else if (have('read_file')) steps.push({ label: 'read', name: 'read_file', input: { file_path: abs } });
  // The native edit: Claude's str_replace, Codex's apply_patch, Gemini's replace.
  const patch = `*** Begin Patch\n*** Update File: ${FILE}\n@@\n hello\n-world\n+there\n*** End Patch\n`;
  if (claudeEditor)
    steps.push({
      label: 'edit',
      name: claudeEditor,
      input: { command: 'str_replace', path: FILE, old_str: 'world', new_str: 'there' },
    });
  else if (client === 'claude' && have('Edit'))
    steps.push({ label: 'edit', name: 'Edit', input: { file_path: abs, old_string: 'world', new_string: 'there' } });
  else if (client === 'codex' && ours(tools, 'apply_patch'))
    steps.push({ label: 'edit', name: ours(tools, 'apply_patch'), input: { input: patch } });
  else if (client === 'codex' && have('apply_patch'))
    steps.push({ label: 'edit', name: 'apply_patch', input: patch, freeform: true });
  // A model Codex offers no apply_patch tool runs apply_patch as a command, which Codex itself applies.
  else if (client === 'codex' && have('exec_command'))
    steps.push({
      label: 'edit',
      name: 'exec_command',
      input: { cmd: `apply_patch <<'EOF'\n${patch}EOF\n`, workdir: root },
    });
  else if (client === 'gemini' && ours(tools, 'replace'))
    steps.push({
      label: 'edit',
      name: ours(tools, 'replace'),
      input: {
        file_path: FILE,
        instruction: 'Greet there instead of the world.',
        old_string: 'world',
        new_string: 'there',
      },
    });
  else if (client === 'gemini' && have('replace'))
    steps.push({
      label: 'edit',
      name: 'replace',
      input: {
        file_path: abs,
        instruction: 'Greet there instead of the world.',
        old_string: 'world',
        new_string: 'there',
      },
    });
  for (const [label, name, input] of [
    ['status', 'git_status', {}],
    ['diff', 'git_diff', {}],
    ['stage', 'git_add', { paths: [FILE] }],
    ['commit', 'git_commit', { message: MESSAGE }],
  ]) {
    if (ours(tools, name)) steps.push({ label, name: ours(tools, name), input });
  }
  return steps;
}

/** The agent's next move: {step} (a tool call) or {text} (the last answer). */
function nextMove(client, tools, resultsSoFar, root) {
  const steps = plan(client, tools, root);
  const step = steps[resultsSoFar];
  return step ? { step } : { text: 'Done: notes.txt now greets there, and the change is committed.' };
}

module.exports = { FILE, BEFORE, AFTER, MESSAGE, ours, plan, nextMove };
