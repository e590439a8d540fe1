import fs from 'node:fs';
import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { liveText, type AccountSession } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf } from '../../src/db/client';
import { createAdmin } from '../../src/modules/users/admin-accounts';
import { ADMIN, apiSignIn, startServer, tempDataDir, type ServerProcess } from '../../../e2e/support/server-process';
import { findNginx, startNginx, unitService, type Nginx } from '../support/deploy-files';
import { openEventStream, type EventStream } from '../support/event-stream';
import { findPgBin, freePort } from '../support/pg-cluster';
import { startPgStandbyPair, type PgStandbyPair } from '../support/pg-standby';

const bin = findPgBin();
const nginxBin = findNginx();
if (process.env.REQUIRE_POSTGRES === '1') {
  if (!bin) throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries');
  if (!nginxBin) throw new Error('REQUIRE_POSTGRES=1 but no nginx (Debian package nginx; .ci/run installs it)');
}
if (bin && !nginxBin) console.warn('\n  NOTICE: no nginx found: the nginx pair test is skipped.\n');

/**
 * Issue 37.3: two instances, started as deploy/systemd/backoffice@.service starts them, behind nginx
 * with deploy/nginx/backoffice.conf, on a PostgreSQL primary and its streaming standby; nothing
 * sticky. Which instance answered a request through the proxy is nginx's own record, the
 * X-Upstream-Addr header its test configuration adds ($upstream_addr); the other instance is then
 * called directly on its port (docs/decisions/0036-nginx-pair.md).
 */
describe.skipIf(!bin || !nginxBin)('two instances behind nginx', () => {
  const SECOND = { email: 'kamala@backoffice.test', password: 'second-admin-password', name: 'Kamala Silva' };
  const ADS = 1_200;
  const dataDir = tempDataDir('bo-nginx-pair-');
  let pg: PgStandbyPair | undefined;
  const servers: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  let proxy = '';
  let adIds: string[] = [];
  const cookies = { first: '', second: '' };
  const streams: EventStream[] = [];

  beforeAll(async () => {
    pg = await startPgStandbyPair(bin!);
    const database = await openPostgres(pg.primary.url);
    await createAdmin(database.db, { ...ADMIN, name: 'Nimal Perera' });
    await createAdmin(database.db, SECOND);
    const inserted = await database.db.execute(sql`
      insert into advertisements (title, heading, username, category, district)
      select 'Ad ' || i, 'Heading, with a comma ' || i, 'nimal', 'Vehicles', 'Colombo'
      from generate_series(1, ${ADS}) as i returning id`);
    adIds = rowsOf<{ id: string }>(inserted).map((r) => r.id);
    // The standby holds the seed before the instances read from it.
    const [wal] = rowsOf<{ lsn: string }>(await database.db.execute(sql`select pg_current_wal_lsn() as lsn`));
    await pg.replayedPast(wal!.lsn);
    await database.close();

    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const ports = [await freePort(), await freePort()] as const;
    for (const port of ports) {
      const unit = unitService(port);
      servers.push(
        await startServer({
          port,
          dataDir,
          command: unit.command,
          // The unit's own settings (PORT, HOST, TRUST_PROXY …); this test's databases, origin and uploads.
          env: {
            ...unit.env,
            DATABASE_URL: pg.primary.url,
            DATABASE_REPLICA_URL: pg.standby.url,
            PUBLIC_ORIGIN: proxy,
            DATA_DIR: dataDir,
          },
        }),
      );
    }
    nginx = await startNginx(nginxBin!, { port: proxyPort, instances: [ports[0], ports[1]] });
    cookies.first = await apiSignIn(proxy);
    cookies.second = await apiSignIn(proxy, SECOND.email, SECOND.password);
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    pg?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The instance nginx did not pass a request to, from the X-Upstream-Addr of its answer. */
  function otherInstance(upstreamAddr: unknown): ServerProcess {
    const index = servers.findIndex((s) => upstreamAddr === `127.0.0.1:${s.port}`);
    expect(index, `X-Upstream-Addr ${String(upstreamAddr)}`).toBeGreaterThanOrEqual(0);
    return servers[1 - index]!;
  }

  /** A call straight to one instance, as a browser on the proxy's origin would send it. */
  const direct = (server: ServerProcess, path: string, cookie: string, init: RequestInit) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { cookie, origin: proxy, 'content-type': 'application/json' },
    });

  it('delivers a decision made on one instance to a stream the proxy connected to the other', async () => {
    const stream = await openEventStream(proxy, cookies.second);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const other = otherInstance(stream.headers['x-upstream-addr']);

    const ad = adIds[0]!;
    const decided = await direct(other, `/api/advertisements/${ad}/status`, cookies.first, {
      method: 'PUT',
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(decided.status).toBe(200);
    const event = await stream.waitForEvent((e) => e.id === ad && e.type === 'moderated');
    expect(event).toMatchObject({ status: 'approved', by: { name: 'Nimal Perera' } });
  });

  it('refuses on one instance a claim another admin holds through the other', async () => {
    const ad = adIds[1]!;
    const taken = await fetch(`${proxy}/api/advertisements/${ad}/claim`, {
      method: 'POST',
      headers: { cookie: cookies.first, origin: proxy },
    });
    expect(taken.status).toBe(200);
    const other = otherInstance(taken.headers.get('x-upstream-addr'));

    const refused = await direct(other, `/api/advertisements/${ad}/claim`, cookies.second, {
      method: 'POST',
      body: JSON.stringify({}),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, message: liveText.beingReviewedBy('Nimal Perera') });
  });

  it('streams an export read from the standby through the proxy, every row and its headers', async () => {
    // Both instances send the lists' reads to the standby while it streams (docs/decisions/0037-read-replica.md).
    for (const server of servers)
      await expect
        .poll(async () => (await fetch(`${server.url}/api/health`)).json())
        .toMatchObject({ replica: 'streaming', reads: 'replica' });
    const res = await fetch(`${proxy}/api/advertisements/export`, { headers: { cookie: cookies.second } });
    expect(res.status).toBe(200);
    // Passed to one of the two instances, and nginx's header reached the client beside the server's.
    otherInstance(res.headers.get('x-upstream-addr'));
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(ADS);
  });

  it("records the client's address that nginx passes, not nginx's nor one the client wrote", async () => {
    // A client on another loopback address, which writes an X-Forwarded-For of its own.
    const cookie = await new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ email: SECOND.email, password: SECOND.password });
      const req = http.request(
        `${proxy}/api/auth/signin`,
        {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: { 'content-type': 'application/json', origin: proxy, 'x-forwarded-for': '203.0.113.9' },
        },
        (res) => {
          res.resume();
          const sid = res.headers['set-cookie']?.find((c) => c.startsWith('sid='));
          if (res.statusCode === 200 && sid) resolve(sid.split(';')[0]!);
          else reject(new Error(`sign-in answered ${res.statusCode}`));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const res = await fetch(`${proxy}/api/auth/sessions`, { headers: { cookie } });
    const { sessions } = (await res.json()) as { sessions: AccountSession[] };
    expect(sessions.find((s) => s.current)?.ip).toBe('127.0.0.2');
  });
});
