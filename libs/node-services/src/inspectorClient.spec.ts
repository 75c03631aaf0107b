// Connecting to an inspector that accepts the TCP connection but never answers the handshake:
// cancellation must abandon the attempt at once instead of waiting out the handshake timeout.
import * as net from 'node:net';
import { CancellationTokenSource } from '@toolpacks/base';
import { InspectorClient } from './inspectorClient';

describe('InspectorClient.connect', () => {
  let server: net.Server;
  const sockets: net.Socket[] = [];
  beforeEach(async () => {
    server = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up when cancelled, long before the handshake timeout', async () => {
    const { port } = server.address() as net.AddressInfo;
    const source = new CancellationTokenSource();
    const connecting = InspectorClient.connect(`ws://127.0.0.1:${port}/silent`, {
      timeoutMs: 60_000,
      token: source.token,
    });
    for (let i = 0; i < 500 && sockets.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sockets).toHaveLength(1);
    source.cancel();
    await expect(connecting).rejects.toThrow(/cancelled/);
  });

  it('refuses at once with a token already cancelled, and reports a refused connection', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    await expect(InspectorClient.connect('ws://127.0.0.1:9/x', { token: source.token })).rejects.toThrow(/cancelled/);
    await expect(InspectorClient.connect('ws://127.0.0.1:9/x')).rejects.toThrow(
      /Could not connect to the Node inspector/,
    );
  });
});
