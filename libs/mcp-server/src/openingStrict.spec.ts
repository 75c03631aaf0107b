// The opening answered before the SDK loads (openingAnswer.ts) answers only what the SDK answers the
// same way (review round 5): an initialize or server/discover the SDK refuses (an ill-typed
// capability or client member, an id it cannot echo, members a request does not have) is left to it,
// so the client gets the SDK's own error, not an early welcome. Compared with the real SDK server.
import { earlyOpeningAnswer } from './openingAnswer';
import { sdkAnswer } from './testing/sdkAnswer';
import type { McpServerOptions, SessionDescription } from './types';

jest.setTimeout(60_000);

const ABOUT: SessionDescription = {
  model: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  root: '/work/somewhere',
  packs: ['Editor', 'Search', 'Git', 'Debug'],
};
const OPTIONS: McpServerOptions = {
  approvals: {},
  createSession: () => Promise.reject(new Error('no session in this spec')),
  describeSession: () => ABOUT,
};
const INFO = 'io.modelcontextprotocol/clientInfo';
const CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

type Message = Record<string, unknown> & { params: Record<string, unknown> & { _meta?: Record<string, unknown> } };

const initialize = (change: (message: Message) => void = () => {}): Message => {
  const message: Message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  };
  change(message);
  return message;
};
const discover = (change: (message: Message) => void = () => {}): Message => {
  const message: Message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'server/discover',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        [INFO]: { name: 'c', version: '1' },
        [CAPABILITIES]: {},
      },
    },
  };
  change(message);
  return message;
};

const refused: [string, Message][] = [
  ['initialize: capabilities.elicitation a number', initialize((m) => (m.params.capabilities = { elicitation: 5 }))],
  [
    'initialize: roots.listChanged a string',
    initialize((m) => (m.params.capabilities = { roots: { listChanged: 'y' } })),
  ],
  ['initialize: capabilities an array', initialize((m) => (m.params.capabilities = []))],
  [
    'initialize: clientInfo.icons a number',
    initialize((m) => (m.params.clientInfo = { name: 'c', version: '1', icons: 5 })),
  ],
  [
    'initialize: clientInfo.title a number',
    initialize((m) => (m.params.clientInfo = { name: 'c', version: '1', title: 5 })),
  ],
  [
    'initialize: clientInfo.websiteUrl a number',
    initialize((m) => (m.params.clientInfo = { name: 'c', version: '1', websiteUrl: 5 })),
  ],
  ['initialize: an id past the safe integers', initialize((m) => (m.id = 1e300))],
  ['initialize: a fractional id', initialize((m) => (m.id = 1.5))],
  ['initialize: a result beside the method', initialize((m) => (m.result = {}))],
  ['initialize: protocolVersion a number', initialize((m) => (m.params.protocolVersion = 2025))],
  [
    'discover: capabilities.elicitation a number',
    discover((m) => (m.params._meta![CAPABILITIES] = { elicitation: 5 })),
  ],
  [
    'discover: clientInfo.icons a number',
    discover((m) => (m.params._meta![INFO] = { name: 'c', version: '1', icons: 5 })),
  ],
  ['discover: an id past the safe integers', discover((m) => (m.id = 2 ** 60))],
  ['discover: a result beside the method', discover((m) => (m.result = {}))],
];

describe('what the SDK refuses is not answered early', () => {
  it.each(refused)('%s', async (_name, message) => {
    expect(earlyOpeningAnswer(OPTIONS, ABOUT, message)).toBeUndefined();
    const answer = await sdkAnswer(OPTIONS, JSON.stringify(message), 3_000);
    // The SDK's answer is an error, or nothing (no request it can answer): never a welcome.
    expect(answer === '' || 'error' in (JSON.parse(answer) as Record<string, unknown>)).toBe(true);
  });
});

const accepted: [string, Message][] = [
  [
    'initialize: clientInfo with title, description and websiteUrl',
    initialize(
      (m) => (m.params.clientInfo = { name: 'c', version: '1', title: 'C', description: 'd', websiteUrl: 'u' }),
    ),
  ],
  [
    'initialize: roots, sampling, elicitation form and url',
    initialize(
      (m) =>
        (m.params.capabilities = {
          roots: { listChanged: true },
          sampling: { context: {} },
          elicitation: { form: { applyDefaults: false }, url: {} },
        }),
    ),
  ],
  ['initialize: a string id', initialize((m) => (m.id = 'open'))],
  [
    'discover: experimental and extensions',
    discover((m) => (m.params._meta![CAPABILITIES] = { experimental: { x: {} }, extensions: { 'a/b': {} } })),
  ],
];

describe('what the SDK welcomes is answered early, as it answers', () => {
  it.each(accepted)('%s', async (_name, message) => {
    const early = earlyOpeningAnswer(OPTIONS, ABOUT, message);
    expect(early).toBeDefined();
    const sdk = JSON.parse(await sdkAnswer(OPTIONS, JSON.stringify(message))) as { id: unknown; result: unknown };
    expect(early).toEqual({ id: sdk.id, result: sdk.result });
  });
});
