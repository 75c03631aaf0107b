// Revisions from the model: syntax checked (nothing that git could read as an option), and every
// `<rev>:<path>` / `:<n>:<path>` rewritten so the path is taken relative to the workspace root and
// may not leave it (git itself reads such paths from the repository's top, or from the current
// folder with `./` and `../`, which is how `HEAD:secret.txt` or `HEAD:./../secret.txt` escaped).
import { quoteBounded } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';

const REVISION = /^[A-Za-z0-9._/~^@{}:+-]+$/;

/** A model's value in a message, cut (the one rule for every layer: @toolpacks/base's quoteBounded). */
export const quote = quoteBounded;

export function checkRevision(revision: unknown): string {
  if (typeof revision !== 'string' || revision === '')
    throw new WorkspaceError('A revision is required, e.g. HEAD, HEAD~2, main or a commit hash.');
  if (revision.startsWith('-'))
    throw new WorkspaceError(
      `Revision '${quote(revision)}' starts with '-', which git would read as an option; it is refused. Give a branch, tag or commit hash.`,
    );
  if (revision.length > 256 || !REVISION.test(revision))
    throw new WorkspaceError(
      `Revision '${quote(revision)}' is not a valid revision (letters, digits and . _ / ~ ^ @ { } : + - only).`,
    );
  return revision;
}

export interface ScopedRevision {
  /** What to pass to git. */
  readonly revision: string;
  /** `<rev>:<path>` or `:<n>:<path>`: names a blob or tree inside the root, not a commit. */
  readonly pathForm: boolean;
  /** The ends of a range (or the one revision) to verify, when not `pathForm`. */
  readonly ends: readonly string[];
}

/** Index of the first `:` outside `{…}` (git's own rule: `HEAD^{/fix: x}` has no path part). */
function pathColon(revision: string): number {
  let depth = 0;
  for (let i = 0; i < revision.length; i++) {
    const c = revision[i];
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ':' && depth === 0) return i;
  }
  return -1;
}

/** A path relative to the root, as a path from the repository top; refuses escapes and absolute paths. */
export function pathFromTop(input: string, prefix: string, revision: string): string {
  if (input.startsWith('/'))
    throw new WorkspaceError(
      `Revision '${quote(revision)}' names an absolute path; give the path relative to the workspace root, e.g. HEAD:src/file.ts.`,
    );
  const parts: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0)
        throw new WorkspaceError(`Revision '${quote(revision)}' names a path outside the workspace; it is refused.`);
      parts.pop();
    } else parts.push(segment);
  }
  return `${prefix}${parts.join('/')}`.replace(/\/$/, '');
}

export function scopeRevision(input: unknown, prefix: string): ScopedRevision {
  const revision = checkRevision(input);
  if (revision.startsWith(':/')) return { revision, pathForm: false, ends: [] }; // youngest commit whose message matches
  if (revision.startsWith(':')) {
    const stage = /^:([0-3]):/.exec(revision);
    const rest = stage ? revision.slice(3) : revision.slice(1);
    return {
      revision: `:${stage ? `${stage[1]}:` : ''}${pathFromTop(rest, prefix, revision)}`,
      pathForm: true,
      ends: [],
    };
  }
  const colon = pathColon(revision);
  if (colon >= 0) {
    const treeish = revision.slice(0, colon);
    if (treeish.includes('..'))
      throw new WorkspaceError(
        `Revision '${quote(revision)}' mixes a range with a path; give one revision and the path, e.g. HEAD~1:src/file.ts.`,
      );
    return {
      revision: `${treeish}:${pathFromTop(revision.slice(colon + 1), prefix, revision)}`,
      pathForm: true,
      ends: [],
    };
  }
  const ends = revision.split(/\.{2,3}/).filter((end) => end !== '');
  return { revision, pathForm: false, ends };
}
