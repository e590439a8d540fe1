import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../../../e2e/support/server-process';

/**
 * Issue 8.6 (docs/decisions/0011-database-files-and-instances.md): `kill -9` of the server while writes stream in, ten times over one embedded
 * database. After every restart the database opens cleanly and every write the server acknowledged
 * is there. Writes that were in flight at the kill may or may not have landed; none may be half-done.
 */
describe('kill -9 during a stream of writes (embedded database)', () => {
  const dataDir = tempDataDir('bo-kill-');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const acknowledged = new Set<string>();
  let next = 0;

  /** Creates duties one after another until the server dies; remembers the acknowledged codes. */
  async function writer(url: string, cookie: string, alive: () => boolean): Promise<void> {
    while (alive()) {
      const code = `#D${String(next++).padStart(4, '0')}`;
      try {
        const res = await fetch(`${url}/api/duties`, {
          method: 'POST',
          headers: { cookie, origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({
            id: code,
            title: `Duty ${code}`,
            description: 'Written under fire',
            conditions: ['x'],
          }),
        });
        if (res.status === 201) acknowledged.add(code);
        else expect(res.status, await res.text()).toBe(201);
      } catch {
        return; // the connection died with the server: this write was never acknowledged
      }
    }
  }

  async function listedCodes(url: string, cookie: string): Promise<Set<string>> {
    const res = await fetch(`${url}/api/duties`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { duties: Array<{ id: string; title: string }> };
    for (const d of body.duties) expect(d.title).toBe(`Duty ${d.id}`); // whole rows only
    return new Set(body.duties.map((d) => d.id));
  }

  it('keeps every acknowledged write through 10 kills', { timeout: 300_000 }, async () => {
    const env = { SEED_DEMO: 'false' };
    for (let round = 0; round < 10; round++) {
      server = await startServer({ dataDir, env });
      const cookie = await apiSignIn(server.url);
      const codes = await listedCodes(server.url, cookie);
      for (const code of acknowledged) expect(codes, `round ${round}: ${code} lost`).toContain(code);

      let alive = true;
      const writers = [0, 1, 2, 3].map(() => writer(server!.url, cookie, () => alive));
      const before = acknowledged.size;
      // Let the stream run a random while (at least a few writes), then pull the plug mid-stream.
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
      while (acknowledged.size < before + 3) await new Promise((r) => setTimeout(r, 20));
      await server.kill();
      alive = false;
      await Promise.all(writers);
    }
    server = await startServer({ dataDir, env });
    const codes = await listedCodes(server.url, await apiSignIn(server.url));
    for (const code of acknowledged) expect(codes).toContain(code);
    expect(acknowledged.size).toBeGreaterThanOrEqual(30);
  });
});
