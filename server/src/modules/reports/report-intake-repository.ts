import { sql, type SQL } from 'drizzle-orm';
import { auditInsertFrom } from '../../db/audit-repository';
import { rowsOf, type Executor } from '../../db/client';

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
 * the ad locked, the report stored or counted, its live event, and for a new report of an ad, the
 * ad's counters and `reported` signal moved in one update of the ad, the signal's evidence and the
 * audit entry. Undefined when the ad does not exist.
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
      await db.execute(sql`with stored as (insert into reports (${columns}) values (${values(sql`null`, sql`null`)}) returning id), ${event}
        select id from stored`),
    );
    return { id: row!.id, created: true };
  }
  const details = sql`jsonb_build_object('reason', ${r.reason}::text, 'report', jsonb_build_object('_id', s.id,
    'weight', s.weight, 'openReports', m.open_reports, 'reportWeight', round(m.report_weight::numeric, 2)::float8,
    'signal', m.status = 'pending'))`;
  const [row] = rowsOf<{ id: string; created: boolean }>(
    await db.execute(sql`with ad as (
        select id, heading, user_id from advertisements where id = ${r.adId}::uuid for update),
      stored as (
        insert into reports (${columns}) select ${values(sql`ad.id`, sql`ad.heading`)} from ad
        on conflict (reporter_key, ad_id, day) where kind = 'ad'
          do update set count = reports.count + 1, updated_at = excluded.updated_at
        returning id, (xmax = 0) as created, weight),
      ${event},
      moved as (
        update advertisements a set
          open_reports = a.open_reports + 1,
          report_weight = greatest(0, a.report_weight + s.weight),
          signal_kinds = case when a.status = 'pending' and not (coalesce(a.signal_kinds, '{}') @> array['reported'])
            then array_append(coalesce(a.signal_kinds, '{}'), 'reported') else a.signal_kinds end
        from stored s where s.created and a.id = ${r.adId}::uuid
        returning a.id, a.heading, a.user_id, a.open_reports, a.report_weight, a.status),
      signal as (
        insert into ad_signals (ad_id, kind, evidence, strength)
        select m.id, 'reported', jsonb_build_object('reports', m.open_reports,
            'weight', round(m.report_weight::numeric, 2)::float8), least(1, m.report_weight / 3)
        from moved m where m.status = 'pending'
        on conflict (ad_id, kind) do update set evidence = excluded.evidence, strength = excluded.strength),
      audit as (${auditInsertFrom(sql`select 'ad', m.id, m.heading, 'reported', null::uuid, 'Public report',
        ${at}::timestamptz, null, ${details}, m.user_id, null::timestamptz from moved m, stored s`)})
      select id, created from stored`),
  );
  return row;
}
