import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ContextKeys } from '@toolpacks/services';
import { handedOut, resetHandedOut, workspace } from './testing/vscodeFake';
import { VsCodeDebugService } from './vscodeDebugService';
import { VsCodeHost } from './vscodeHost';

describe('VsCodeHost', () => {
  let folder: string;
  beforeEach(() => {
    resetHandedOut();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'host-vscode-'));
    workspace.workspaceFolders = [{ uri: { scheme: 'file', fsPath: folder }, name: 'ws', index: 0 }];
  });
  afterEach(() => {
    jest.restoreAllMocks();
    workspace.workspaceFolders = undefined;
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('disposes every subscription it made when disposed', () => {
    const host = new VsCodeHost();
    expect(handedOut.length).toBeGreaterThan(0);
    host.dispose();
    expect(handedOut.filter((d) => !d.disposed).map((d) => d.what)).toEqual([]);
  });

  it('stops following the debug state once disposed, by its own subscription', () => {
    // The debug service lives on here (as if another owner held it): only the host's own
    // subscription can stop the updates.
    jest.spyOn(VsCodeDebugService.prototype, 'dispose').mockImplementation(() => undefined);
    const host = new VsCodeHost();
    const setState = (state: string) => (host.debug as unknown as { setState(s: string): void }).setState(state);
    setState('running');
    expect(host.contextKeys.values[ContextKeys.debugState]).toBe('running');
    host.dispose();
    setState('inactive');
    expect(host.contextKeys.values[ContextKeys.debugState]).toBe('running');
  });
});
