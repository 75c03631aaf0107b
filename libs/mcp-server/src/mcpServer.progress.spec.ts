// A client that sends a progressToken hears how a waiting call is going (notifications/progress),
// and one that sends none hears nothing.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { cleanUpSessions, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

describe('progress', () => {
  it('start_debugging reports every second while it waits for the program, to a client that asked', async () => {
    const c = await open({ allow: ['start_debugging'] });
    const { root } = await c.root();
    await fs.writeFile(path.join(root, 'slow.js'), 'setTimeout(() => console.log("done"), 2500);\n');
    const seen: { progress: number; message?: string }[] = [];
    const result = (await c.client.callTool({ name: 'start_debugging', arguments: { program: 'slow.js' } }, undefined, {
      onprogress: (p) => seen.push(p),
    })) as { content: { type: string; text?: string }[]; isError?: boolean };
    expect(result.isError).toBeFalsy();
    expect(c.text(result)).toMatch(/done/);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0].message).toMatch(/^Waiting for slow\.js to stop at a breakpoint or end \(\d+ s\)$/);
    // Progress only rises.
    for (let i = 1; i < seen.length; i++) expect(seen[i].progress).toBeGreaterThan(seen[i - 1].progress);
  });
});
