// Plans a whole patch before anything is written: operations apply in order to an in-memory view
// of the workspace (a second Update of a file sees the first's result, an Add may follow a Delete
// of the same path), then the final state of every touched file becomes one change. Any failure
// throws before the caller writes a byte. Reads go through `PatchFiles`; this module writes nothing.

import type { FileChange } from '@toolpacks/services';
import { describeIndentation } from './indentation';
import { applyHunks } from './patchApply';
import type { LooseMatch } from './patchApply';
import { PatchError } from './patchParser';
import type { PatchOperation } from './patchParser';

export type PatchFileType = 'file' | 'directory' | 'other';

/** The read-only lookups the planner needs. */
export interface PatchFiles {
  /** The one workspace path for a path written in the patch (relative, absolute, `./`…); throws for paths outside. */
  key(path: string): Promise<string>;
  type(key: string): Promise<PatchFileType | undefined>;
  read(key: string): Promise<string>;
}

/**
 * One file's final state: a change of the workspace's batch (`applyChanges`) whose content is text
 * (an update's `expected` is the text it was computed from; absent when the file was replaced
 * without being read). A patch's moves are updates with `moveTo`.
 */
export type PlannedChange =
  | Extract<FileChange, { type: 'create' | 'delete' }>
  | (Extract<FileChange, { type: 'update' }> & { readonly content: string });

export interface PatchPlan {
  readonly changes: readonly PlannedChange[];
  /** `added a.ts`, `updated b.ts`, `moved c.ts to d.ts`, `deleted e.ts`, in patch order. */
  readonly summary: readonly string[];
  /**
   * What the model should check: hunks that matched only after ignoring whitespace (indentation),
   * with the file's own indentation, one line per file update.
   */
  readonly notes: readonly string[];
  /** The same as data: one entry per file update with hunks that matched with indentation ignored. */
  readonly looseMatches: readonly LooseFile[];
}

/** A file update whose hunks matched only with their whitespace (and typography) ignored. */
export interface LooseFile {
  readonly path: string;
  /** 1-based numbers of the hunks, in the file's update. */
  readonly hunks: readonly number[];
  /** What was ignored for the loosest of them. */
  readonly ignored: 'whitespace' | 'whitespace and typographic characters';
  /** How the file is indented ("2 spaces", "tabs"), when it is clear. */
  readonly indentation?: string;
}

/** The file as it is on disk, not read yet: a Delete needs no text (binary files can be deleted). */
const ON_DISK = Symbol('on disk');

interface Entry {
  /** A regular file is there on disk. */
  readonly existed: boolean;
  /** A folder or special file is there: no operation may touch it. */
  readonly blocked?: PatchFileType;
  /** The file's text, once an operation needed it. */
  original?: string;
  /** The file's state after the operations so far: none, as on disk, or new text. */
  current: string | typeof ON_DISK | undefined;
  /** How the file came to be absent, for messages. */
  history?: 'deleted' | 'moved away';
  movedFrom?: string;
}

