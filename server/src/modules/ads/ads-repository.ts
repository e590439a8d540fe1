import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdClaim, AdSortField } from '@backoffice/contract';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { typedKey } from '../../db/keyset';
import { prepared } from '../../db/prepared';
import { adClaims, adSummary, adSummaryVersion, advertisements, users, type AdRow } from '../../db/schema';
import { analysedRisk } from '../../domain/analysed-risk';
import { toAdClaim } from '../claims/claim-row';
import { carryingSource, fewCarry, kindsOwnIndex } from './ads-sparse-signals';
import { filters, where, type AdFilter } from './ads-filters';
import { pagePlan, pageShapeName, plannedEachTime, type PageQuery, type PageShape } from './ads-page-shape';

export { FILTER_NAMES, type AdFilter } from './ads-filters';
// The pending guard lives beside the audit writer: a live moderation rule decides ads through it too.
export { moderatePendingWithSampleRate } from '../../db/ad-decision';

/**
 * The Ad ID column shows the id's last five characters: it sorts by those, the full id breaking
 * ties. The expression is written as the ads_id_tail_idx index (migration 0015) has it, so the
 * planner serves this order from that index.
 */
export const adIdTail = sql`right(${advertisements.id}::text, 5)`;

export const sortColumns = {
  id: [adIdTail, advertisements.id],
  // Case-insensitive ("apple" before "Zebra"), as the ads_heading_lower_idx index (migration 0019) has it.
  heading: [sql`lower(${advertisements.heading})`, advertisements.id],
  username: [advertisements.username, advertisements.id],
  // Status and type sort within posting date, which the (x, posting_date, id) indexes serve.
  postingDate: [advertisements.postingDate, advertisements.id],
  adType: [advertisements.adType, advertisements.postingDate, advertisements.id],
  status: [advertisements.status, advertisements.postingDate, advertisements.id],
  // Not analysed yet (null) counts as -1: last when the riskiest come first (ads_risk_idx, migration 0022).
  risk: [typedKey(sql`coalesce(${advertisements.risk}, -1)`, 'integer'), advertisements.id],
} satisfies Record<AdSortField, unknown[]>;

/** pagePlan, with whether few ads carry the signal filter's kinds when that matters (kindsOwnIndex). */
export async function pagePlanFor(db: Db, q: PageQuery) {
  const plan = pagePlan(q);
  const kinds = plan.params.signals;
  if (kinds !== undefined && !kindsOwnIndex(plan.shape.sort, String(kinds)))
    plan.shape.sparse = await fewCarry(db, String(kinds));
  return plan;
}

/**
 * One page (docs/decisions/0020-keyset-paging.md), as a deferred join: the inner query finds the
 * page's ids from the sort index alone, then only those rows are read. After or before a cursor it
 * reads the index from the cursor's row on, `(key, id) < (select key, id … where id = cursor)`, so
 * a page costs the same at any depth; the last page is the first rows of the reversed order. A page
 * asked for by number alone skips `offset` index entries (nothing for the first page; kept for
 * callers without a cursor). Rows come back in the list's order.
 */
export async function findAdsPage(
  db: Db,
  q: PageQuery,
): Promise<{ rows: AdRow[]; claims: Map<string, AdClaim>; summaryVersion: number | null }> {
  const { shape, params, reversed } = await pagePlanFor(db, q);
  const query = prepared(db, pageShapeName(shape), (name) =>
    pageQuery(db, shape).prepare(plannedEachTime(shape) ? UNNAMED : name),
  );
  const rows = await query.execute(params);
  if (reversed) rows.reverse();
  const claims = new Map<string, AdClaim>();
  for (const { claimBy, claimByName, claimExpiresAt, id } of rows)
    if (claimBy && claimExpiresAt) claims.set(id, toAdClaim(claimBy, claimByName ?? '', claimExpiresAt));
  return { rows, claims, summaryVersion: rows[0]?.summaryVersion ?? null };
}

/** node-postgres sends a statement without a name as the unnamed one, planned for its values. */
const UNNAMED = '';

/** A constant written into the statement's text (drizzle binds a value as a parameter): a page size or a known kind. */
const inline = <T extends number | string>(value: T) =>
  (typeof value === 'number' ? sql.raw(String(value)) : sql.raw(`'${value.replace(/'/g, "''")}'`)) as unknown as T;

