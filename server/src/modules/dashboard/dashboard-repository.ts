import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { decisionsWhere } from '../../db/audit-repository';
import {
  adDaily,
  adSummary,
  adSummaryVersion,
  advertisements,
  auditEvents,
  packageSubscriptions,
  users,
} from '../../db/schema';
import type { Range } from '../../domain/calendar';

/**
 * The dashboard's SQL: a few aggregate statements, each shaped so that an index or a
 * trigger-maintained summary answers it, never a count over the whole ads table (docs/decisions/0014-ad-moderation-rules.md).
 * Ads posted in a period are counted from ad_daily for the period's whole UTC days and from the
 * (x, posting_date, id) indexes only for the partial days at its edges (`postedCount`), so a month
 * of a million-ad marketplace costs a few hundred summary rows, not 300,000 index entries.
 * "Approved today" and "rejected in the last 30 days" filter on moderated_at: an index on
 * (status, moderated_at) serves them (see docs/decisions/0007-dashboard.md).
 */

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type DaySplit = {
  /** Whole UTC days [from, to) as dates; `to` null when the period is open-ended. */
  days: { from: string; to: string | null } | null;
  /** The partial days at the edges, as instants [from, to). */
  edges: { from: Date; to: Date | null }[];
};

/** Splits the instants [from, to) (to null: no end) into whole UTC days and partial edges. */
export function splitDays(from: Date, to: Date | null): DaySplit {
  const first = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const last = to === null ? null : Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  // No whole day inside (an empty or backwards range included: then to <= from, so last <= first).
  if (to !== null && last! <= first) return { days: null, edges: to > from ? [{ from, to }] : [] };
  const edges: DaySplit['edges'] = [];
  if (from.getTime() < first) edges.push({ from, to: new Date(first) });
  if (to !== null && last! < to.getTime()) edges.push({ from: new Date(last!), to });
  return { days: { from: utcDay(first), to: last === null ? null : utcDay(last) }, edges };
}

/**
 * The number of ads posted in [from, to) that match `where`, a condition on status, category
 * and/or ad_type (columns both ad_daily and advertisements have, so it applies to either).
 */
export function postedCount(where: SQL, from: Date, to: Date | null): SQL {
  const { days, edges } = splitDays(from, to);
  const parts: SQL[] = [];
  if (days)
    parts.push(
      sql`(select coalesce(sum(n), 0) from ${adDaily} where ${where} and day >= ${days.from}::date${
        days.to === null ? sql`` : sql` and day < ${days.to}::date`
      })`,
    );
  for (const e of edges)
    parts.push(
      sql`(select count(*) from ${advertisements} where ${where} and posting_date >= ${ts(e.from)}${
        e.to === null ? sql`` : sql` and posting_date < ${ts(e.to)}`
      })`,
    );
  return parts.length ? sql`(${sql.join(parts, sql` + `)})::int` : sql`0`;
}

export type Figures = {
  pending: number;
  approved: number;
  rejected: number;
  pending_recent: number;
  approved_today: number;
  rejected_recent: number;
  month_pending: number;
  month_approved: number;
  month_rejected: number;
  /** Digital ads are the rest: ad_type is regular or digital, never null. */
  month_regular: number;
};

/**
 * The card and gauge figures that only the ads decide, in one statement (one snapshot, so they
 * agree with each other).
 */
export async function figures(
  db: Executor,
  at: { highPriorityCutoff: Date; today: Range; rejectedSince: Date; month: Range },
): Promise<Figures> {
  const month = (where: SQL) => postedCount(where, at.month.from, at.month.to);
  const [row] = await rows<Figures>(
    db,
    sql`
    with s as (select status, sum(n) as n from ${adSummary} group by status)
    select
      coalesce((select n from s where status = 'pending'), 0)::int as pending,
      coalesce((select n from s where status = 'approved'), 0)::int as approved,
      coalesce((select n from s where status = 'rejected'), 0)::int as rejected,
      ${postedCount(sql`status = 'pending'`, at.highPriorityCutoff, null)} as pending_recent,
      (select count(*) from ${advertisements}
        where status = 'approved' and moderated_at >= ${ts(at.today.from)} and moderated_at < ${ts(at.today.to)})::int
        as approved_today,
      (select count(*) from ${advertisements}
        where status = 'rejected' and moderated_at >= ${ts(at.rejectedSince)})::int as rejected_recent,
      ${month(sql`status = 'pending'`)} as month_pending,
      ${month(sql`status = 'approved'`)} as month_approved,
      ${month(sql`status = 'rejected'`)} as month_rejected,
      ${month(sql`ad_type = 'regular'`)} as month_regular
  `,
  );
  return row!;
}

