import { ContextKeys } from '@toolpacks/services';

/** Git tools are offered only while the workspace is a repository. */
export const GIT_WHEN = `${ContextKeys.gitOpenRepositoryCount} > 0`;

export const PATH_PROPERTY = {
  type: 'string',
  description: 'Limit to this file or folder (workspace-relative or absolute).',
} as const;
export const REVISION_PROPERTY = {
  type: 'string',
  description: 'A branch, tag, commit hash or expression such as HEAD~2 or main..feature.',
} as const;
