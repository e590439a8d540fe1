import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORTS_COUNT_LIMIT, type ReportListResponse } from '@backoffice/contract';
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
});
