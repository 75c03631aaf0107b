import { ContainerModule } from 'inversify';
import { definePack } from '@toolpacks/registry';
import { Clock } from './clock';
import { countWordsDefinition, CountWordsTool } from './tools/count_words';
import { describeSelectionDefinition, DescribeSelectionTool } from './tools/describe_selection';
import { geminiCountWordsDefinition, GeminiCountWordsTool } from './tools/gemini_count_words';
import { getTimeDefinition, GetTimeTool } from './tools/get_time';
import { gptGetTimeDefinition, GptGetTimeTool } from './tools/gpt_get_time';

export { Clock } from './clock';

/** Binds the system clock unless the host bound its own Clock first. */
export const exampleServices = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(Clock)) bind(Clock).toConstantValue({ now: () => new Date() });
});

export const examplePack = definePack({
  id: 'example',
  displayName: 'Example Pack',
  version: '0.1.0',
  tools: [
    { definition: getTimeDefinition, implementation: GetTimeTool },
    { definition: gptGetTimeDefinition, implementation: GptGetTimeTool },
    { definition: countWordsDefinition, implementation: CountWordsTool },
    { definition: geminiCountWordsDefinition, implementation: GeminiCountWordsTool },
    { definition: describeSelectionDefinition, implementation: DescribeSelectionTool },
  ],
  toolSets: [{ name: 'example', description: 'Example tools: time, word counts and the editor selection.', tools: ['get_time', 'count_words', 'describe_selection'] }],
  services: exampleServices,
});
