import type { ServiceIdentifier } from 'inversify';

/** One open editor. */
export interface OpenEditorInfo {
  /** Workspace-relative when inside the workspace, else absolute or a URI. */
  readonly path: string;
  /** The editor's language (`typescript`, `markdown`, …), when the host knows it. */
  readonly languageId?: string;
  /** Whether it is the active editor. */
  readonly isActive: boolean;
  /** Whether it has unsaved changes. */
  readonly isDirty: boolean;
}

/** The editors a host has open. Only hosts with editors bind it (and set `hasOpenEditors`). */
export interface OpenEditorsService {
  /** The open editors. */
  list(): Promise<readonly OpenEditorInfo[]>;
}

/** The DI token of {@link OpenEditorsService}: `@inject(OpenEditorsService)`. */
export const OpenEditorsService: ServiceIdentifier<OpenEditorsService> = Symbol.for('toolpacks.OpenEditorsService');
