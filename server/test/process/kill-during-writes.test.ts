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

  /** Every write that got a 2xx: each must be there after every later restart. */
  const acknowledged = new Set<string>();
  /** Writes whose connection the kill cut before an answer: they may or may not have landed. */
  const cut = new Set<string>();
  /** Anything else: a non-2xx answer, or a request that failed while the server was not being killed. */
  const failures: string[] = [];
  let next = 0;
  let killing = false;
  /** Looked at after every answer: `answered` resolves once its condition holds. */
  let onAnswer = () => {};
  const answered = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      onAnswer = () => {
        if (check()) resolve();
      };
      onAnswer();
    });

  /** How fetch fails when the server's process is gone: the socket reset, closed or refused. */
  const connectionDrop = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
  const isConnectionDrop = (err: unknown) =>
    err instanceof TypeError && connectionDrop.has((err.cause as { code?: string } | undefined)?.code ?? '');

  /** Creates duties one after another until the server dies, sorting every request by its outcome. */
  async function writer(url: string, cookie: string, alive: () => boolean): Promise<void> {
    while (alive()) {
      const code = `#D${String(next++).padStart(4, '0')}`;
      let res: Response;
      try {
        res = await fetch(`${url}/api/duties`, {
          method: 'POST',
          headers: { cookie, origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({
            id: code,
            title: `Duty ${code}`,
            description: 'Written under fire',
            conditions: ['x'],
          }),
        });
      } catch (err) {
        if (killing && isConnectionDrop(err)) {
          cut.add(code);
          return;
        }
        failures.push(`${code}: no answer (${String((err as Error).cause ?? err)})`);
        onAnswer();
        return;
      }
      // The status line is the acknowledgement: the server answers only once the write has committed.
      if (res.ok) acknowledged.add(code);
      const body = await res.text().catch(() => '(the body was cut)');
      if (!res.ok) failures.push(`${code}: ${res.status} ${body}`);
      onAnswer();
    }
  }

  async function listedCodes(url: string, cookie: string): Promise<Set<string>> {
    const res = await fetch(`${url}/api/duties`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { duties: Array<{ id: string; title: string }> };
    for (const d of body.duties) expect(d.title).toBe(`Duty ${d.id}`); // whole rows only
    return new Set(body.duties.map((d) => d.id));
  }

  // The timeout is a hang guard: eleven server starts on the embedded database take minutes on a busy machine.
  it('keeps every acknowledged write through 10 kills', { timeout: 900_000 }, async () => {
    const env = { SEED_DEMO: 'false' };
    for (let round = 0; round < 10; round++) {
      server = await startServer({ dataDir, env });
      const cookie = await apiSignIn(server.url);
      const codes = await listedCodes(server.url, cookie);
      const lost = [...acknowledged].filter((code) => !codes.has(code));
      expect(lost, `round ${round}: acknowledged but lost`).toEqual([]);

      let alive = true;
      killing = false;
      const writers = [0, 1, 2, 3].map(() => writer(server!.url, cookie, () => alive));
      const before = acknowledged.size;
      // Let the stream run for a random number of acknowledged writes (at least a few), so that the
      // kill lands somewhere else each round, then pull the plug mid-stream.
      const target = before + 3 + Math.floor(Math.random() * 40);
      await answered(() => acknowledged.size >= target || failures.length > 0);
      killing = true;
      await server.kill();
      alive = false;
      await Promise.all(writers);
      expect(failures, `round ${round}`).toEqual([]);
    }
    server = await startServer({ dataDir, env });
    const codes = await listedCodes(server.url, await apiSignIn(server.url));
    expect(
      [...acknowledged].filter((code) => !codes.has(code)),
      'acknowledged but lost',
    ).toEqual([]);
    // Nothing is there that was not sent, and what is there beyond the acknowledged was cut by a kill.
    expect(
      [...codes].filter((code) => !acknowledged.has(code) && !cut.has(code)),
      'never acknowledged',
    ).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(30);
    expect(failures).toEqual([]);
  });
});
