// The server's `instructions` (the initialize result in the 2025 era, server/discover in 2026-07-28):
// what the server is, the folder its tools work in, the model family the tools are listed for and
// why, and how a call that needs a person's yes is asked in this era, or that it is declined.
import { inertLine } from '@toolpacks/registry/host';
import { describeSessionModel } from './clientFamilies';
import { describeComplement, type ClientProfile } from './clientProfiles';
import type { McpSessionModel } from './types';

/** How a call that needs a person's yes reaches one. */
export type ConfirmationChannel = 'elicitation' | 'input_required' | 'none';

export interface InstructionsInput {
  readonly model: McpSessionModel;
  /** The workspace folder, when the session knows it. */
  readonly root?: string;
  readonly confirmation: ConfirmationChannel;
  /** The packs loaded, by display name. */
  readonly packs?: readonly string[];
  /** What the client does itself (clientProfiles.ts); undefined for a client toolpacks does not know. */
  readonly profile?: ClientProfile;
  /** Every tool is served, also those whose job the client's own tools do. */
  readonly servesEverything?: boolean;
}

/** One question per action: what the client's own question covers, and what this server still asks. */
const CLIENT_ASKS =
  'This client asks the person before each call of this server’s tools (its own permissions or confirmations, from the tools’ annotations); that question covers ordinary calls, plain git_add and git_commit and ordinary edits included, and this server does not ask them again. This server asks itself only for what it alone can judge: a write to a sensitive file (the diff is shown), a call that makes repository programs run (hooks, signing, filters), code the model wrote that runs (start_debugging, evaluate_expression, conditional breakpoints), and a change that cannot be undone (what is lost is shown).';

const CONFIRMATION: Record<ConfirmationChannel, string> = {
  elicitation:
    'A call that needs this server’s own yes is asked through elicitation: the client shows the question; accept runs that call once, decline or cancel runs nothing and the model is told.',
  input_required:
    'A call that needs this server’s own yes answers `input_required` with a form elicitation (the question) and a signed `requestState`: retry the same call, with the same arguments, carrying the answer in `inputResponses` and the `requestState` unchanged. Accept runs that call once; decline or cancel runs nothing. A requestState works once, for that call only, and expires.',
  none: 'This client declared no form elicitation, so a call that needs a person’s yes is declined (the result says why) unless the server’s approval policy allows it.',
};

export function serverInstructions({
  model,
  root,
  confirmation,
  packs,
  profile,
  servesEverything,
}: InstructionsInput): string {
  const what = `Tool Packs (toolpacks): language-model tools${packs?.length ? ` of the ${packs.join(', ')} packs` : ''} over ${root ? `the workspace folder ${inertLine(root)}` : 'one workspace folder'}; paths are relative to it and nothing outside it is reached.`;
  return [
    what,
    `The tools of this server are listed for model ${describeSessionModel(model)}.`,
    ...(profile?.asksBeforeEachCall ? [CLIENT_ASKS] : []),
    CONFIRMATION[confirmation],
    describeComplement(profile, servesEverything),
  ]
    .filter((part) => part !== undefined)
    .join('\n\n');
}
