import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/client';

/** A report from the public written straight into the table (an open ad report unless told). */
export async function makeReport(
  db: Db,
  o: { adId?: string | null; kind?: 'ad' | 'bug'; email?: string | null; key?: string; weight?: number } = {},
): Promise<string> {
  const kind = o.kind ?? (o.adId ? 'ad' : 'bug');
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into reports (kind, ad_id, ad_heading, reason, text, reporter_email, reporter_key, day, weight)
      values (${kind}, ${o.adId ?? null}::uuid, ${kind === 'ad' ? 'Reported ad' : null}, 'scam', 'A report',
        ${o.email ?? null}, ${o.key ?? `key-${Math.random()}`}, current_date, ${o.weight ?? 1})
      returning id`),
  );
  if (o.adId) await addOpenReports(db, o.adId, 1, o.weight ?? 1);
  return row!.id;
}

/**
 * The ad's open reports moved by `reports` and `weight` as the intake moves them (ad_reports, its
 * queue priority while the ad is pending); `adId` null: every ad's.
 */
export async function addOpenReports(db: Db, adId: string | null, reports: number, weight = reports): Promise<void> {
  await db.execute(sql`insert into ad_reports as r (ad_id, open_reports, report_weight, queue_priority, posting_date)
    select id, ${reports}::int, ${weight}::real,
      case when status = 'pending' then rule_priority + ${weight}::real end, posting_date
    from advertisements where ${adId}::uuid is null or id = ${adId}::uuid
    on conflict (ad_id) do update set open_reports = r.open_reports + excluded.open_reports,
      report_weight = r.report_weight + excluded.report_weight,
      queue_priority = excluded.queue_priority + r.report_weight`);
}
