import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/client';
import { openConfiguredDatabase } from '../../src/db/open';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { findPgBin } from '../support/pg-cluster';
import { startPgStandbyPair, type PgStandbyPair } from '../support/pg-standby';
import { buildTestApp, ORIGIN, testDb, type TestApp } from '../support/test-app';

const bin = testDb === 'postgres' ? findPgBin() : null;
if (testDb === 'postgres' && !bin && process.env.REQUIRE_POSTGRES === '1')
  throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries');

/**
 * Issue 37, part 2 (docs/decisions/0037-read-replica.md): the lists read from a real streaming
 * standby, an admin's own writes are read back from the primary until the standby has replayed them,
 * and a standby that lags past the bound or stops leaves every read on the primary. Pausing the
 * standby's replay is what shows which database answered. One primary and standby for the file; on
 * PostgreSQL only (the api-postgres project).
 */
describe.skipIf(!bin)('the read replica', () => {
  let pair: PgStandbyPair;
  let t: TestApp;
  const apps: TestApp[] = [];
  let writerId = '';
  let writer = '';
  let other = '';

  /** An app on the pair's primary and standby, reads falling back past `maxLagMs`. */
  async function replicaApp(maxLagMs: number): Promise<TestApp> {
    const env = {
      DATABASE_URL: pair.primary.url,
      DATABASE_REPLICA_URL: pair.standby.url,
      REPLICA_MAX_LAG_MS: String(maxLagMs),
      REQUIRE_2FA: 'false',
    };
    const app = await buildTestApp({ env, database: await openConfiguredDatabase(loadConfig(env)) });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    pair = await startPgStandbyPair(bin!);
    // A bound no test reaches: the routing tests hold replay as long as the machine makes them.
    t = await replicaApp(3_600_000);
    const [a, b] = await Promise.all([makeAdmin(t.database.db), makeAdmin(t.database.db)]);
    writerId = a!.id;
    writer = await signIn(t.app, a!.email);
    other = await signIn(t.app, b!.email);
  });
  // A failed test must not leave replay held for the next ones.
  afterEach(() => pair?.resumeReplay().catch(() => {}));
  afterAll(async () => {
    for (const app of apps) await app.close();
    pair?.close();
  });

  const pendingIds = async (app: TestApp, cookie: string) => {
    const res = await app.app.inject({
      url: '/api/advertisements/list?status=pending&pageSize=100',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().advertisements as { _id: string }[]).map((ad) => ad._id);
  };
  const pendingInExtract = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/data-extract/ads/count?status=pending', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };
  const health = async (app: TestApp) => {
    const res = await app.app.inject({ url: '/api/health' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      status: string;
      database: string;
      replica: string;
      replicaLagMs: number | null;
      reads: string;
    };
  };

  it('reads an admin’s own decision back at once while another admin reads the replica a moment behind', async () => {
    await expect.poll(async () => (await health(t)).replica).toBe('streaming');
    const ad = await makeAd(t.database.db);
    // The standby has the ad once another admin's list (on the replica) shows it.
    await expect.poll(() => pendingIds(t, other)).toContain(ad.id);
    expect(await health(t)).toEqual({
      status: 'ok',
      database: 'up',
      replica: 'streaming',
      replicaLagMs: expect.any(Number),
      reads: 'replica',
    });

    await pair.pauseReplay();
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/advertisements/${ad.id}/status`,
      headers: { cookie: writer, origin: ORIGIN },
      payload: { status: 'approved' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // The writer's list comes from the primary: the decision is there.
    expect(await pendingIds(t, writer)).not.toContain(ad.id);
    // Another admin's comes from the standby, which has not replayed it; the Data Extract's count too.
    expect(await pendingIds(t, other)).toContain(ad.id);
    expect(await pendingInExtract(other)).toBe((await pendingInExtract(writer)) + 1);

    await pair.resumeReplay();
    await expect.poll(() => pendingIds(t, other)).not.toContain(ad.id);
  });

  it('sends the writer back to the replica once it has replayed their write', async () => {
    // The position kept after the writer's decision above, once the standby has replayed it; replay
    // held again, an ad added on the primary alone tells which database answers.
    const [kept] = rowsOf<{ lsn: string | null }>(
      await t.database.db.execute(
        sql`select max(read_after_lsn)::text as lsn from sessions where user_id = ${writerId}`,
      ),
    );
    expect(kept?.lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    await pair.replayedPast(kept!.lsn!);
    await pair.pauseReplay();
    const ad = await makeAd(t.database.db);
    await expect.poll(() => pendingIds(t, writer)).not.toContain(ad.id);
    await pair.resumeReplay();
    await expect.poll(() => pendingIds(t, writer)).toContain(ad.id);
  });

  it('reads from the primary while the replica lags past the bound, and says so', async () => {
    const strict = await replicaApp(0);
    await expect.poll(async () => (await health(strict)).replica).toBe('streaming');
    await pair.pauseReplay();
    const ad = await makeAd(t.database.db);
    await expect.poll(async () => (await health(strict)).replica).toBe('lagging');
    const report = await health(strict);
    expect(report).toMatchObject({ status: 'ok', database: 'up', reads: 'primary' });
    expect(report.replicaLagMs).toBeGreaterThan(0);
    // The same admin, the same moment: the strict app reads the primary, the patient one the standby.
    expect(await pendingIds(strict, other)).toContain(ad.id);
    expect(await pendingIds(t, other)).not.toContain(ad.id);

    await pair.resumeReplay();
    await expect.poll(async () => (await health(strict)).replica).toBe('streaming');
  });

  it('reads from the primary while the replica is down, says so, and uses it again when it is back', async () => {
    pair.standby.stop('fast');
    await expect.poll(async () => (await health(t)).replica).toBe('down');
    expect(await health(t)).toEqual({
      status: 'ok',
      database: 'up',
      replica: 'down',
      replicaLagMs: null,
      reads: 'primary',
    });
    const ad = await makeAd(t.database.db);
    expect(await pendingIds(t, other)).toContain(ad.id);

    pair.standby.start();
    await pair.streaming();
    await expect.poll(async () => (await health(t)).reads).toBe('replica');
  });
});
