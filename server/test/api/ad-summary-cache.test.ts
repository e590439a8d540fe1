import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../src/db/client';
import { advertisements } from '../../src/db/schema';
import { AdSummaryCache } from '../../src/modules/ads/ad-summary-cache';
import { findAdsPage, summarySnapshot } from '../../src/modules/ads/ads-repository';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The list's counts and facets come from memory while ad_summary's version has not moved
 * (docs/decisions/0009): the version must move with every committed change of the counts, from
 * any writer, and never otherwise; the counts must follow at once.
 */
describeApi('ad_summary version and the counts cache', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  const db = (): Db => t.database.db;
  const version = async () => (await summarySnapshot(db())).version;
  const listCounts = async () => (await api.list()).json().counts;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(db());
    api = adminClient(t.app, await signIn(t.app, admin.email));
    for (let i = 0; i < 3; i++) await makeAd(db(), { status: 'pending', category: 'Vehicles', district: 'Kandy' });
  });
  afterAll(() => t?.close());

  describe('the version', () => {
    it('moves with a committed change of the counts, from the API or straight in the database', async () => {
      const [ad] = await db().select().from(advertisements).limit(1);
      const v0 = await version();
      expect((await api.approve(ad!.id)).statusCode).toBe(200);
      const v1 = await version();
      expect(v1).toBeGreaterThan(v0);
      await makeAd(db(), { status: 'pending' });
      const v2 = await version();
      expect(v2).toBeGreaterThan(v1);
      await db().delete(advertisements).where(eq(advertisements.id, ad!.id));
      expect(await version()).toBeGreaterThan(v2);
    });

    it('stays when nothing counted changes or the change is rolled back', async () => {
      const [ad] = await db().select().from(advertisements).where(eq(advertisements.status, 'pending')).limit(1);
      const v0 = await version();
      expect((await api.images(ad!.id, [])).statusCode).toBe(200);
      await db().update(advertisements).set({ heading: 'Renamed' }).where(eq(advertisements.id, ad!.id));
      await expect(
        db().transaction(async (tx) => {
          await tx.update(advertisements).set({ status: 'rejected' }).where(eq(advertisements.id, ad!.id));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await version()).toBe(v0);
    });

    it('is read with the page in one statement', async () => {
      const page = await findAdsPage(db(), {
        page: 1,
        pageSize: 10,
        sort: 'postingDate',
        order: 'desc',
        status: 'all',
      });
      expect(page.summaryVersion).toBe(await version());
      const past = await findAdsPage(db(), {
        page: 99,
        pageSize: 10,
        sort: 'postingDate',
        order: 'desc',
        status: 'all',
      });
      expect(past).toEqual({ rows: [], claims: new Map(), summaryVersion: null });
    });
  });

  describe('the cache', () => {
    it('answers from memory while the version stands, and reads again when it moves', async () => {
      const cache = new AdSummaryCache(db());
      const v0 = await version();
      const first = await cache.rows(v0);
      expect(await cache.rows(v0)).toBe(first);
      await makeAd(db(), { status: 'rejected', category: 'Services', district: 'Galle' });
      const v1 = await version();
      const second = await cache.rows(v1);
      expect(second).not.toBe(first);
      expect(second.some((r) => r.category === 'Services' && r.status === 'rejected')).toBe(true);
      expect(await cache.rows(v1)).toBe(second);
      // A page read before the write (an older version) does not get the newer rows as its own.
      expect(await cache.rows(v0)).not.toBe(second);
      // No version (an empty page): the version read alone, the rows from memory while it stands.
      expect(await cache.rows(null)).toBe(second);
      await makeAd(db(), { status: 'approved', category: 'Services', district: 'Galle' });
      const third = await cache.rows(null);
      expect(third).not.toBe(second);
      expect(third.find((r) => r.category === 'Services' && r.status === 'approved')?.n).toBe(1);
      expect(await cache.rows(null)).toBe(third);
    });

    it('shows every write in the next list, whoever made it', async () => {
      const before = await listCounts();
      const [ad] = await db().select().from(advertisements).where(eq(advertisements.status, 'pending')).limit(1);
      // Straight in the database, as another process would: no request of this server knows.
      await db().update(advertisements).set({ status: 'approved' }).where(eq(advertisements.id, ad!.id));
      const after = await listCounts();
      expect(after).toEqual({ ...before, pending: before.pending - 1, approved: before.approved + 1 });
      expect((await api.reject((await makeAd(db(), { status: 'pending' })).id, 'Duplicate ad')).statusCode).toBe(200);
      expect(await listCounts()).toEqual({ ...after, total: after.total + 1, rejected: after.rejected + 1 });
    });

    it('follows a rebuild of ad_summary', async () => {
      const before = await listCounts();
      await db().execute(sql`update ad_summary set n = n + 5 where status = 'approved' and n > 0`);
      const bumped = await listCounts();
      expect(bumped.approved).toBeGreaterThan(before.approved);
      const real = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from advertisements where status = 'approved'`),
      )[0]!.n;
      await db().execute(sql`delete from ad_summary`);
      await db().execute(
        sql`insert into ad_summary (status, category, district, n) select status, category, district, count(*) from advertisements group by 1, 2, 3`,
      );
      expect((await listCounts()).approved).toBe(real);
    });
  });
});
