// What the model received through each real client, checked: the tool names (ours and the
// client's), the text of each tool result, one tool per job, the file on disk and the commit.
// Each check returns a detail line or throws an Error saying what the model received instead.
const fs = require('node:fs');
const path = require('node:path');
const { FILE, AFTER, MESSAGE, plan } = require('./agent');
const { toolNames, modelTextOf } = require('./openai');
const { profileCheck } = require('./profileCheck');

/** The tool names the model of `client` was given in an agent request (Claude: deferred ones too). */
function namesOf(client, request) {
  if (client === 'claude')
    return [
      ...request.tools.map((tool) => tool.name),
      ...request.deferred.filter((n) => !request.tools.some((t) => t.name === n)),
    ];
  return request.names ?? toolNames(request.tools);
}

/** The words the model read, without the client's own frame around a tool's answer. */
function modelText(client, text, mode) {
  if (client === 'codex' && mode === 'code') {
    // Code mode: the script printed the whole CallToolResult; the tool's text is its content.
    const printed = modelTextOf(text);
    try {
      const result = JSON.parse(printed);
      if (Array.isArray(result?.content)) return result.content.map((part) => part.text ?? `[${part.type}]`).join('\n');
    } catch {
      // Printed as it came.
    }
    return printed;
  }
  if (client === 'codex') return modelTextOf(text);
  if (client === 'gemini') return text.replace(/^<untrusted_context>\n?([\s\S]*?)\n?<\/untrusted_context>\s*$/, '$1');
  return text;
}

/** The agent's moves zipped with what came back: {label: {name, input, text}}. */
function resultsByLabel(client, session) {
  const last = session.record.agentRequests.at(-1);
  if (!last) return {};
  const steps = plan(client, namesOf(client, last), session.ws.work);
  const results = last.results.filter((result) => result.name !== 'ToolSearch');
  const byLabel = {};
  steps.forEach((step, index) => {
    const result = last.mode === 'code' ? results.find((r) => r.label === step.label) : results[index];
    if (result) byLabel[step.label] = { ...result, name: step.name, text: modelText(client, result.text, last.mode) };
  });
  return byLabel;
}

const show = (text) => JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text);

