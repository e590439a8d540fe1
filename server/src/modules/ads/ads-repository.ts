import { and, asc, desc, eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AdListQuery, AdSortField } from '@backoffice/contract';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { asValue, containsPattern, type Bind } from '../../db/query-values';
import { adSummary, adSummaryVersion, advertisements, type AdRow } from '../../db/schema';

/**
 * The Ad ID column shows the id's last five characters: it sorts by those, the full id breaking
 * ties. The expression is written as the ads_id_tail_idx index (migration 0015) has it, so the
 * planner serves this order from that index.
 */
export const adIdTail = sql`right(${advertisements.id}::text, 5)`;

export const sortColumns = {
  id: [adIdTail, advertisements.id],
  heading: [advertisements.heading, advertisements.id],
  username: [advertisements.username, advertisements.id],
  // Status and type sort within posting date, which the (x, posting_date, id) indexes serve.
  postingDate: [advertisements.postingDate, advertisements.id],
  adType: [advertisements.adType, advertisements.postingDate, advertisements.id],
  status: [advertisements.status, advertisements.postingDate, advertisements.id],
} satisfies Record<AdSortField, unknown[]>;

export type AdFilter = Pick<AdListQuery, 'status' | 'category' | 'district' | 'q'>;

/** Each filter's condition on the value it binds, by the name it binds it under. */
const filterConditions = {
  status: (v: string | Placeholder) => sql`${advertisements.status} = ${v}`,
  category: (v: string | Placeholder) => sql`${advertisements.category} = ${v}`,
  district: (v: string | Placeholder) => sql`${advertisements.district} = ${v}`,
  pattern: (v: string | Placeholder) =>
    sql`(${advertisements.heading} ilike ${v} or ${advertisements.details} ilike ${v} or ${advertisements.username} ilike ${v})`,
};
export type FilterName = keyof typeof filterConditions;
export const FILTER_NAMES = Object.keys(filterConditions) as FilterName[];

/** The filters that narrow `q`, by the name each binds, with its value: the one list of them. */
export function boundFilters(q: AdFilter): Partial<Record<FilterName, string>> {
  const bound: Partial<Record<FilterName, string>> = {};
  if (q.status !== 'all') bound.status = q.status;
  if (q.category) bound.category = q.category;
  if (q.district) bound.district = q.district;
  if (q.q) bound.pattern = containsPattern(q.q);
  return bound;
}

function where(names: readonly FilterName[], value: (name: FilterName) => string | Placeholder): SQL | undefined {
  const conditions = names.map((name) => filterConditions[name](value(name)));
  return conditions.length ? and(...conditions) : undefined;
}

export function filters(q: AdFilter, bind: Bind<FilterName> = asValue): SQL | undefined {
  const bound = boundFilters(q);
  return where(boundNames(bound), (name) => bind(name, bound[name]!));
}

const boundNames = (bound: Partial<Record<FilterName, string>>) =>
  FILTER_NAMES.filter((name) => bound[name] !== undefined);

/**
 * From this offset on, a page of the posting-date order starts at an hour found in ad_daily and
 * ad_hourly rather than skipping every earlier entry of the index (see `deepPageIds`).
 */
export const PAGE_ANCHOR_FROM = 2_000;

/**
 * Everything that makes one page statement differ from another, and nothing else: the statement is
 * built from this alone (`pageQuery`) and cached under a name made from it alone (`pageShapeName`),
 * so two different statements can never share a name. `filters` are the placeholders bound, taken
 * from `boundFilters`, the same object that gives their values.
 */
export type PageShape = {
  sort: AdListQuery['sort'];
  order: AdListQuery['order'];
  deep: boolean;
  filters: FilterName[];
};

export function pageShapeName(shape: PageShape): string {
  return ['ads_page', shape.sort, shape.order, shape.deep ? 'deep' : 'near', ...shape.filters].join(':');
}

/** The statement's shape for `q` and the values of its placeholders. */
export function pagePlan(q: AdListQuery, anchorFrom = PAGE_ANCHOR_FROM) {
  const bound = boundFilters(q);
  const offset = (q.page - 1) * q.pageSize;
  const shape: PageShape = {
    sort: q.sort,
    order: q.order,
    deep: offset >= anchorFrom && q.sort === 'postingDate' && !bound.district && !bound.pattern,
    filters: boundNames(bound),
  };
  const params: Record<string, string | number> = { ...bound, limit: q.pageSize, offset };
  return { shape, params };
}

