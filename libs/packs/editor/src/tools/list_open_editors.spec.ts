import { ContextKeys, OpenEditorsService } from '@toolpacks/services';
import { createPackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

describe('list_open_editors', () => {
  it('is never offered by the headless host, which has no editors', async () => {
    const h = await createPackHarness([editorPack]);
    expect(h.names()).not.toContain('list_open_editors');
    await h.dispose();
  });

  it('lists what a host with editors reports, once the host sets hasOpenEditors', async () => {
    // The editors service stands in for the VS Code host here; the tool's own logic is what is tested.
    const list = async () => [
      { path: 'src/a.ts', languageId: 'typescript', isActive: true, isDirty: false },
      { path: 'README.md', languageId: 'markdown', isActive: false, isDirty: true },
    ];
    const h = await createPackHarness(
      [editorPack],
      {},
      { configure: (c) => c.bind(OpenEditorsService).toConstantValue({ list }) },
    );
    h.host.contextKeys.set(ContextKeys.hasOpenEditors, true);
    expect(h.names()).toContain('list_open_editors');
    expect((await h.call('list_open_editors', {})).text).toBe(
      'src/a.ts (typescript) [active]\nREADME.md (markdown) [unsaved changes]',
    );
    await h.dispose();
  });
});
