/**
 * The data of bench/reports.ts (issue 35): the inbox's pages it measures, the reports it seeds, and
 * what it removes from a database seeded before.
 */
import { sql } from 'drizzle-orm';
import type { ReportListQuery } from '@backoffice/contract';
import { rowsOf, type Db } from '../server/src/db/client';

export const REASONS = ['scam', 'duplicate', 'wrong_category', 'prohibited', 'offensive', 'other'];

/** The inbox's pages measured: the first page, and each filter's first page. */
export const INBOX: [string, Partial<ReportListQuery>][] = [
  ['first page (newest)', {}],
  ['state=open', { state: 'open' }],
  ['state=resolved', { state: 'resolved' }],
  ['kind=bug', { kind: 'bug' }],
  ['kind=ad&state=open', { kind: 'ad', state: 'open' }],
  ['reason=scam', { reason: 'scam' }],
  ['reason=offensive&state=open', { reason: 'offensive', state: 'open' }],
];

/**
 * REPORTS reports in one statement: about one in ten a bug report, the rest about ads spread over
 * every ad (`bench_ads` numbers them), 50,000 reporters, a year of days, a count of 1–3 per row (the
 * intake's grouping), 20% open, 60% resolved, 20% dismissed.
 */
export async function seedReports(db: Db, count: number, run: string) {
  await db.execute(sql`create temp table bench_ads as
    select (row_number() over ())::int as n, id, heading from advertisements`);
  await db.execute(sql`create index on bench_ads (n)`);
  const [{ ads } = { ads: 1 }] = rowsOf<{ ads: number }>(
    await db.execute(sql`select count(*)::int as ads from bench_ads`),
  );
  await db.execute(sql`
    insert into reports (kind, ad_id, ad_heading, reason, text, page, reporter_email, reporter_key, day, count,
      state, weight, created_at, updated_at, closed_at)
    select case when g % 10 = 0 then 'bug' else 'ad' end,
      case when g % 10 = 0 then null else a.id end,
      case when g % 10 = 0 then null else a.heading end,
      (${`{${REASONS.join(',')}}`}::text[])[1 + g % 6],
      'Reported ' || g || ': ' || (array['looks like a scam', 'posted twice', 'wrong category', 'not allowed here',
        'rude words', 'something else'])[1 + g % 6],
      case when g % 10 = 0 then '/ads/' || g else null end,
      ${run} || '-' || (g % 50000) || '@bench.test',
      'email:' || ${run} || '-' || (g % 50000) || '@bench.test',
      t.at::date, 1 + g % 3,
      (array['open', 'resolved', 'resolved', 'resolved', 'dismissed'])[1 + g % 5],
      1, t.at, t.at,
      case when g % 5 = 0 then null else t.at + interval '1 day' end
    from generate_series(1, ${count}::int) g
    cross join lateral (select now() - (g * interval '365 days' / ${count}::int) as at) t
    left join bench_ads a on a.n = 1 + (g::bigint * 7919) % ${ads}::int
    on conflict do nothing`);
  await db.execute(sql`drop table bench_ads`);
  await db.execute(sql`vacuum analyze reports`);
}

/**
 * What the bench added to a database seeded before: its reports, and their marks on the ads. Their
 * audit entries stay: the trail refuses deletes (docs/decisions/0016-audit-trail.md).
 */
export async function removeBenchReports(db: Db, run: string) {
  await db.execute(sql`delete from reports where reporter_key like ${`email:${run}-%`}`);
  await db.execute(sql`delete from ad_signals where kind = 'reported'`);
  await db.execute(sql`update advertisements set signal_kinds = array_remove(signal_kinds, 'reported')
      where signal_kinds @> array['reported']`);
  await db.execute(sql`delete from ad_reports`);
}
