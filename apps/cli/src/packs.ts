// The packs that ship in this repository, loaded over a real folder by every CLI command.
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';

export const builtInPacks = [editorPack, searchPack, gitPack, debugPack];
