import { and, asc, desc, eq, getTableColumns, gt, gte, isNotNull, sql } from 'drizzle-orm';
import { ADVERTISER_CARD_LATEST, type AdStatus } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { adReports, advertisements, type AdRow } from '../../db/schema';
import { filters, type AdFilter } from './ads-filters';

export type AdvertiserCardRow = {
  user_id: string | null;
  name: string | null;
  username: string | null;
  is_verified: boolean | null;
  joined_at: Date | string | null;
  approved: number;
  pending: number;
  rejected: number;
  latest: { id: string; heading: string; status: AdStatus; posting_date: string }[] | null;
};

/**
 * The ad's advertiser with their ads' counts and newest other ads, in one statement (undefined: no
 * such ad). The counts are advertiser_ad_counts' row, kept by triggers (migration 0027); the newest
 * ads the first rows of ads_user_posting_date_idx (user_id, posting_date desc, id desc), so an
 * advertiser with 10,000 ads costs what one with ten does (bench/advertiser-card.ts).
 */
export async function advertiserCardRow(db: Executor, adId: string): Promise<AdvertiserCardRow | undefined> {
  const result = await db.execute(sql`
    select u.id as user_id, coalesce(u.name, u.username) as name, u.username, u.is_verified,
      coalesce(u.join_date, u.created_at) as joined_at,
      coalesce(c.approved, 0)::int as approved, coalesce(c.pending, 0)::int as pending,
      coalesce(c.rejected, 0)::int as rejected,
      (select json_agg(l) from (
        select x.id, x.heading, x.status, x.posting_date from advertisements x
        where x.user_id = u.id and x.id <> a.id
        order by x.posting_date desc, x.id desc limit ${ADVERTISER_CARD_LATEST}
      ) l) as latest
    from advertisements a left join users u on u.id = a.user_id
      left join advertiser_ad_counts c on c.user_id = u.id
    where a.id = ${adId}`);
  return rowsOf<AdvertiserCardRow>(result)[0];
}

/**
 * Pending ads matching the category and district posted at or after `since`: subtracted from the
 * pending total (ad_summary) it gives the overdue view's total, reading only recent submissions
 * from the (status, posting_date, id) index however long the backlog is, as the dashboard does.
 */
export async function countPendingSince(
  db: Executor,
  f: Pick<AdFilter, 'category' | 'district'>,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(advertisements)
    .where(
      and(
        filters({ status: 'pending', category: f.category, district: f.district }),
        gte(advertisements.postingDate, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The pending ads a live rule prioritised (docs/decisions/0030-moderation-rules.md) or the public
 * reported (docs/decisions/0034-reports.md) that the filters match, highest rule priority plus report
 * weight then oldest first, at most `limit`: the few the pending queue's first page shows ahead of
 * the rest. Two reads in order, each of `limit` rows however many there are (issue 35's figures: a
 * sort of 4,400 reported ads cost 13 ms a list): the prioritised by rule priority
 * (ads_pending_rule_priority_idx) and the reported by their queue priority (ad_reports_queue_idx).
 * Every ad of the true first `limit` is in one of them: a reported one ranks among the reported as
 * it does among all, and an unreported one has at most as many prioritised ads above it by rule
 * priority as it has above it in all.
 */
export function prioritisedPending(db: Executor, f: AdFilter, limit: number): Promise<AdRow[]> {
  const pending = and(filters(f), eq(advertisements.status, 'pending'));
  const ruled = db
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(and(pending, gt(advertisements.rulePriority, 0)))
    .orderBy(desc(advertisements.rulePriority), asc(advertisements.postingDate), asc(advertisements.id))
    .limit(limit);
  const reported = db
    .select({ id: adReports.adId })
    .from(adReports)
    .innerJoin(advertisements, eq(advertisements.id, adReports.adId))
    .where(and(pending, isNotNull(adReports.queuePriority)))
    .orderBy(desc(adReports.queuePriority), asc(adReports.postingDate), asc(adReports.adId))
    .limit(limit);
  return db
    .select(getTableColumns(advertisements))
    .from(advertisements)
    .leftJoin(adReports, eq(adReports.adId, advertisements.id))
    .where(sql`${advertisements.id} in ((${ruled}) union (${reported}))`)
    .orderBy(
      desc(sql`${advertisements.rulePriority} + coalesce(${adReports.reportWeight}, 0)`),
      asc(advertisements.postingDate),
      asc(advertisements.id),
    )
    .limit(limit);
}
