import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { makeAd, makeAdmin, makeUser } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The advertisements' statement triggers (migration 0035): an update that changes none of the
 * columns they keep leaves their tables alone, so the list's summary cache (ad_summary_version)
 * stays valid and no live event or wake-up is sent; a decision still moves every one of them.
 */
describeApi('the ads triggers on an update that changes nothing they keep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
  });
  afterAll(() => t.close());

  const state = async () =>
    rowsOf<{ version: number; events: number; claims: number; pending: number }>(
      await t.database.db.execute(sql`select
        (select sum(v) from ad_summary_version)::int as version,
        (select count(*) from ad_live_events)::int as events,
        (select count(*) from ad_claims)::int as claims,
        (select coalesce(sum(pending), 0) from advertiser_ad_counts)::int as pending`),
    )[0]!;

  it('writes nothing for signals, rules and reports, and everything for a decision of a claimed ad', async () => {
    const db = t.database.db;
    const admin = await makeAdmin(db);
    const advertiser = await makeUser(db);
    const ad = await makeAd(db, { userId: advertiser.id });
    await db.execute(sql`insert into ad_claims (ad_id, admin_id, expires_at)
      values (${ad.id}, ${admin.id}, now() + interval '10 minutes')`);
    const before = await state();
    expect(before.claims).toBe(1);

    // The triggers each table's trigger would fire, counted by PostgreSQL (pg_stat_user_functions).
    const nested = () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_stat_clear_snapshot()`);
        return rowsOf<{ calls: number }>(
          await tx.execute(sql`select coalesce(sum(calls), 0)::int as calls from pg_stat_user_functions
            where funcname in ('ad_claims_capture', 'ad_live_wake', 'ad_summary_bump')`),
        )[0]!.calls;
      });
    const nestedBefore = await nested();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'pl'`);
      // Counted when the transaction ends (before its connection is ready for the next query).
      await tx.execute(sql`select pg_stat_force_next_flush()`);
      await tx.execute(sql`update advertisements set signal_kinds = array['reported'], risk = 40,
        rule_priority = 2, rule_labels = array['flag'] where id = ${ad.id}`);
      await tx.execute(sql`update advertisements set signal_kinds = signal_kinds where false`);
    });
    expect(await state()).toEqual(before);
    expect(await nested()).toBe(nestedBefore);

    await db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'pl'`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
      await tx.execute(sql`update advertisements set status = 'approved' where id = ${ad.id}`);
    });
    // The decision of a claimed ad: the claim's removal, its event's wake-up and the summary's version.
    expect(await nested()).toBeGreaterThanOrEqual(nestedBefore + 3);
    const after = await state();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.events).toBeGreaterThan(before.events);
    expect(after.claims).toBe(0);
    expect(after.pending).toBe(before.pending - 1);
  });
});
