import fs from 'node:fs';
import { messages } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, startServer, type ServerProcess } from '../../../e2e/support/server-process';
import { findPgBin, startPgCluster, type PgCluster } from '../support/pg-cluster';

const bin = findPgBin();
if (!bin && process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries');

/**
 * Issue 8.6: PostgreSQL going away under a running server. Requests answer 503 with a clear message
 * (never hang, never 500, never crash the process) and the server recovers by itself when the
 * database returns.
 */
describe.skipIf(!bin)('the database becoming unreachable', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  let cookie = '';

  beforeAll(async () => {
    cluster = await startPgCluster(bin!);
    server = await startServer({ env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    cookie = await apiSignIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    cluster?.stop();
    if (cluster) fs.rmSync(cluster.dir, { recursive: true, force: true });
  });

  // A request that hung instead of answering 503 would fail the test by its timeout.
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

  it('answers 503 while it is down and recovers when it returns', async () => {
    expect((await get('/api/advertisements/list')).status).toBe(200);

    // The database goes away with every commit kept (the server's sign-in must survive it).
    cluster.stop('fast');
    for (const path of ['/api/health', '/api/advertisements/list', '/api/auth/session']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 503]);
      expect(await res.json()).toEqual({ success: false, message: messages.server.unavailable });
    }
    const write = await fetch(`${server.url}/api/advertisements/00000000-0000-4000-8000-000000000000/status`, {
      method: 'PUT',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(write.status).toBe(503);
    expect(server.proc.exitCode).toBeNull();

    cluster.start();
    // Recovery is a state: the list is asked for again until it answers, 503 meanwhile (no deadline
    // of its own: the test's timeout is the hang guard).
    for (;;) {
      const status = (await get('/api/advertisements/list')).status;
      if (status === 200) break;
      expect(status, server.output().slice(-4000)).toBe(503);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await get('/api/health')).status).toBe(200);
  });
});
