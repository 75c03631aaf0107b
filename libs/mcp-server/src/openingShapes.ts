// The shapes of a client's request that the SDK surely accepts, checked without loading it (its zod
// schemas are what the early answers exist to wait less for): a request's exact members, an id it
// echoes as sent, the client's implementation info and capabilities of the types its schemas require.
// A subset of what the SDK accepts: anything else is left to the SDK, which answers it as it would
// have (openingAnswer.ts, earlyList.ts).

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` is an object whose keys are among `allowed`, with all of `required`. */
export function hasOnly(value: unknown, allowed: readonly string[], required: readonly string[] = []): value is Json {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.every((key) => allowed.includes(key)) && required.every((key) => keys.includes(key));
}

const REQUEST_MEMBERS = ['jsonrpc', 'id', 'method', 'params'];

/** A JSON-RPC 2.0 request of `method` with exactly the four members and an id the SDK echoes as sent. */
export function plainRequest(
  message: unknown,
  method: string,
): message is Json & { id: string | number; params: Json } {
  if (!hasOnly(message, REQUEST_MEMBERS, REQUEST_MEMBERS)) return false;
  const { id } = message;
  return (
    message.jsonrpc === '2.0' &&
    message.method === method &&
    isObject(message.params) &&
    (typeof id === 'string' || Number.isSafeInteger(id))
  );
}

/** The client's name when `info` is an implementation of string members only (icons are left to the SDK). */
export function implementationName(info: unknown): string | undefined {
  if (!hasOnly(info, ['name', 'version', 'title', 'description', 'websiteUrl'], ['name', 'version'])) return undefined;
  return Object.values(info).every((member) => typeof member === 'string') ? (info.name as string) : undefined;
}

const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const objectOfObjects = (value: unknown): boolean => isObject(value) && Object.values(value).every(isObject);

/** Capabilities of the shapes the SDK's ClientCapabilities schema accepts (`tasks` and unknown keys are left to it). */
export function wellFormedCapabilities(capabilities: unknown): capabilities is Json {
  if (!hasOnly(capabilities, ['elicitation', 'roots', 'sampling', 'experimental', 'extensions'])) return false;
  const { elicitation, roots, sampling, experimental, extensions } = capabilities;
  const form = (value: unknown) => isObject(value) && optional(value.applyDefaults, isBoolean);
  return (
    optional(elicitation, (e) => hasOnly(e, ['form', 'url']) && optional(e.form, form) && optional(e.url, isObject)) &&
    optional(roots, (r) => hasOnly(r, ['listChanged']) && optional(r.listChanged, isBoolean)) &&
    optional(
      sampling,
      (s) => hasOnly(s, ['context', 'tools']) && optional(s.context, isObject) && optional(s.tools, isObject),
    ) &&
    optional(experimental, objectOfObjects) &&
    optional(extensions, objectOfObjects)
  );
}

export const MODERN_VERSION = '2026-07-28';
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;
const ENVELOPE = [META.protocolVersion, META.clientInfo, META.clientCapabilities];

/** Who a 2026-07-28 request's params say the client is, when they are exactly a well-formed envelope. */
export function envelopeClient(params: Json): { name: string; capabilities: Json } | undefined {
  if (!hasOnly(params, ['_meta'], ['_meta'])) return undefined;
  const meta = params._meta;
  if (!hasOnly(meta, ENVELOPE, ENVELOPE) || meta[META.protocolVersion] !== MODERN_VERSION) return undefined;
  const name = implementationName(meta[META.clientInfo]);
  const capabilities = meta[META.clientCapabilities];
  return name !== undefined && wellFormedCapabilities(capabilities) ? { name, capabilities } : undefined;
}
