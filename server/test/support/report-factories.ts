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
  if (o.adId) {
    await db.execute(sql`update advertisements set open_reports = open_reports + 1,
      report_weight = report_weight + ${o.weight ?? 1} where id = ${o.adId}::uuid`);
  }
  return row!.id;
}
