// The workspace folder on disk. Every path is confined to the root (symlinks resolved), writes go
// to a temp file that is renamed over the target, and edits of one file run one after another.
import { randomBytes } from 'node:crypto';
import { promises as fs, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { WorkspaceError, type DirectoryEntry, type FileStat, type WorkspaceFileSystem } from '@toolpacks/services';

/** Text files above this size are refused: search them instead of reading them whole. */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;

export class NodeWorkspaceFileSystem implements WorkspaceFileSystem {
  readonly root: string;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(root: string) {
    try {
      this.root = realpathSync(path.resolve(root));
    } catch {
      throw new Error(`Workspace root '${root}' does not exist.`);
    }
  }

  async resolve(input: string): Promise<string> {
    if (typeof input !== 'string' || input.trim() === '') throw new WorkspaceError('A path is required: give it relative to the workspace root or absolute.');
    if (input.includes('\0')) throw new WorkspaceError('The path contains a NUL character.');
    const absolute = path.resolve(this.root, input);
    if (!this.contains(absolute)) throw this.outside(input);
    // Resolve symlinks on the part that exists: a link inside the root may point outside it.
    let existing = absolute;
    const rest: string[] = [];
    for (;;) {
      try {
        const real = await fs.realpath(existing);
        const resolved = path.join(real, ...rest);
        if (!this.contains(resolved)) throw this.outside(input);
        return resolved;
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
        rest.unshift(path.basename(existing));
        existing = path.dirname(existing);
      }
    }
  }

  relative(absolutePath: string): string {
    return path.relative(this.root, absolutePath).split(path.sep).join('/') || '.';
  }

  async stat(input: string): Promise<FileStat | undefined> {
    const target = await this.resolve(input);
    try {
      const stat = await fs.stat(target);
      return { type: stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other', size: stat.size, mtimeMs: stat.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async readText(input: string): Promise<string> {
    return this.readResolved(await this.resolve(input), input);
  }

  async writeText(input: string, text: string, mode: 'create' | 'overwrite'): Promise<void> {
    const target = await this.resolve(input);
    await this.serialized(target, async () => {
      const existing = await this.statOrUndefined(target);
      if (existing?.isDirectory()) throw new WorkspaceError(`'${input}' is a directory.`);
      if (mode === 'create' && existing) throw new WorkspaceError(`'${input}' already exists; edit it instead of creating it.`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await this.atomicWrite(target, text, mode === 'create' ? 'exclusive' : 'replace', existing?.mode);
    });
  }

  async edit(input: string, transform: (text: string) => string | Promise<string>): Promise<{ before: string; after: string }> {
    const target = await this.resolve(input);
    return this.serialized(target, async () => {
      const before = await this.readResolved(target, input);
      const after = await transform(before);
      if (after !== before) await this.atomicWrite(target, after, 'replace', (await fs.stat(target)).mode);
      return { before, after };
    });
  }

  async delete(input: string): Promise<void> {
    const target = await this.resolve(input);
    await this.serialized(target, async () => {
      const stat = await this.statOrUndefined(target);
      if (!stat) throw new WorkspaceError(`'${input}' does not exist.`);
      if (!stat.isFile()) throw new WorkspaceError(`'${input}' is not a file; only files can be deleted.`);
      await fs.unlink(target);
    });
  }

  async readDirectory(input: string): Promise<DirectoryEntry[]> {
    const target = await this.resolve(input);
    const stat = await this.statOrUndefined(target);
    if (!stat) throw new WorkspaceError(`Folder '${input}' does not exist. Use file_search to find paths.`);
    if (!stat.isDirectory()) throw new WorkspaceError(`'${input}' is a file, not a folder; use read_file to read it.`);
    const entries = await fs.readdir(target, { withFileTypes: true });
    return entries
      .map<DirectoryEntry>((e) => ({ name: e.name, type: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other' }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  private async readResolved(target: string, input: string): Promise<string> {
    const stat = await this.statOrUndefined(target);
    if (!stat) throw new WorkspaceError(`File '${input}' does not exist. Use file_search or list_dir to find the right path.`);
    if (stat.isDirectory()) throw new WorkspaceError(`'${input}' is a folder; use list_dir to see what it holds.`);
    if (stat.size > MAX_TEXT_BYTES)
      throw new WorkspaceError(`File '${input}' is too large to read (${(stat.size / 1024 / 1024).toFixed(1)} MB, limit ${MAX_TEXT_BYTES / 1024 / 1024} MB). Use grep_search to find the part you need.`);
    const buffer = await fs.readFile(target);
    if (isBinary(buffer)) throw new WorkspaceError(`File '${input}' is binary (${buffer.length} bytes); it cannot be read or edited as text.`);
    return buffer.toString('utf8');
  }

  private async atomicWrite(target: string, text: string, how: 'exclusive' | 'replace', mode?: number): Promise<void> {
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.writeFile(temp, text, { flag: 'wx', mode: mode ?? 0o666 });
      if (how === 'exclusive') {
        // link() fails if the target appeared meanwhile, so a create never overwrites.
        await fs.link(temp, target).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new WorkspaceError(`'${this.relative(target)}' already exists; edit it instead of creating it.`) : error;
        });
      } else {
        await fs.rename(temp, target);
      }
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  private serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  private async statOrUndefined(target: string) {
    try {
      return await fs.stat(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private contains(absolute: string): boolean {
    const relative = path.relative(this.root, absolute);
    return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
  }

  private outside(input: string): WorkspaceError {
    return new WorkspaceError(`Path '${input}' is outside the workspace (${this.root}). Use a path inside it, relative to the root or absolute.`);
  }
}

/** A NUL byte in the first 8 KB means binary, as git and ripgrep decide. */
export function isBinary(buffer: Buffer): boolean {
  return buffer.subarray(0, 8192).includes(0);
}
