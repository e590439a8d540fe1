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
const weightOf = (reporterKey: string | SQL): SQL => sql`(select least(3, greatest(0.25,
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

/** A batch's row: one report, or the reports of one reporter about one ad on one day (`n` of them, counted as one row). */
export type BatchedReport = NewReport & { adId: string; n: number; updatedAt: Date };

/**
 * Several reports of ads in one statement (docs/decisions/0034-reports.md, "Reports gathered"): what
 * storeReport does for one, for each of `reports`, whose (reporter, ad, day) are distinct (the
 * caller folds repeats into `n`), but one live event for the batch (the inbox reloads once per
 * burst; the event names the batch's first stored report). The ads are locked in id order, so two
 * batches cannot deadlock. An ad's counters take its new reports at once (one upsert per ad), and each new report's audit
 * entry gives the open reports and weight after it, as one report at a time would have: the
 * totals returned less the reports after it in the batch. The stored id by index of `reports`;
 * an index missing when its ad does not exist.
 */
export async function storeReports(db: Executor, reports: BatchedReport[]): Promise<Map<number, string>> {
  const input = JSON.stringify(
    reports.map((r, i) => ({
      i,
      ad_id: r.adId,
      reason: r.reason,
      text: r.text,
      page: r.page,
      email: r.email,
      phone: r.phone,
      address: r.address,
      key: r.reporterKey,
      language: r.language,
      day: r.day,
      created_at: r.at.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      n: r.n,
    })),
  );
  const details = sql`jsonb_build_object('reason', m.reason, 'report', jsonb_build_object('_id', m.id,
    'weight', m.weight, 'openReports', c.open_reports - (m.per_ad - m.nth),
    'reportWeight', round((c.report_weight - (m.weight_per_ad - m.weight_upto))::numeric, 2)::float8,
    'signal', ad.status = 'pending'))`;
  const rows = rowsOf<{ i: number; id: string }>(
    await executePrepared(
      db,
      'store_ad_reports',
      sql`with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as x(i int, ad_id uuid, reason text, text text, page text,
          email text, phone text, address text, key text, language text, day date, created_at timestamptz,
          updated_at timestamptz, n int)),
      ad as (
        select id, heading, user_id, status, rule_priority, posting_date from advertisements
        where id in (select ad_id from input) order by id for update),
      stored as (
        insert into reports (kind, ad_id, ad_heading, reason, text, page, reporter_email, reporter_phone,
          reporter_address, reporter_key, language, day, weight, count, created_at, updated_at)
        select 'ad', ad.id, ad.heading, x.reason, x.text, x.page, x.email, x.phone, x.address, x.key, x.language, x.day,
          ${weightOf(sql`x.key`)}, x.n, x.created_at, x.updated_at
        from input x join ad on ad.id = x.ad_id order by x.i
        on conflict (reporter_key, ad_id, day) where kind = 'ad'
          do update set count = reports.count + excluded.count, updated_at = excluded.updated_at
        returning id, (xmax = 0) as created, weight, ad_id, reporter_key, day),
      mine as (
        select s.id, s.created, s.weight, x.i, x.ad_id, x.reason, x.n, x.created_at from stored s
        join input x on x.ad_id = s.ad_id and x.key = s.reporter_key and x.day = s.day),
      event as (
        insert into ad_live_events (type, ad_id, by_id) select 'report', m.id, null from mine m order by m.i limit 1),
      fresh as (
        select m.*, count(*) over w as nth, sum(m.weight) over w as weight_upto,
          count(*) over (partition by m.ad_id) as per_ad, sum(m.weight) over (partition by m.ad_id) as weight_per_ad
        from mine m where m.created window w as (partition by m.ad_id order by m.i)),
      counted as (
        insert into ad_reports (ad_id, open_reports, report_weight, queue_priority, posting_date)
        select ad.id, f.reports, f.weight, case when ad.status = 'pending' then ad.rule_priority + f.weight end,
          ad.posting_date
        from ad join (select ad_id, count(*)::int as reports, sum(weight) as weight from fresh group by ad_id) f
          on f.ad_id = ad.id
        on conflict (ad_id) do update set
          open_reports = ad_reports.open_reports + excluded.open_reports,
          report_weight = ad_reports.report_weight + excluded.report_weight,
          queue_priority = excluded.queue_priority + ad_reports.report_weight
        returning ad_id, open_reports, report_weight),
      signal as (
        insert into ad_signals (ad_id, kind, evidence, strength)
        select ad.id, 'reported', jsonb_build_object('reports', c.open_reports,
            'weight', round(c.report_weight::numeric, 2)::float8), least(1, c.report_weight / 3)
        from ad join counted c on c.ad_id = ad.id where ad.status = 'pending'
        on conflict (ad_id, kind) do update set evidence = excluded.evidence, strength = excluded.strength),
      audit as (${auditInsertFrom(sql`select 'ad', ad.id, ad.heading, 'reported', null::uuid, 'Public report',
        m.created_at, null, ${details}, ad.user_id, null::timestamptz
        from fresh m join ad on ad.id = m.ad_id join counted c on c.ad_id = m.ad_id`)})
      select i, id from mine`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.i), r.id]));
}
