import { WorkspaceError } from '@toolpacks/services';

/** A change that collided with another writer: nothing was changed, and trying again is right. */
export class ConflictError extends WorkspaceError {
  constructor(what: string, why = 'changed on disk while it was being edited (another program or edit wrote to it)') {
    super(`${what} ${why}. Nothing was changed; read it again and retry.`);
  }
}