export async function planPatch(operations: readonly PatchOperation[], files: PatchFiles): Promise<PatchPlan> {
  const entries = new Map<string, Entry>();
  const looseMatches: LooseFile[] = [];
  const entry = async (key: string): Promise<Entry> => {
    let found = entries.get(key);
    if (!found) {
      const type = await files.type(key);
      found = {
        existed: type === 'file',
        blocked: type === 'file' ? undefined : type,
        current: type === 'file' ? ON_DISK : undefined,
      };
      entries.set(key, found);
    }
    return found;
  };
  const existing = async (key: string, verb: string): Promise<Entry> => {
    const e = await entry(key);
    if (e.blocked)
      throw new PatchError(
        `${key} is ${e.blocked === 'directory' ? 'a folder' : 'not a regular file'}; only files can be ${verb}.`,
      );
    if (e.current === undefined) {
      const why = e.history ? `was ${e.history} earlier in this patch` : 'does not exist';
      throw new PatchError(
        `${key} ${why}, so it cannot be ${verb}.${verb === 'updated' && !e.history ? ` Use '*** Add File: ${key}' to create it, or check the path.` : ''}`,
      );
    }
    return e;
  };
  const vacant = async (key: string, what: string): Promise<Entry> => {
    const e = await entry(key);
    if (e.blocked)
      throw new PatchError(`${what}: ${key} is ${e.blocked === 'directory' ? 'a folder' : 'not a regular file'}.`);
    if (e.current !== undefined)
      throw new PatchError(
        `${what}: ${key} already exists. To change it, read it and use '*** Update File: ${key}' with context copied from it.`,
      );
    return e;
  };
  const text = async (key: string, e: Entry): Promise<string> => {
    if (e.current !== ON_DISK) return e.current!;
    return (e.original ??= await files.read(key));
  };

  for (const op of operations) {
    const key = await files.key(op.path);
    if (op.kind === 'add') {
      const e = await vacant(key, `Cannot add ${key}`);
      e.current = op.content;
      e.movedFrom = undefined;
    } else if (op.kind === 'delete') {
      const e = await existing(key, 'deleted');
      e.current = undefined;
      e.history = 'deleted';
      e.movedFrom = undefined;
    } else {
      const e = await existing(key, 'updated');
      const before = await text(key, e);
      const loose: LooseMatch[] = [];
      const updated = op.hunks.length ? applyHunks(before, op.hunks, key, loose) : before;
      const looseFile = looseMatch(key, loose, before);
      if (looseFile) looseMatches.push(looseFile);
      const target = op.moveTo === undefined ? key : await files.key(op.moveTo);
      if (target === key) {
        e.current = updated;
        continue;
      }
      const t = await vacant(target, `Cannot move ${key} to ${target}`);
      t.current = updated;
      t.movedFrom = key;
      e.current = undefined;
      e.history = 'moved away';
    }
  }
  return { ...finalChanges(entries), notes: looseMatches.map(looseNote), looseMatches };
}

/**
 * A hunk matched with its indentation ignored (the matcher's levels 2 and 3) may add lines
 * indented unlike the file (4 spaces in a tab-indented file): the result says so. Trailing
 * whitespace alone (level 1) changes nothing the model wrote, so it is not reported.
 */
function looseMatch(key: string, loose: readonly LooseMatch[], before: string): LooseFile | undefined {
  const hunks = loose.filter((l) => l.level >= 2);
  if (hunks.length === 0) return undefined;
  const indentation = describeIndentation(before);
  return {
    path: key,
    hunks: hunks.map((h) => h.hunk),
    ignored: hunks.some((h) => h.level === 3) ? 'whitespace and typographic characters' : 'whitespace',
    ...(indentation ? { indentation } : {}),
  };
}

function looseNote({ path, hunks, ignored, indentation }: LooseFile): string {
  const numbers = hunks.map(String);
  const which =
    numbers.length === 1 ? `hunk ${numbers[0]}` : `hunks ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  const what = ignored === 'whitespace' ? 'whitespace differences' : 'whitespace and typographic differences';
  return `${path}: ${which} matched only after ignoring ${what}${indentation ? `; the file is indented with ${indentation}` : ''} — check the indentation of the lines you added.`;
}

function finalChanges(entries: ReadonlyMap<string, Entry>): Pick<PatchPlan, 'changes' | 'summary'> {
  // A move is reported as one change when its source is gone and its target is new.
  const moveTargets = new Map<string, string>();
  for (const [key, e] of entries) {
    const source = e.movedFrom === undefined ? undefined : entries.get(e.movedFrom);
    if (source && !e.existed && typeof e.current === 'string' && source.existed && source.current === undefined)
      moveTargets.set(e.movedFrom!, key);
  }
  const changes: PlannedChange[] = [];
  const summary: string[] = [];
  const moved = new Set(moveTargets.values());
  for (const [key, e] of entries) {
    if (moved.has(key) || e.current === ON_DISK) continue;
    const target = moveTargets.get(key);
    if (target !== undefined) {
      changes.push({
        type: 'update',
        path: key,
        content: entries.get(target)!.current as string,
        expected: e.original,
        moveTo: target,
      });
      summary.push(`moved ${key} to ${target}`);
    } else if (!e.existed && e.current !== undefined) {
      changes.push({ type: 'create', path: key, content: e.current });
      summary.push(`added ${key}`);
    } else if (e.existed && e.current === undefined) {
      changes.push({ type: 'delete', path: key, expected: e.original });
      summary.push(`deleted ${key}`);
    } else if (e.existed && e.current !== undefined) {
      changes.push({ type: 'update', path: key, content: e.current, expected: e.original });
      summary.push(`updated ${key}`);
    }
  }
  return { changes, summary };
}
