import type { ServiceIdentifier } from 'inversify';

export interface OpenEditorInfo {
  /** Workspace-relative when inside the workspace, else absolute or a URI. */
  readonly path: string;
  readonly languageId?: string;
  readonly isActive: boolean;
  readonly isDirty: boolean;
}

/** The editors a host has open. Only hosts with editors bind it (and set `hasOpenEditors`). */
export interface OpenEditorsService {
  list(): Promise<readonly OpenEditorInfo[]>;
}

export const OpenEditorsService: ServiceIdentifier<OpenEditorsService> = Symbol.for('toolpacks.OpenEditorsService');
