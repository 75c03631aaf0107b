// What the git tools share: the git service, injected once here, and what a read tool's definition
// says of where it runs (a git repository), its tags and its annotations.
import { inject, injectable } from 'inversify';
import { GitService } from '@toolpacks/services';
import { READ_ANNOTATIONS } from './schemas';
import { GIT_WHEN } from './when';

/** A git tool: its class extends this (with `@injectFromBase()`) for the git service. */
@injectable()
export abstract class GitTool {
  constructor(@inject(GitService) protected readonly git: GitService) {}
}

/** A read tool's place, tags and annotations, spread at the end of its definition. */
export const GIT_READ = { when: GIT_WHEN, tags: ['git', 'read'], annotations: READ_ANNOTATIONS } as const;

/** A write tool's place and tags, spread before its own annotations. */
export const GIT_WRITE = { when: GIT_WHEN, tags: ['git', 'write'] } as const;
