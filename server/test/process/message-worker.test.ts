import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, startServer, type ServerProcess } from '../../../e2e/support/server-process';
import { startSmtpServer, waitFor } from '../support/message-servers';
import { findPgBin, startPgCluster, type PgCluster } from '../support/pg-cluster';

const bin = findPgBin();
if (!bin && process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries');
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Issue 19 on PostgreSQL: a server with MESSAGE_WORKER=false leaves delivery to `npm run worker`
 * processes. A decision made while no worker runs waits for one; `kill -9` of a worker loses nothing;
 * two workers deliver each message once.
 */
describe.skipIf(!bin)('npm run worker beside a server on PostgreSQL', () => {
  let cluster: PgCluster;
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster(bin!);
    smtp = await startSmtpServer();
    server = await startServer({ env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false', MESSAGE_WORKER: 'false' } });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await smtp?.close();
    cluster?.stop();
    if (cluster) fs.rmSync(cluster.dir, { recursive: true, force: true });
  });

  /** `npm run worker`'s program, ready once it says it runs. */
  async function startWorker(): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/worker.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: cluster.url, SMTP_URL: smtp.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    workers.push(proc);
    let out = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (out += d));
    await waitFor(() => {
      if (proc.exitCode !== null) throw new Error(`worker exited (${proc.exitCode}):\n${out}`);
      return out.includes('Advertiser message worker running.');
    });
    return proc;
  }

  it('delivers what was decided while it was down, survives kill -9, and never doubles', async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows: users } = await client.query<{ id: string }>(
      `insert into users (username, email, password_hash) values ('nimal', 'nimal@example.lk', 'x') returning id`,
    );
    const { rows: ads } = await client.query<{ id: string }>(
      `insert into advertisements (user_id, title, heading, username, category, district)
       select $1, 'Ad ' || i, 'Heading ' || i, 'nimal', 'Vehicles', 'Colombo' from generate_series(1, 12) i
       returning id`,
      [users[0]!.id],
    );
    await client.end();
    const cookie = await apiSignIn(server.url);
    const approve = async (id: string) => {
      const res = await fetch(`${server.url}/api/advertisements/${id}/status`, {
        method: 'PUT',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'approved' }),
      });
      expect(res.status).toBe(200);
    };
    const [first, ...rest] = ads.map((a) => a.id);

    // No worker yet: the message waits in the outbox.
    await approve(first!);
    const one = await startWorker();
    await waitFor(() => smtp.received.length >= 1);
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    check.on('error', () => {});
    /** Every message sent and every job done: a doubled delivery would have happened by then. */
    const allDone = () =>
      waitFor(async () => {
        const r = await check.query<{ jobs: number; open: number }>(
          `select (select count(*)::int from graphile_worker.jobs) as jobs,
                    (select count(*)::int from advertiser_messages where status <> 'sent') as open`,
        );
        return r.rows[0]!.jobs === 0 && r.rows[0]!.open === 0;
      });
    // Killed between the SMTP server's acceptance and the 'sent' mark, the message would be sent
    // again after its 5-minute lease (docs/decisions/0022-advertiser-messages.md): not this test.
    await allDone();

    // A worker killed with -9; the decisions made meanwhile reach two new workers, each once.
    one.kill('SIGKILL');
    for (const id of rest.slice(0, 5)) await approve(id);
    await Promise.all([startWorker(), startWorker()]);
    for (const id of rest.slice(5)) await approve(id);
    await waitFor(() => smtp.received.length >= 12);
    await allDone();
    await check.end();
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(12);
  });
});
