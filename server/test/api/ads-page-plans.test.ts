import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Database } from '../../src/db/client';
import { findAdsPage, type PageQuery } from '../../src/modules/ads/ads-repository';
import { makeAd } from '../support/factories';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

/**
 * The page statements are prepared once per shape (a named statement: PostgreSQL plans it once for
 * any values after five runs), except where a value's share of the ads varies too much for one
 * plan: a trust signal's kinds (ads-repository.ts, `plannedEachTime`).
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
    'plans a page narrowed by a trust signal for its kinds each time, and keeps the others prepared',
    async () => {
      for (let i = 0; i < 7; i++) {
        expect((await findAdsPage(one.db, { ...base, signal: ['blocked_phone'] })).rows).toEqual([]);
        expect((await findAdsPage(one.db, { ...base, status: 'pending' })).rows).toHaveLength(3);
      }
      const statements = await prepared();
      expect(statements.some((s) => s.includes('"status" = $'))).toBe(true);
      expect(statements.some((s) => s.includes('"signal_kinds" && $'))).toBe(false);
    },
  );
});
