import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DISTRICTS, REJECTION_REASONS } from '../../src/seed/catalog';
import { bulkSeedAds } from '../../src/seed/bulk-ads';
import { rowsOf } from '../../src/db/client';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { summaryMatchesTable } from '../support/ads-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** The bulk seeder (issue 37.1): set-based inserts with the triggers off, then the kept counts rebuilt. */
describeApi('bulk seeding', () => {
  let t: TestApp;
  let storage: LocalDiskStorage;
  const now = new Date('2026-11-20T06:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp();
    storage = new LocalDiskStorage(path.join(t.dataDir, 'uploads'));
  });
  afterAll(() => t?.close());

  const stats = async () =>
    rowsOf<Record<string, number>>(
      await t.database.db.execute(sql`select count(*)::int as ads,
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'rejected' and rejection_reason is null)::int as rejected_without_reason,
        count(*) filter (where (status = 'pending') <> (moderated_at is null))::int as wrong_moderated_at,
        count(*) filter (where status = 'pending' and posting_date < ${now.toISOString()}::timestamptz - interval '240 hours')::int as old_pending,
        count(*) filter (where cardinality(images) not between 1 and 5)::int as wrong_images,
        count(*) filter (where user_id is null)::int as without_owner,
        count(distinct heading)::int as headings,
        count(distinct district)::int as districts
        from advertisements`),
    )[0]!;

  const indexes = async () =>
    rowsOf<{ d: string }>(
      await t.database.db.execute(
        sql`select indexdef as d from pg_indexes where tablename = 'advertisements' order by 1`,
      ),
    ).map((r) => r.d);

  it('loads ads like the demo seeder, and the kept counts equal the ones the triggers keep', async () => {
    const before = await indexes();
    expect(before.length).toBeGreaterThan(10);
    await bulkSeedAds(t.database.db, storage, { count: 3_000, advertisers: 150, now, seed: 11 });
    const s = await stats();
    expect(s).toMatchObject({
      ads: 3_000,
      rejected_without_reason: 0,
      wrong_moderated_at: 0,
      old_pending: 0,
      wrong_images: 0,
      without_owner: 0,
    });
    expect(s.pending).toBeGreaterThan(3_000 * 0.25);
    expect(s.pending).toBeLessThan(3_000 * 0.35);
    expect(s.headings).toBeGreaterThan(1_000);
    expect(s.districts).toBeGreaterThan(DISTRICTS.length / 2);
    expect(await summaryMatchesTable(t.database.db)).toBe(true);
    // Into the empty table the indexes were dropped and built again afterwards: all of them.
    expect(await indexes()).toEqual(before);

    const [row] = rowsOf<{ images: string[]; reason: string | null }>(
      await t.database.db.execute(sql`select images, rejection_reason as reason from advertisements
        where status = 'rejected' limit 1`),
    );
    expect(REJECTION_REASONS).toContain(row!.reason);
    for (const key of row!.images) expect(await storage.exists(key)).toBe(true);
    // 150 advertisers, each with a unique username and email, counted by user_counts' trigger.
    const [people] = rowsOf<{ n: number; kept: number; names: number; mobiles: number }>(
      await t.database.db.execute(sql`select count(*)::int as n,
        (select n::int from user_counts where not is_admin) as kept,
        count(distinct name)::int as names, count(distinct mobile)::int as mobiles
        from users where not is_admin`),
    );
    expect(people).toMatchObject({ n: 150, kept: 150 });
    expect(people!.names).toBeGreaterThan(50);
    expect(people!.mobiles).toBeGreaterThan(140);
  });

  it('continues with new ads on a second load, and the triggers keep counting afterwards', async () => {
    await bulkSeedAds(t.database.db, storage, { count: 500, now, seed: 11 });
    const s = await stats();
    expect(s.ads).toBe(3_500);
    await t.database.db.execute(sql`update advertisements set status = 'approved', moderated_at = now()
      where id in (select id from advertisements where status = 'pending' limit 10)`);
    await t.database.db.execute(sql`delete from advertisements where id in (select id from advertisements limit 7)`);
    expect(await summaryMatchesTable(t.database.db)).toBe(true);
  });
});