function looksLikeJson(text) {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** The built-in tools each client has for a job, and our tools that do the same job. */
const JOBS = {
  'read a file': { builtIn: ['Read', 'read_file'], ours: ['read_file', 'str_replace_based_edit_tool'] },
  'edit a file': {
    builtIn: ['Edit', 'replace', 'apply_patch'],
    ours: [
      'str_replace_based_edit_tool',
      'replace_string_in_file',
      'multi_replace_string_in_file',
      'apply_patch',
      'replace',
    ],
  },
  'write a file': { builtIn: ['Write', 'write_file'], ours: ['create_file', 'write_file'] },
  'find files by name': { builtIn: ['Glob', 'glob'], ours: ['file_search', 'glob'] },
  'search file contents': { builtIn: ['Grep', 'grep_search', 'search_file_content'], ours: ['grep_search'] },
  'list a folder': { builtIn: ['LS', 'list_directory'], ours: ['list_dir', 'list_directory'] },
};

function ourName(name) {
  const match = /^mcp_{1,2}toolpacks_{1,2}(.+)$/.exec(name);
  return match?.[1];
}

/** Jobs for which the model has both a built-in tool and one of ours: [{job, tools}]. */
function doubledJobs(names) {
  const builtIns = names.filter((name) => !ourName(name));
  const ours = names.map(ourName).filter(Boolean);
  const doubled = [];
  for (const [job, { builtIn, ours: ourTools }] of Object.entries(JOBS)) {
    const theirs = builtIns.filter((name) => builtIn.includes(name));
    const mine = ours.filter((name) => ourTools.includes(name));
    if (theirs.length > 0 && mine.length > 0)
      doubled.push({ job, tools: [...theirs, ...mine.map((n) => `toolpacks ${n}`)] });
  }
  return doubled;
}

/** About how many tokens a tool list is: its JSON's characters / 4 (no vendor tokenizer is installed). */
const tokens = (value) =>
  Array.isArray(value) && value.length === 0 ? 0 : Math.round(JSON.stringify(value ?? []).length / 4);

/** The checks of one client's task session: [{name, run()}]. */
function taskChecks(client, session) {
  const received = () => resultsByLabel(client, session);
  const result = (label) => {
    const found = received()[label];
    if (!found)
      throw new Error(
        `the agent's '${label}' move got no result (tools: ${namesOf(client, session.record.agentRequests.at(-1) ?? { tools: [], deferred: [], names: [] }).join(', ')})`,
      );
    return found;
  };
  const checks = [
    {
      name: 'the client ran and talked to its stand-in',
      run: () => {
        if (session.record.agentRequests.length === 0)
          throw new Error(
            `no agent request reached the stand-in (exit ${session.run.status}): ${session.run.output.slice(-1500)}`,
          );
        if (session.run.timedOut) throw new Error(`timed out: ${session.run.output.slice(-800)}`);
        return `${session.record.agentRequests.length} agent requests, exit ${session.run.status}`;
      },
    },
    {
      name: 'nothing but loopback was reached',
      run: () => {
        const elsewhere = session.elsewhere ?? [];
        if (elsewhere.length)
          throw new Error(`the client tried: ${elsewhere.map((a) => `${a.method} ${a.target}`).join(', ')}`);
        return `all ${session.requests.length} requests went to the stand-in on 127.0.0.1`;
      },
    },
    {
      name: 'our tools reach the model',
      run: () => {
        const names = namesOf(client, session.record.agentRequests.at(-1));
        const ours = names.filter(ourName);
        for (const tool of ['git_status', 'git_diff', 'git_add', 'git_commit']) {
          if (!ours.some((name) => ourName(name) === tool))
            throw new Error(
              `no ${tool} among the model's tools: ${names.join(', ')}; the client said: ${session.run.output.slice(-600)}`,
            );
        }
        const last = session.record.agentRequests.at(-1);
        const how =
          last.mode === 'code'
            ? ', deferred: in ALL_TOOLS of its exec tool, not described'
            : client === 'claude'
              ? ', deferred behind ToolSearch until loaded'
              : '';
        return `${ours.length} of ours${how} (${ours.map(ourName).join(', ')}) beside ${names.length - ours.length} of the client's (${names.filter((n) => !ourName(n)).join(', ')})`;
      },
    },
    {
      name: 'no two tools for one job',
      run: () => {
        const doubled = doubledJobs(namesOf(client, session.record.agentRequests.at(-1)));
        if (doubled.length)
          throw new Error(doubled.map(({ job, tools }) => `${job}: ${tools.join(' and ')}`).join('; '));
        return 'one tool per job';
      },
    },
    profileCheck(
      client,
      namesOf(client, session.record.agentRequests.at(-1) ?? { tools: [], deferred: [], names: [] }).filter(
        (name) => !ourName(name),
      ),
      session.ws.work,
    ),
    {
      name: 'the read shows the file as text',
      run: () => {
        const { name, text } = result('read');
        if (looksLikeJson(text)) throw new Error(`${name} gave the model JSON: ${show(text)}`);
        if (!/hello/.test(text) || !/world/.test(text)) throw new Error(`${name} did not show the file: ${show(text)}`);
        if (client === 'claude' && !/^\s*1(\t|→)hello$/m.test(text))
          throw new Error(`Claude's view has no cat -n line numbers ('     1\\thello'): ${show(text)}`);
        return `${name}: ${show(text)}`;
      },
    },
    {
      name: 'the native edit is done',
      run: () => {
        const { name, text, isError } = result('edit');
        if (isError || /failed|error/i.test(text.slice(0, 80))) throw new Error(`${name} failed: ${show(text)}`);
        // What the client's own editor answers is the client's; ours must answer in text.
        if (/toolpacks/.test(name) && looksLikeJson(text))
          throw new Error(`${name} gave the model JSON: ${show(text)}`);
        return `${name}: ${show(text)}`;
      },
    },
    {
      name: "git_status is git's short form",
      run: () => {
        const { text } = result('status');
        if (!/^## main/m.test(text) || !/^ M notes\.txt$/m.test(text))
          throw new Error(`not '## main' / ' M notes.txt': ${show(text)}`);
        return show(text);
      },
    },
    {
      name: 'git_diff is a unified diff',
      run: () => {
        const { text } = result('diff');
        if (
          looksLikeJson(text) ||
          !/^diff --git a\/notes\.txt b\/notes\.txt$/m.test(text) ||
          !/^-world$/m.test(text) ||
          !/^\+there$/m.test(text)
        )
          throw new Error(`not the diff as text: ${show(text)}`);
        return 'diff --git a/notes.txt … -world +there';
      },
    },
    {
      name: 'git_add and git_commit answer in text',
      run: () => {
        const staged = result('stage');
        const committed = result('commit');
        for (const { name, text } of [staged, committed]) {
          if (looksLikeJson(text)) throw new Error(`${name} gave the model JSON: ${show(text)}`);
          if (/failed|declined|cancel/i.test(text)) throw new Error(`${name}: ${show(text)}`);
        }
        return `${show(staged.text)}; ${show(committed.text)}`;
      },
    },
    {
      name: 'the file on disk and the commit',
      run: () => {
        const onDisk = fs.readFileSync(path.join(session.ws.work, FILE), 'utf8');
        if (onDisk !== AFTER) throw new Error(`${FILE} holds ${JSON.stringify(onDisk)}`);
        const subject = session.ws.git('log', '-1', '--format=%s').trim();
        const changed = session.ws.git('show', '--name-only', '--format=', 'HEAD').trim();
        const status = session.ws.git('status', '--porcelain').trim();
        if (subject !== MESSAGE || changed !== FILE || status !== '')
          throw new Error(`HEAD is '${subject}' changing '${changed}', status '${status}'`);
        return `HEAD '${subject}' changes ${FILE}; the tree is clean`;
      },
    },
  ];
  if (client === 'claude') {
    checks.splice(4, 0, {
      name: "Claude's view of the workspace root lists it",
      run: () => {
        const names = namesOf(client, session.record.agentRequests.at(-1));
        if (!names.some((name) => ourName(name) === 'str_replace_based_edit_tool'))
          return {
            skip: 'our str_replace_based_edit_tool is not sent to Claude Code, so there is no view of ours to check',
          };
        const { text, isError } = result('view-root');
        if (isError || !/notes\.txt/.test(text)) throw new Error(`view '.' answered: ${show(text)}`);
        return show(text);
      },
    });
  }
  return checks;
}

/**
 * The check of a session whose server runs without --yes: a plain git_add and git_commit rely on the
 * client's own approval (Claude Code's permissions, Codex's approvals, Gemini CLI's trust), so the
 * server asks nothing more and they run: one question per action, not two, and not none.
 */
function questionChecks(client, session) {
  return [
    {
      name: "git_add and git_commit run on the client's own approval (server without --yes)",
      run: () => {
        const received = resultsByLabel(client, session);
        const said = ['stage', 'commit'].map((label) => {
          const result = received[label];
          if (!result) throw new Error(`the agent's '${label}' move got no result: ${session.run.output.slice(-600)}`);
          return result;
        });
        for (const { name, text, isError } of said) {
          if (isError || /failed|declined|cancel|not run|was not|confirm/i.test(text))
            throw new Error(`${name} answered: ${show(text)}`);
        }
        const subject = session.ws.git('log', '-1', '--format=%s').trim();
        if (subject !== MESSAGE) throw new Error(`HEAD is '${subject}', not the commit`);
        return `committed '${subject}'`;
      },
    },
  ];
}

/** The tokens of the tool list the client's model received on its first and its last agent request. */
function toolListTokens(client, session) {
  const first = session.record.agentRequests[0];
  const last = session.record.agentRequests.at(-1);
  if (!first) return undefined;
  const listOf = (request) =>
    request.mode === 'code' ? (request.input ?? []).filter((item) => item.type === 'additional_tools') : request.tools;
  const oursOf = (request) => {
    if (request.mode === 'code') return []; // deferred: names only, through ALL_TOOLS
    if (client === 'codex') return (request.tools ?? []).filter((tool) => /toolpacks/.test(tool.name ?? ''));
    if (client === 'gemini')
      return (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []).filter((fn) => ourName(fn.name));
    return (request.tools ?? []).filter((tool) => ourName(tool.name));
  };
  return {
    first: tokens(listOf(first)),
    last: tokens(listOf(last)),
    oursFirst: tokens(oursOf(first)),
    oursLast: tokens(oursOf(last)),
    oursCount: namesOf(client, last).filter(ourName).length,
    totalCount: namesOf(client, last).length,
  };
}

module.exports = { taskChecks, questionChecks, toolListTokens, namesOf, modelText, doubledJobs, ourName, tokens };
