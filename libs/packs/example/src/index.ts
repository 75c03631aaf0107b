import { ContainerModule } from 'inversify';
import { definePack, defineToolSet } from '@toolpacks/registry';
import { Clock } from './clock';
import { countWords } from './tools/count_words';
import { describeSelection } from './tools/describe_selection';
import { geminiCountWords } from './tools/gemini_count_words';
import { getTime } from './tools/get_time';
import { gptGetTime } from './tools/gpt_get_time';

export { Clock } from './clock';

/** Binds the system clock unless the host bound its own Clock first. */
export const exampleServices = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(Clock)) bind(Clock).toConstantValue({ now: () => new Date() });
});

export const examplePack = definePack({
  id: 'example',
  displayName: 'Example Pack',
  version: '0.1.0',
  tools: [getTime, gptGetTime, countWords, geminiCountWords, describeSelection],
  // gpt_get_time shares get_time's picker entry; gemini_count_words overrides count_words and has none.
  toolSets: [
    defineToolSet({
      name: 'example',
      description: 'Example tools: time, word counts and the editor selection.',
      tools: [getTime, countWords, describeSelection],
    }),
  ],
  services: exampleServices,
});