/**
 * One page, as a deferred join: the inner query finds the page's ids from the sort index alone
 * (an index-only scan, so page 5,000 skips 50,000 index entries, not 50,000 rows), then only those
 * ten rows are read. Measured on 1,000,000 ads: 348 ms → 9 ms for page 5,000. Deep pages of the
 * default order skip whole days and hours first (`deepPageIds`). The query is prepared once per
 * shape (`PageShape`): the values are its placeholders.
 */
export async function findAdsPage(
  db: Db,
  q: AdListQuery,
  anchorFrom = PAGE_ANCHOR_FROM,
): Promise<{ rows: AdRow[]; summaryVersion: number | null }> {
  const { shape, params } = pagePlan(q, anchorFrom);
  const query = prepared(db, pageShapeName(shape), (name) => pageQuery(db, shape).prepare(name));
  const rows = await query.execute(params);
  return { rows, summaryVersion: rows[0]?.summaryVersion ?? null };
}

/** The page statement of `shape`, every value a placeholder. */
export function pageQuery(db: Db, shape: PageShape) {
  const direction = shape.order === 'asc' ? asc : desc;
  const order = sortColumns[shape.sort].map((c) => direction(c));
  const bound = where(shape.filters, (name) => sql.placeholder(name));
  const pageIds = shape.deep
    ? deepPageIds(shape, bound, order)
    : db
        .select({ id: advertisements.id })
        .from(advertisements)
        .where(bound)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
  // ad_summary's version in the same snapshot as the page: the counts beside it are still those
  // in memory while it has not moved (AdSummaryCache).
  return db
    .select({ ...getTableColumns(advertisements), summaryVersion: summaryVersionSql })
    .from(advertisements)
    .where(inArray(advertisements.id, pageIds))
    .orderBy(...order);
}

const summaryVersionSql = sql`(select sum(${adSummaryVersion.v}) from ${adSummaryVersion})`.mapWith(Number);

/**
 * The ids of a deep page of the posting-date order, starting from the UTC hour in which the ad at
 * the offset lies: ad_page_anchor (migration 0010) finds the day from ad_daily's per-day counts
 * (ad_day_anchor, migration 0007), then the hour from ad_hourly's counts of that day, under the
 * status and category filters, and tells how many ads come before that hour; the page then skips
 * only that hour's earlier ads (at 1,000,000 ads page 5,000 skips at most an hour's ads, a few
 * hundred index entries, instead of 50,000). One statement: the anchor feeds the page's bound and
 * offset through a lateral join. No anchor (the offset is past the end) gives no ids.
 */
function deepPageIds(shape: PageShape, filtered: SQL | undefined, order: SQL[]): SQL {
  const status = shape.filters.includes('status') ? sql.placeholder('status') : sql`null`;
  const category = shape.filters.includes('category') ? sql.placeholder('category') : sql`null`;
  const ascending = shape.order === 'asc';
  const bound = ascending
    ? sql`${advertisements.postingDate} >= (anchor.anchor_from at time zone 'UTC')`
    : sql`${advertisements.postingDate} < (anchor.anchor_to at time zone 'UTC')`;
  return sql`(select page.id from ad_page_anchor(${sql.placeholder('offset')}::bigint, ${status}::text, ${category}::text, ${sql.raw(String(ascending))}) anchor
    cross join lateral (
      select ${advertisements.id} from ${advertisements}
      where ${and(filtered, bound)}
      order by ${sql.join(order, sql`, `)}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}::bigint - anchor.skipped
    ) page)`;
}

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

export function findAd(db: Executor, id: string): Promise<AdRow | undefined> {
  return db
    .select()
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

/** docs/decisions/0014-ad-moderation-rules.md: one conditional update, so of two racing moderators exactly one wins. */
export async function moderatePending(
  db: Executor,
  id: string,
  change: { status: 'approved' | 'rejected'; rejectionReason: string | null; adminId: string; at: Date },
): Promise<AdRow | undefined> {
  const [row] = await db
    .update(advertisements)
    .set({
      status: change.status,
      rejectionReason: change.rejectionReason,
      moderatedAt: change.at,
      moderatedBy: change.adminId,
    })
    .where(and(eq(advertisements.id, id), eq(advertisements.status, 'pending')))
    .returning();
  return row;
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

/** Recomputes ad_summary, ad_daily and ad_hourly from scratch (after bulk loads that bypass the triggers). */
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
  await db.execute(sql`delete from ad_hourly`);
  await db.execute(
    sql`insert into ad_hourly (hour, status, category, n)
        select date_trunc('hour', posting_date at time zone 'UTC'), status, category, count(*) from advertisements
        group by 1, 2, 3 order by 1, 2, 3`,
  );
}
