import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { Range } from './calendar';

/**
 * The dashboard's SQL: a few aggregate statements, each shaped so that an index (or the
 * trigger-maintained ad_summary) answers it, never a count over the whole ads table (D16).
 * Every count is a scalar subquery with literal status/type values so that PostgreSQL can use
 * index-only range scans on (status, posting_date, id) and (ad_type, posting_date, id).
 * "Approved today" and "rejected in the last 30 days" filter on moderated_at: they need an index
 * on (status, moderated_at) to avoid a scan of the table (see docs/decisions/0007-dashboard.md).
 */

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export type Figures = {
  pending: number;
  approved: number;
  rejected: number;
  pending_recent: number;
  approved_today: number;
  rejected_recent: number;
  unverified: number;
  new_today: number;
  month_pending: number;
  month_approved: number;
  month_rejected: number;
  /** Digital ads are the rest: ad_type is regular or digital, never null. */
  month_regular: number;
};

/** Card and gauge figures in one statement (one snapshot, so they agree with each other). */
export async function figures(
  db: Executor,
  at: { highPriorityCutoff: Date; today: Range; rejectedSince: Date; month: Range },
): Promise<Figures> {
  const inMonth = sql`posting_date >= ${ts(at.month.from)} and posting_date < ${ts(at.month.to)}`;
  const [row] = await rows<Figures>(
    db,
    sql`
    with s as (select status, sum(n) as n from ad_summary group by status)
    select
      coalesce((select n from s where status = 'pending'), 0)::int as pending,
      coalesce((select n from s where status = 'approved'), 0)::int as approved,
      coalesce((select n from s where status = 'rejected'), 0)::int as rejected,
      (select count(*) from advertisements
        where status = 'pending' and posting_date >= ${ts(at.highPriorityCutoff)})::int as pending_recent,
      (select count(*) from advertisements
        where status = 'approved' and moderated_at >= ${ts(at.today.from)} and moderated_at < ${ts(at.today.to)})::int
        as approved_today,
      (select count(*) from advertisements
        where status = 'rejected' and moderated_at >= ${ts(at.rejectedSince)})::int as rejected_recent,
      (select count(*) from users where not is_admin and not is_verified)::int as unverified,
      (select count(*) from users
        where not is_admin and created_at >= ${ts(at.today.from)} and created_at < ${ts(at.today.to)})::int as new_today,
      (select count(*) from advertisements where status = 'pending' and ${inMonth})::int as month_pending,
      (select count(*) from advertisements where status = 'approved' and ${inMonth})::int as month_approved,
      (select count(*) from advertisements where status = 'rejected' and ${inMonth})::int as month_rejected,
      (select count(*) from advertisements where ad_type = 'regular' and ${inMonth})::int as month_regular
  `,
  );
  return row!;
}

/**
 * Ads posted in `range` per category. The categories come from ad_summary (a few rows); each
 * count is an index-only range scan of (category, posting_date, id).
 */
export function adsPerCategory(db: Executor, range: Range): Promise<{ category: string; n: number }[]> {
  return rows(
    db,
    sql`
    select c.category,
      (select count(*) from advertisements a
        where a.category = c.category and a.posting_date >= ${ts(range.from)} and a.posting_date < ${ts(range.to)})::int
        as n
    from (select distinct category from ad_summary where n > 0) c
  `,
  );
}

/** Package subscription revenue per month range (one sum per range, in order). */
export async function revenuePerMonth(db: Executor, year: Range, months: Range[]): Promise<number[]> {
  const sums = months.map(
    (m, i) =>
      sql`coalesce(sum(price_paid) filter (where start_date >= ${ts(m.from)} and start_date < ${ts(m.to)}), 0)::float8 as ${sql.raw(`m${i}`)}`,
  );
  const [row] = await rows<Record<string, number>>(
    db,
    sql`select ${sql.join(sums, sql`, `)} from package_subscriptions
        where start_date >= ${ts(year.from)} and start_date < ${ts(year.to)}`,
  );
  return months.map((_, i) => Number(row?.[`m${i}`] ?? 0));
}

export type ActivityRow = {
  id: string;
  action: 'approve' | 'reject' | 'delete' | 'images';
  ad_id: string;
  ad_heading: string;
  admin_id: string | null;
  admin_name: string | null;
  reason: string | null;
  created_at: Date | string;
};

/** The latest moderation events with the acting admin's name (index on created_at). */
export function latestModerationEvents(db: Executor, limit: number): Promise<ActivityRow[]> {
  return rows(
    db,
    sql`
    select e.id::text as id, e.action, e.ad_id::text as ad_id, e.ad_heading, e.admin_id::text as admin_id,
      coalesce(nullif(u.name, ''), u.username) as admin_name, e.reason, e.created_at
    from moderation_events e left join users u on u.id = e.admin_id
    order by e.created_at desc, e.id desc
    limit ${limit}
  `,
  );
}

export type NotificationRow = {
  id: string;
  kind: 'pending' | 'approve' | 'reject' | 'delete' | 'images';
  ad_id: string;
  ad_heading: string;
  by: string | null;
  admin_id: string | null;
  reason: string | null;
  at: Date | string;
};

/**
 * Common Notification: the newest pending ads (backward scan of (status, posting_date, id)) and
 * the newest moderation events (index on created_at), merged newest first.
 */
export function notifications(db: Executor, limit: number): Promise<NotificationRow[]> {
  return rows(
    db,
    sql`
    select * from (
      (select 'ad:' || a.id::text as id, 'pending' as kind, a.id::text as ad_id, a.heading as ad_heading,
         a.username as by, null::text as admin_id, null::text as reason, a.posting_date as at,
         0::bigint as seq
       from advertisements a
       where a.status = 'pending'
       order by a.posting_date desc, a.id desc
       limit ${limit})
      union all
      (select 'event:' || e.id::text, e.action, e.ad_id::text, e.ad_heading,
         coalesce(nullif(u.name, ''), u.username), e.admin_id::text, e.reason, e.created_at, e.id
       from moderation_events e left join users u on u.id = e.admin_id
       order by e.created_at desc, e.id desc
       limit ${limit})
    ) feed
    order by at desc, seq desc, id desc
    limit ${limit}
  `,
  );
}