/** The page statement of `shape`, every value but a one-plan shape's page size a placeholder. */
export function pageQuery(db: Db, shape: PageShape) {
  const direction = shape.direction === 'asc' ? asc : desc;
  const columns = sortColumns[shape.sort];
  const order = columns.map((c) => direction(c));
  const value = (name: string) =>
    name === 'signals' && shape.kind !== undefined ? inline(`{${shape.kind}}`) : sql.placeholder(name);
  const conditions = [where(shape.filters, value)];
  if (shape.from === 'cursor') conditions.push(afterCursor(shape));
  const source = shape.sparse ? carryingSource() : advertisements;
  const ids = db
    .select({ id: sql<string>`${advertisements.id}` })
    .from(source)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(shape.limit !== undefined ? inline(shape.limit) : sql.placeholder('limit'));
  const pageIds = shape.from === 'offset' ? ids.offset(sql.placeholder('offset')) : ids;
  // ad_summary's version in the same snapshot as the page: the counts beside it are still those
  // in memory while it has not moved (AdSummaryCache). A pending ad's live claim comes with it.
  return db
    .select({
      ...getTableColumns(advertisements),
      risk: analysedRisk(advertisements.id, advertisements.risk),
      summaryVersion: summaryVersionSql,
      claimBy: adClaims.adminId,
      claimByName: sql<string | null>`coalesce(${users.name}, ${users.username})`,
      claimExpiresAt: adClaims.expiresAt,
    })
    .from(advertisements)
    .leftJoin(
      adClaims,
      and(
        eq(adClaims.adId, advertisements.id),
        eq(advertisements.status, 'pending'),
        sql`${adClaims.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .leftJoin(users, eq(users.id, adClaims.adminId))
    .where(inArray(advertisements.id, pageIds))
    .orderBy(...order);
}

/**
 * The rows after the cursor's row in the shape's direction: one row comparison over the sort's
 * columns, all one way, which is a range scan of the index the first page reads. The row's values
 * are read from the row (one primary-key probe); under the status sort the status comes from the
 * cursor (ads-cursor.ts says why). A deleted cursor row compares as null: an empty page, which the
 * client answers by going to the last page.
 */
function afterCursor(shape: PageShape): SQL {
  const columns = sortColumns[shape.sort];
  const id = sql`${sql.placeholder('cursor')}::uuid`;
  const values =
    shape.sort === 'status' ? [sql`${sql.placeholder('cursorStatus')}::text`, ...columns.slice(1)] : columns;
  const row = sql`(select ${sql.join(values, sql`, `)} from ${advertisements} where ${advertisements.id} = ${id})`;
  const op = shape.direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${sql.join(columns, sql`, `)}) ${op} ${row}`;
}

export const summaryVersionSql = sql`(select sum(${adSummaryVersion.v}) from ${adSummaryVersion})`.mapWith(Number);

export async function countAds(db: Executor, q: AdFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(advertisements)
    .where(filters(q));
  return row?.n ?? 0;
}

/** ad_summary's rows with a count (docs/decisions/0014-ad-moderation-rules.md) and the version they were read at. */
export type SummarySnapshot = {
  version: number;
  rows: { status: string; category: string; district: string; n: number }[];
};

/** Every row of ad_summary with a count, and ad_summary's version, in one snapshot. */
export async function summarySnapshot(db: Executor): Promise<SummarySnapshot> {
  const result = await db.execute(sql`
    select v.version, s.status, s.category, s.district, s.n
    from (select sum(${adSummaryVersion.v}) as version from ${adSummaryVersion}) v
    left join ${adSummary} s on s.n > 0`);
  type Row = {
    version: string | number;
    status: string | null;
    category: string;
    district: string;
    n: string | number;
  };
  const rows = rowsOf<Row>(result);
  return {
    version: Number(rows[0]?.version ?? -1),
    rows: rows
      .filter((r) => r.status !== null)
      .map((r) => ({ status: r.status!, category: r.category, district: r.district, n: Number(r.n) })),
  };
}

/** One ad, its risk as the product tells it (analysedRisk). */
export function findAd(db: Executor, id: string): Promise<AdRow | undefined> {
  return db
    .select({ ...getTableColumns(advertisements), risk: analysedRisk(advertisements.id, advertisements.risk) })
    .from(advertisements)
    .where(eq(advertisements.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function lockAd(db: Executor, id: string): Promise<AdRow | undefined> {
  return db
    .select()
    .from(advertisements)
    .where(eq(advertisements.id, id))
    .for('update')
    .limit(1)
    .then((r) => r[0]);
}

export async function setImages(db: Executor, id: string, images: string[]): Promise<AdRow> {
  const [row] = await db.update(advertisements).set({ images }).where(eq(advertisements.id, id)).returning();
  return row!;
}

export async function deleteAd(db: Executor, id: string): Promise<AdRow | undefined> {
  const [row] = await db.delete(advertisements).where(eq(advertisements.id, id)).returning();
  return row;
}

/**
 * Of these storage keys, those no advertisement references any more, in either stored form
 * (`ads/x.png` or `/uploads/ads/x.png`): safe to delete from storage. One query for all of them.
 */
export async function unreferencedImageKeys(db: Executor, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const list = sql.join(
    [...new Set(keys)].map((k) => sql`(${k}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select k.key from (values ${list}) as k(key)
    where not exists (
      select 1 from ${advertisements} a where a.images && array[k.key, '/uploads/' || k.key]::text[]
    )
  `);
  return rowsOf<{ key: string }>(result).map((r) => r.key);
}

/** Recomputes ad_summary, ad_daily and advertiser_ad_counts from scratch (after bulk loads that bypass the triggers). */
export async function rebuildSummary(db: Executor): Promise<void> {
  await db.execute(sql`delete from ad_summary`);
  await db.execute(
    sql`insert into ad_summary (status, category, district, n) select status, category, district, count(*) from advertisements group by 1, 2, 3`,
  );
  await db.execute(sql`delete from ad_daily`);
  await db.execute(
    sql`insert into ad_daily (day, status, category, ad_type, n)
        select (posting_date at time zone 'UTC')::date, status, category, ad_type, count(*) from advertisements group by 1, 2, 3, 4`,
  );
  await db.execute(sql`delete from advertiser_ad_counts`);
  await db.execute(
    sql`insert into advertiser_ad_counts (user_id, approved, pending, rejected)
        select user_id, count(*) filter (where status = 'approved'), count(*) filter (where status = 'pending'),
          count(*) filter (where status = 'rejected')
        from advertisements where user_id is not null group by 1`,
  );
}
