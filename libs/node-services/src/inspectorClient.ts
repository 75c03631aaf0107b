// A minimal Chrome DevTools Protocol client for the Node inspector (one WebSocket, request ids,
// events). Only what the debug service needs.
/* eslint-disable @typescript-eslint/no-explicit-any -- the inspector's messages are untyped JSON; each caller reads the fields it asked for */
import type { CancellationToken } from '@toolpacks/base';
import type WebSocket from 'ws';

type Listener = (params: any) => void;

export class InspectorClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: any) => void; reject: (e: Error) => void; method: string }
  >();
  private readonly listeners = new Map<string, Set<Listener>>();
  private closed = false;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(String(data)));
    socket.on('close', () => this.failAll('the debugger connection closed'));
    socket.on('error', (error) => this.failAll(error.message));
  }

  /** Opens the connection; a cancelled `token` abandons it at once (the socket is destroyed). */
  static connect(
    url: string,
    options: { timeoutMs?: number; token?: CancellationToken } = {},
  ): Promise<InspectorClient> {
    return new Promise((resolve, reject) => {
      if (options.token?.isCancellationRequested) return reject(new Error('connecting to the inspector was cancelled'));
      // ws is loaded at the first debug session, not by every host start (~8 ms).
      const { WebSocket: Socket } = require('ws') as typeof import('ws');
      const socket = new Socket(url, { perMessageDeflate: false, handshakeTimeout: options.timeoutMs ?? 10_000 });
      const cancellation = options.token?.onCancellationRequested(() => {
        socket.terminate();
        reject(new Error('connecting to the inspector was cancelled'));
      });
      socket.once('open', () => {
        cancellation?.dispose();
        resolve(new InspectorClient(socket));
      });
      socket.once('error', (error) => {
        cancellation?.dispose();
        reject(new Error(`Could not connect to the Node inspector at ${url}: ${error.message}`));
      });
    });
  }

  send<T = any>(method: string, params: object = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${method}: the debugger connection is closed`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  on(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set!.delete(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close();
    this.failAll('the debugger connection closed');
  }

  private receive(raw: string): void {
    const message = JSON.parse(raw) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
    } else if (message.method) {
      for (const listener of this.listeners.get(message.method) ?? []) listener(message.params);
    }
  }

  private failAll(reason: string): void {
    this.closed = true;
    for (const { reject, method } of this.pending.values()) reject(new Error(`${method}: ${reason}`));
    this.pending.clear();
  }
}
