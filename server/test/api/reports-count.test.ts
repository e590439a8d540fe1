import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORTS_COUNT_LIMIT, type ReportListResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The inbox's total (docs/decisions/0034-reports.md): counted up to REPORTS_COUNT_LIMIT + 1, so that
 * the first page costs the same with a million reports; below the limit it is exact.
 */
describeApi('the reports inbox total', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
    cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
    // LIMIT + 10 bug reports, five of them open (LIMIT + 5 resolved).
    await t.database.db.execute(sql`insert into reports (kind, reason, text, reporter_key, day, state)
      select 'bug', 'other', 'Report ' || g, 'address:' || g, current_date,
        case when g <= 5 then 'open' else 'resolved' end
      from generate_series(1, ${REPORTS_COUNT_LIMIT + 10}::int) g`);
  });
  afterAll(() => t?.close());

  const first = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportListResponse>();
  };

  it('counts past the limit as one more than it, and exactly below it', async () => {
    expect((await first('')).total).toBe(REPORTS_COUNT_LIMIT + 1);
    expect((await first('state=resolved')).total).toBe(REPORTS_COUNT_LIMIT + 1);
    expect((await first('state=open')).total).toBe(5);
  });

  it('keeps each kind, reason and state total equal to the rows through inserts, changes and deletes', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into reports (kind, reason, text, reporter_key, day, state)
      select 'bug', (array['scam','duplicate','offensive'])[1 + g % 3], 'Mixed ' || g, 'mixed:' || g, current_date,
        (array['open','resolved','dismissed'])[1 + g % 3]
      from generate_series(1, 60) g`);
    await db.execute(
      sql`update reports set state = 'dismissed' where reporter_key like 'mixed:%' and state = 'open' and reason = 'scam'`,
    );
    await db.execute(sql`update reports set note = 'seen' where reporter_key like 'mixed:%'`);
    await db.execute(sql`delete from reports where reporter_key in ('mixed:1', 'mixed:2', 'mixed:30')`);
    const counted = async (where: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from reports where ${where}`))[0]!.n);
    for (const [query, where] of [
      ['reason=scam', sql`reason = 'scam'`],
      ['reason=duplicate&state=dismissed', sql`reason = 'duplicate' and state = 'dismissed'`],
      ['kind=bug&reason=offensive&state=open', sql`kind = 'bug' and reason = 'offensive' and state = 'open'`],
      ['state=dismissed', sql`state = 'dismissed'`],
      ['kind=ad', sql`kind = 'ad'`],
    ] as const) {
      const expected = Math.min(REPORTS_COUNT_LIMIT + 1, await counted(where));
      expect({ query, total: (await first(query)).total }).toEqual({ query, total: expected });
    }
    // A search is counted on the rows themselves.
    expect((await first('q=Mixed%201')).total).toBe(await counted(sql`text ilike '%Mixed 1%'`));
  });

  it('pages a rare filter and a common one newest first, as the rows are ordered', async () => {
    const db = t.database.db;
    for (const [query, where] of [
      // Rare (well under 5 % of the reports): read range by range; common: one ordered index.
      ['reason=scam', sql`reason = 'scam'`],
      ['kind=bug&state=dismissed', sql`kind = 'bug' and state = 'dismissed'`],
      ['reason=offensive&state=resolved', sql`reason = 'offensive' and state = 'resolved'`],
      ['reason=other&state=open', sql`reason = 'other' and state = 'open'`],
      ['kind=ad', sql`kind = 'ad'`],
    ] as const) {
      const expected = rowsOf<{ id: string }>(
        await db.execute(sql`select id from reports where ${where} order by created_at desc, id desc limit 40`),
      ).map((r) => r.id);
      const seen: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await first(`${query}&pageSize=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.reports.map((r) => r._id));
        cursor = page.nextCursor;
      } while (cursor && seen.length < 40);
      expect({ query, ids: seen.slice(0, 40) }).toEqual({ query, ids: expected });
    }
  });
});
