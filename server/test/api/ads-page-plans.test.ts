import type { Placeholder } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Database } from '../../src/db/client';
import { findAdsPage, pagePlanFor, pageQuery } from '../../src/modules/ads/ads-repository';
import type { PageQuery } from '../../src/modules/ads/ads-page-shape';
import { encodeCursor } from '../../src/modules/ads/ads-cursor';
import { makeAd } from '../support/factories';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

/**
 * The page statements are prepared once per shape (a named statement). PostgreSQL keeps one plan
 * for any values after five runs where one index serves every value (`onePlanServes`), and plans
 * the others for their values each time; a trust signal's kinds are the unnamed statement
 * (ads-repository.ts, `plannedEachTime`).
 */
describeApi('how the list pages are planned on PostgreSQL', () => {
  const onPostgres = testDb === 'postgres';
  let t: TestApp;
  /** One connection: the statements it holds are those the pages prepared. */
  let one: Database;
  const base: PageQuery = { page: 1, pageSize: 10, sort: 'postingDate', order: 'desc', status: 'all' };
  const prepared = async () =>
    rowsOf<{ statement: string }>(await one.db.execute('select statement from pg_prepared_statements')).map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    if (!onPostgres) return;
    t = await buildTestApp();
    for (let i = 0; i < 3; i++) await makeAd(t.database.db, { status: 'pending' });
    one = await openPostgres(t.database.url!, 1);
  });
  afterAll(async () => {
    await one?.close();
    await t?.close();
  });

  it.runIf(onPostgres)(
    'plans a page narrowed by trust signals for its kinds each time, and keeps one kind by date prepared',
    async () => {
      for (let i = 0; i < 7; i++) {
        const kinds = ['blocked_phone', 'price_outlier'] as const; // not the pair below (its count is remembered)
        expect((await findAdsPage(one.db, { ...base, signal: [...kinds] })).rows).toEqual([]);
        expect((await findAdsPage(one.db, { ...base, sort: 'username', signal: ['blocked_phone'] })).rows).toEqual([]);
        expect((await findAdsPage(one.db, { ...base, signal: ['blocked_phone'] })).rows).toEqual([]);
        expect((await findAdsPage(one.db, { ...base, status: 'pending' })).rows).toHaveLength(3);
      }
      const statements = await prepared();
      expect(statements.some((s) => s.includes('"status" = $'))).toBe(true);
      expect(statements.some((s) => s.includes('"signal_kinds" && $'))).toBe(false);
      // One kind by posting date: the kind written in, so that a kept plan can use the kind's index.
      expect(statements.filter((s) => s.includes(`"signal_kinds" && '{blocked_phone}'`))).toHaveLength(1);
    },
  );

  /** The plan of `query`'s page statement, as JSON; `sparse` overrides the shape's. */
  const explain = async (query: PageQuery, sparse?: boolean) => {
    const { shape, params } = await pagePlanFor(one.db, query);
    const statement = pageQuery(one.db, { ...shape, sparse: sparse ?? shape.sparse }).toSQL();
    const values = statement.params.map((p) => params[(p as Placeholder).name]);
    const client = (
      one.db as unknown as { $client: { query: (q: string, v: unknown[]) => Promise<{ rows: unknown[] }> } }
    ).$client;
    return JSON.stringify((await client.query(`explain (format json) ${statement.sql}`, values)).rows[0]);
  };

  it.runIf(onPostgres)(
    'finds a page narrowed by kinds few ads carry from those ads, whatever the statistics expect',
    async () => {
      // Statistics from when half the ads were blocked_phone; none is now (not counted again: this
      // file's database only, autovacuum would count them).
      await one.db.execute('alter table advertisements set (autovacuum_enabled = false)');
      await one.db.execute(`set session_replication_role = replica`); // no analysis queued
      await one.db.execute(`insert into advertisements (title, heading, details, username, category, district,
          status, images, posting_date, ad_type, signal_kinds)
        select 'Plan ' || n, 'Plan ' || n, 'Plain.', 'planner' || n, 'Land sale', 'Colombo', 'approved', '{}',
          timestamptz '2026-01-01' + n * interval '1 minute', 'digital',
          case when n % 2 = 0 then '{blocked_phone}'::text[] else '{}' end
        from generate_series(1, 4000) n`);
      await one.db.execute(`set session_replication_role = default`);
      await one.db.execute('analyze advertisements');
      await one.db.execute(`update advertisements set signal_kinds = '{}' where username like 'planner%'`);
      const [a, b] = [
        await makeAd(t.database.db, { username: 'zz-b' }),
        await makeAd(t.database.db, { username: 'zz-a' }),
      ];
      await one.db.execute(
        `update advertisements set signal_kinds = '{blocked_phone}' where id in ('${a.id}', '${b.id}')`,
      );
      // Sorted by anything but posting date (which has the kinds' own indexes, below): counted first.
      const query: PageQuery = { ...base, sort: 'username', pageSize: 1, signal: ['blocked_phone'] };
      expect((await pagePlanFor(one.db, query)).shape.sparse).toBe(true);
      // Its plan finds the ads carrying the kind, then sorts them: it never walks the sort's index,
      // as the planner does for the same page from the statistics alone.
      expect(await explain(query, false)).toContain('ads_username_idx');
      expect(await explain(query)).not.toContain('ads_username_idx');
      const first = await findAdsPage(one.db, query);
      expect(first.rows.map((r) => r.id)).toEqual([a.id]);
      // The next page, after the cursor, the same way.
      const next = await findAdsPage(one.db, { ...query, after: encodeCursor('username', first.rows[0]!) });
      expect(next.rows.map((r) => r.id)).toEqual([b.id]);

      // By posting date, one kind is read from its own index, few carrying it or many: not counted.
      const byDate: PageQuery = { ...base, pageSize: 1, signal: ['blocked_phone'] };
      expect((await pagePlanFor(one.db, byDate)).shape.sparse).toBeUndefined();
      expect(await explain(byDate)).toContain('ads_kind_blocked_phone_idx');
      expect((await findAdsPage(one.db, byDate)).rows.map((r) => r.id)).toEqual([b.id]);
      await one.db.execute(`update advertisements set signal_kinds = '{blocked_phone}' where username like 'planner%'`);
      await one.db.execute('analyze advertisements');
      expect(await explain(byDate)).toContain('ads_kind_blocked_phone_idx');
      // Two kinds are counted (no index has both).
      const two: PageQuery = { ...byDate, signal: ['blocked_phone', 'duplicate_text'] };
      expect((await pagePlanFor(one.db, two)).shape.sparse).toBe(false);
    },
  );

  it.runIf(onPostgres)(
    'keeps one plan for a page one index serves, and plans a search for its words each time',
    async () => {
      for (let i = 0; i < 7; i++) {
        // After the 4,000 ads above, counted: the planner knows the table.
        expect((await findAdsPage(one.db, { ...base, category: 'Land sale', district: 'Colombo' })).rows).toHaveLength(
          10,
        );
        expect((await findAdsPage(one.db, { ...base, q: 'none such' })).rows).toEqual([]);
      }
      const plans = rowsOf<{ statement: string; generic_plans: number; custom_plans: number }>(
        await one.db.execute(`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`),
      );
      const byPlace = plans.filter((p) => p.statement.includes('"district" = $') && !p.statement.includes('ilike'));
      const bySearch = plans.filter((p) => p.statement.includes('ilike'));
      expect(byPlace).toHaveLength(1);
      expect(byPlace[0]!.generic_plans).toBeGreaterThan(0);
      // The search is the unnamed statement: no plan of it is kept.
      expect(bySearch).toEqual([]);
    },
  );
});
