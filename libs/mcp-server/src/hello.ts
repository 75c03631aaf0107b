// Who the client says it is and what it can do: the 2025 era says it once, in the initialize request
// (clientInfo, capabilities); 2026-07-28 says it on every request, in the `_meta` envelope. The
// serving entries read it before they build a server instance, so the instance's instructions and
// model are the client's from its first answer (the SDK's factories are not shown the message).
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { isDeepStrictEqual } from 'node:util';
import type { OpeningAnswer } from './openingAnswer';

export interface ClientHello {
  /** `clientInfo.name`. */
  readonly name?: string;
  readonly capabilities?: ClientCapabilities;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The hello a message carries (an initialize request's params, or any request's `_meta` envelope); undefined when none. */
export function helloOf(message: unknown): ClientHello | undefined {
  if (!isObject(message) || !isObject(message.params)) return undefined;
  const params = message.params;
  let info: unknown;
  let capabilities: unknown;
  if (message.method === 'initialize') {
    info = params.clientInfo;
    capabilities = params.capabilities;
  }
  if (
    isObject(params._meta) &&
    (CLIENT_INFO_META_KEY in params._meta || CLIENT_CAPABILITIES_META_KEY in params._meta)
  ) {
    info = params._meta[CLIENT_INFO_META_KEY];
    capabilities = params._meta[CLIENT_CAPABILITIES_META_KEY];
  }
  if (info === undefined && capabilities === undefined) return undefined;
  const name = isObject(info) && typeof info.name === 'string' ? info.name : undefined;
  return {
    ...(name !== undefined ? { name } : {}),
    ...(isObject(capabilities) ? { capabilities: capabilities as ClientCapabilities } : {}),
  };
}

/** The hello of a request body (one message, or the first in a batch that carries one). */
export function helloOfBody(body: unknown): ClientHello {
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    const hello = helloOf(message);
    if (hello) return hello;
  }
  return {};
}

/**
 * A transport that remembers the latest hello of what arrives on `inner` before passing it on: the
 * stdio entry builds its instance while it handles the opening message, and the factory reads the
 * hello here.
 */
export class HelloTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** The hello of the latest message that carried one. */
  hello: ClientHello = {};

  private markSent!: () => void;
  /** Settles when the first message goes out on the wire (the opening answer). */
  readonly firstSent = new Promise<void>((resolve) => (this.markSent = resolve));

  /**
   * `answered`: the opening request the host already answered before the SDK loaded (openingAnswer.ts):
   * the SDK's own answer to it is not sent again, only compared; a difference is told to `onMismatch`.
   */
  constructor(
    private readonly inner: Transport,
    private answered?: OpeningAnswer,
    private readonly onMismatch?: (error: Error) => void,
  ) {
    if (answered) this.markSent();
  }

  /** Whether the request answered early has come through (the SDK was handed it again). */
  private answeredSeen = false;
  /** Other requests with the early answer's id, not yet answered (a client reusing an id in flight). */
  private reusedIds = 0;

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.hello = helloOf(message) ?? this.hello;
      if (this.answered && 'method' in message && 'id' in message && message.id === this.answered.id) {
        if (this.answeredSeen) this.reusedIds++;
        this.answeredSeen = true;
      }
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answered = this.answered;
    if (answered && 'id' in message && message.id === answered.id && !('method' in message)) {
      const result = 'result' in message ? message.result : undefined;
      const same = isDeepStrictEqual(result, answered.result);
      // Another request with the same id is in flight and this answer is not the one sent: it is that
      // request's own answer (the early one is held back when it comes).
      if (!same && this.reusedIds > 0) {
        this.reusedIds--;
        return this.forward(message, options);
      }
      if (!same)
        this.onMismatch?.(
          new Error(
            `the opening answered before the SDK loaded differs from the SDK's answer: ${JSON.stringify(message)}; sent was ${JSON.stringify(answered.result)}`,
          ),
        );
      this.answered = undefined;
      return Promise.resolve();
    }
    return this.forward(message, options);
  }

  private forward(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const sent = this.inner.send(message, options);
    this.markSent();
    return sent;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);
}