export type UserFigures = {
  /** ad_summary's version as this statement saw it (a bigint as text; null only without its rows). */
  version: string | null;
  unverified: number;
  new_today: number;
};

/**
 * The advertisers' figures, which ad_summary's version does not follow, with that version read
 * first: figures of the ads read after this statement are at least as new as the version it gives.
 */
export async function userFigures(db: Executor, today: Range): Promise<UserFigures> {
  const [row] = await rows<UserFigures>(
    db,
    sql`
    select
      (select sum(${adSummaryVersion.v}) from ${adSummaryVersion})::text as version,
      (select count(*) from ${users} where not is_admin and not is_verified)::int as unverified,
      (select count(*) from ${users}
        where not is_admin and created_at >= ${ts(today.from)} and created_at < ${ts(today.to)})::int as new_today
  `,
  );
  return row!;
}

/** Ads posted in `range` per category; the categories come from ad_summary (a few rows). */
export function adsPerCategory(db: Executor, range: Range): Promise<{ category: string; n: number }[]> {
  return rows(
    db,
    sql`
    select c.category, ${postedCount(sql`category = c.category`, range.from, range.to)} as n
    from (select distinct category from ${adSummary} where n > 0) c
  `,
  );
}

/**
 * Package subscription revenue per month of `year` (in order): one pass over the year's
 * subscriptions, each put in its month by width_bucket over the months' starts (the months are
 * consecutive and cover the year exactly, so buckets 1–12 are the months).
 */
export async function revenuePerMonth(db: Executor, year: Range, months: Range[]): Promise<number[]> {
  const starts = `{${[...months.map((m) => m.from), year.to].map((d) => d.toISOString()).join(',')}}`;
  const sums = await rows<{ m: number; sales: number }>(
    db,
    sql`select width_bucket(start_date, ${starts}::timestamptz[]) as m, coalesce(sum(price_paid), 0)::float8 as sales
        from ${packageSubscriptions}
        where start_date >= ${ts(year.from)} and start_date < ${ts(year.to)}
        group by 1`,
  );
  const byMonth = new Map(sums.map((r) => [Number(r.m), Number(r.sales)]));
  return months.map((_, i) => byMonth.get(i + 1) ?? 0);
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

/**
 * The audit trail's ad decisions in the dashboard's older words (approve, reject, delete, images),
 * with the reason as the dashboard has always shown it.
 */
export const legacyAction = sql`case e.action when 'approved' then 'approve' when 'rejected' then 'reject'
  when 'deleted' then 'delete' else 'images' end`;
export const legacyReason = sql`case
  when e.action = 'rejected' then e.rejection_reason
  when e.action = 'images_updated' and e.details->>'removed' is not null then 'Removed ' || (e.details->>'removed') || ' image(s)'
  else e.details->>'reason' end`;

/** The latest ad decisions with the acting admin's name as it was (partial index on decisions). */
export function latestModerationEvents(db: Executor, limit: number): Promise<ActivityRow[]> {
  return rows(
    db,
    sql`
    select e.id::text as id, ${legacyAction} as action, e.entity_id::text as ad_id, e.entity_label as ad_heading,
      e.actor_id::text as admin_id, e.actor_name as admin_name, ${legacyReason} as reason, e.at as created_at
    from ${auditEvents} e where ${decisionsWhere}
    order by e.at desc, e.id desc
    limit ${limit}
  `,
  );
}
