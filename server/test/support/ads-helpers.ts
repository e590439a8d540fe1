import { asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { auditEvents } from '../../src/db/schema';
import type { App } from '../../src/app';
import { ORIGIN } from './test-app';

/** A signed-in admin's requests against the app. */
export function adminClient(app: App, cookie: string) {
  const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const qs = (query: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return {
    list: (query: Record<string, string | number> = {}) => send('GET', `/api/advertisements/list?${qs(query)}`),
    count: (query: Record<string, string | number> = {}) => send('GET', `/api/advertisements/count?${qs(query)}`),
    approve: (id: string) => send('PUT', `/api/advertisements/${id}/status`, { status: 'approved' }),
    reject: (id: string, rejectionReason: string) =>
      send('PUT', `/api/advertisements/${id}/status`, { status: 'rejected', rejectionReason }),
    bulk: (body: unknown) => send('POST', '/api/advertisements/bulk-status', body),
    images: (id: string, images: unknown) => send('PUT', `/api/advertisements/${id}/images`, { images }),
    remove: (id: string) => send('DELETE', `/api/advertisements/${id}`),
    send,
  };
}

/** Row counts and a checksum of every ad-related table: "nothing changed" is a comparison of two snapshots. */
export async function adsSnapshot(db: Db) {
  const result = await db.execute(sql`
    select
      (select count(*) from advertisements)::int as ads,
      (select coalesce(md5(string_agg(a::text, '|' order by a.id)), '') from advertisements a) as ads_sum,
      (select count(*) from audit_events where action <> 'submitted')::int as events,
      (select coalesce(md5(string_agg(s::text, '|' order by s.status, s.category, s.district)), '') from ad_summary s where n <> 0) as summary
  `);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

/** ad_summary, ad_daily and advertiser_ad_counts must always equal a fresh count. */
export async function summaryMatchesTable(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    select (select count(*)::int from (
      select status, category, district, count(*)::bigint as n from advertisements group by 1, 2, 3
    ) real full join (select * from ad_summary where n <> 0) kept using (status, category, district)
    where real.n is distinct from kept.n)
    + (select count(*)::int from (
      select (posting_date at time zone 'UTC')::date as day, status, category, ad_type, count(*)::bigint as n
      from advertisements group by 1, 2, 3, 4
    ) real full join (select * from ad_daily where n <> 0) kept using (day, status, category, ad_type)
    where real.n is distinct from kept.n)
    + (select count(*)::int from (
      select user_id, count(*) filter (where status = 'approved') as approved,
        count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'rejected') as rejected
      from advertisements where user_id is not null group by 1
    ) real full join (
      select * from advertiser_ad_counts where approved <> 0 or pending <> 0 or rejected <> 0
    ) kept using (user_id)
    where (real.approved, real.pending, real.rejected) is distinct from (kept.approved, kept.pending, kept.rejected)
    ) as mismatches
  `);
  return (result as unknown as { rows: { mismatches: number }[] }).rows[0]!.mismatches === 0;
}

/** The audit trail's entries other than `submitted` (the decisions, image changes and deletions), oldest first. */
export async function decisionEntries(db: Db) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(ne(auditEvents.action, 'submitted'))
    .orderBy(asc(auditEvents.id));
  return rows;
}
