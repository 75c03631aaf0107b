// Images over MCP, end to end with the SDK's own Client: read_file of a real PNG in the session's
// folder answers MCP image content (base64 of the very bytes) beside a short text; other binary
// files answer an error that names their type and size.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { call, cleanUpSessions, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('read_file of an image over MCP', () => {
  it('returns MCP image content with the bytes, and a short description', async () => {
    const c = await open();
    const { root } = await c.root();
    await fs.writeFile(path.join(root, 'dot.png'), PNG);
    const result = (await c.client.callTool({ name: 'read_file', arguments: { filePath: 'dot.png' } })) as {
      content: { type: string; text?: string; data?: string; mimeType?: string }[];
      isError?: boolean;
    };
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([
      { type: 'text', text: `Image dot.png (PNG, ${PNG.length} bytes, 1×1 pixels).` },
      { type: 'image', mimeType: 'image/png', data: PNG.toString('base64') },
    ]);
  });

  it('refuses other binary files with their type and size', async () => {
    const c = await open();
    const { root } = await c.root();
    await fs.writeFile(path.join(root, 'a.zip'), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2048)]));
    const result = await call(c, 'read_file', { filePath: 'a.zip' });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/a\.zip is a binary file \(zip archive, 2 KB\); it cannot be read as text/);
  });
});
