import { sql, type SQL } from 'drizzle-orm';
import { auditInsertFrom } from '../../domain/audit-writer';
import { executePrepared, rowsOf, type Executor } from '../../db/client';

/**
 * The public intake's SQL (docs/decisions/0034-reports.md, "One statement per report"): a report
 * stored or counted with every effect on its ad in one statement. The inbox's reads and an admin's
 * changes are in reports-repository.ts.
 */

export type NewReport = {
  kind: 'ad' | 'bug';
  adId: string | null;
  reason: string;
  text: string;
  page: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  reporterKey: string;
  language: string;
  day: string;
  at: Date;
};

/**
 * The reporter's record as a weight (upheld reports count more, dismissed ones less): (1 + resolved)
 * / (1 + dismissed), between 0.25 and 3. A range of reports_reporter_idx.
 */
const weightOf = (reporterKey: string): SQL => sql`(select least(3, greatest(0.25,
    (1 + count(*) filter (where state = 'resolved'))::real / (1 + count(*) filter (where state = 'dismissed'))))
  from reports where reporter_key = ${reporterKey} and state <> 'open')`;

/**
 * A public report in one statement (issue 35's figures: a transaction of several statements held a
 * pool connection across the event loop's turns, and 200 reports a second took every connection):
 * the ad locked, the report stored or counted, its live event, and for a new report of an ad, its
 * counters beside it (ad_reports; the ad's row is written only by ad_reports' trigger, which gives
 * a pending ad the `reported` signal kind with its first open report), the signal's evidence and the
 * audit entry. Undefined when the ad does
 * not exist.
 */
export async function storeReport(db: Executor, r: NewReport): Promise<{ id: string; created: boolean } | undefined> {
  const at = r.at.toISOString();
  const values = (adId: SQL, heading: SQL) => sql`${r.kind}, ${adId}, ${heading}, ${r.reason}, ${r.text}, ${r.page},
    ${r.email}, ${r.phone}, ${r.address}, ${r.reporterKey}, ${r.language}, ${r.day}::date, ${weightOf(r.reporterKey)},
    ${at}::timestamptz, ${at}::timestamptz`;
  const columns = sql`kind, ad_id, ad_heading, reason, text, page, reporter_email, reporter_phone, reporter_address,
    reporter_key, language, day, weight, created_at, updated_at`;
  const event = sql`event as (insert into ad_live_events (type, ad_id, by_id) select 'report', id, null from stored)`;
  if (!r.adId) {
    const [row] = rowsOf<{ id: string }>(
      await executePrepared(
        db,
        'store_bug_report',
        sql`with stored as (insert into reports (${columns}) values (${values(sql`null`, sql`null`)}) returning id), ${event}
        select id from stored`,
      ),
    );
    return { id: row!.id, created: true };
  }
  const details = sql`jsonb_build_object('reason', ${r.reason}::text, 'report', jsonb_build_object('_id', s.id,
    'weight', s.weight, 'openReports', c.open_reports, 'reportWeight', round(c.report_weight::numeric, 2)::float8,
    'signal', ad.status = 'pending'))`;
  // One text whatever the report (its values are parameters), so it is prepared once per connection.
  const [row] = rowsOf<{ id: string; created: boolean }>(
    await executePrepared(
      db,
      'store_ad_report',
      sql`with ad as (
        select id, heading, user_id, status, rule_priority, posting_date from advertisements where id = ${r.adId}::uuid for update),
      stored as (
        insert into reports (${columns}) select ${values(sql`ad.id`, sql`ad.heading`)} from ad
        on conflict (reporter_key, ad_id, day) where kind = 'ad'
          do update set count = reports.count + 1, updated_at = excluded.updated_at
        returning id, (xmax = 0) as created, weight),
      ${event},
      counted as (
        insert into ad_reports (ad_id, open_reports, report_weight, queue_priority, posting_date)
        select ad.id, 1, s.weight, case when ad.status = 'pending' then ad.rule_priority + s.weight end, ad.posting_date
        from ad, stored s where s.created
        on conflict (ad_id) do update set
          open_reports = ad_reports.open_reports + 1,
          report_weight = ad_reports.report_weight + excluded.report_weight,
          queue_priority = excluded.queue_priority + ad_reports.report_weight
        returning open_reports, report_weight),
      signal as (
        insert into ad_signals (ad_id, kind, evidence, strength)
        select ad.id, 'reported', jsonb_build_object('reports', c.open_reports,
            'weight', round(c.report_weight::numeric, 2)::float8), least(1, c.report_weight / 3)
        from ad, counted c where ad.status = 'pending'
        on conflict (ad_id, kind) do update set evidence = excluded.evidence, strength = excluded.strength),
      audit as (${auditInsertFrom(sql`select 'ad', ad.id, ad.heading, 'reported', null::uuid, 'Public report',
        ${at}::timestamptz, null, ${details}, ad.user_id, null::timestamptz from ad, counted c, stored s`)})
      select id, created from stored`,
    ),
  );
  return row;
}
