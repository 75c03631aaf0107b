// The client's requests a stdio wire has passed on and not yet answered. A client may end its input
// right after its last request (a one-shot `printf … | toolpacks mcp`, a script that writes its
// requests and closes the pipe): the server must answer what it was asked before the end of input
// closes it, or the answers are lost.
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A transport that keeps count of the requests it passes on until each is answered or cancelled. */
export class UnansweredRequests implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private readonly unanswered = new Set<RequestId>();
  private settled: (() => void)[] = [];
  private firstSent = false;

  /**
   * `answeredEarly`: the opening request a host answered before the SDK loaded: its answer never comes
   * through here. `onFirstSend`: called once, after the first message this transport sent is written.
   */
  constructor(
    private readonly inner: Transport,
    private answeredEarly?: RequestId,
    private readonly onFirstSend?: () => void,
  ) {}

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.received(message);
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      await this.inner.send(message, options);
    } finally {
      if (!('method' in message) && 'id' in message && message.id !== undefined) this.answered(message.id);
      if (!this.firstSent) {
        this.firstSent = true;
        this.onFirstSend?.();
      }
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);

  /** Settles once every request passed on so far has been answered, or cancelled by the client. */
  allAnswered(): Promise<void> {
    if (this.unanswered.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.settled.push(resolve));
  }

  private received(message: JSONRPCMessage): void {
    const fields: unknown = message;
    if (!isObject(fields) || typeof fields.method !== 'string') return;
    const id = fields.id;
    if (typeof id === 'string' || typeof id === 'number') {
      if (id === this.answeredEarly) this.answeredEarly = undefined;
      else this.unanswered.add(id);
    } else if (fields.method === 'notifications/cancelled' && isObject(fields.params)) {
      // A cancelled request is not answered (the SDK drops its answer).
      const cancelled = fields.params.requestId;
      if (typeof cancelled === 'string' || typeof cancelled === 'number') this.answered(cancelled);
    }
  }

  private answered(id: RequestId): void {
    if (!this.unanswered.delete(id) || this.unanswered.size > 0) return;
    for (const resolve of this.settled.splice(0)) resolve();
  }
}
