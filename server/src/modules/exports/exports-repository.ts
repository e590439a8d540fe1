import { and, eq, getTableColumns, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { keyColumns, keyOrder, keysetBatches, type Keyset } from '../../db/keyset';
import { containsPattern } from '../../db/query-values';
import { bannerAds, duties, packages } from '../../db/schema';

/** An instant range: `from` included, `to` excluded. */
export type Range = { from?: Date; to?: Date };

export function inRange(column: PgColumn | SQL, range: Range): SQL | undefined {
  const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return and(
    range.from ? sql`${column} >= ${iso(range.from)}` : undefined,
    range.to ? sql`${column} < ${iso(range.to)}` : undefined,
  );
}

/** A search over some text columns, as the lists search them (case-insensitive, anywhere). */
function search(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((c) => ilike(c, pattern)));
}

const newestFirst = (table: { createdAt: PgColumn; id: PgColumn }): Keyset => ({
  columns: [table.createdAt, table.id],
  descending: true,
});

// ---- Packages, banner ads, duties ----

export type CatalogueFilter = { q?: string; status: 'all' | 'Active' | 'Inactive' } & Range;
/** Banner ads' range is on their start date: calendar days, both included. */
export type BannerFilter = Omit<CatalogueFilter, keyof Range> & { from?: string; to?: string };

const packageWhere = (f: CatalogueFilter) =>
  and(
    f.status === 'all' ? undefined : eq(packages.status, f.status),
    search(f.q, [packages.name, packages.pid]),
    inRange(packages.createdAt, f),
  );

const bannerWhere = (f: BannerFilter) =>
  and(
    f.status === 'all' ? undefined : eq(bannerAds.status, f.status),
    search(f.q, [bannerAds.name]),
    f.from ? gte(bannerAds.startDate, f.from) : undefined,
    f.to ? lte(bannerAds.startDate, f.to) : undefined,
  );

const dutyWhere = (f: CatalogueFilter) =>
  and(
    f.status === 'all' ? undefined : eq(duties.status, f.status),
    search(f.q, [duties.title, duties.code]),
    inRange(duties.createdAt, f),
  );

export function packageBatches(db: Db, f: CatalogueFilter, size: number) {
  const keyset = newestFirst(packages);
  return keysetBatches(keyset, size, (after, limit) =>
    db
      .select({ ...getTableColumns(packages), ...keyColumns(keyset) })
      .from(packages)
      .where(and(packageWhere(f), after))
      .orderBy(...keyOrder(keyset))
      .limit(limit),
  );
}

export function bannerBatches(db: Db, f: BannerFilter, size: number) {
  const keyset = newestFirst(bannerAds);
  return keysetBatches(keyset, size, (after, limit) =>
    db
      .select({ ...getTableColumns(bannerAds), ...keyColumns(keyset) })
      .from(bannerAds)
      .where(and(bannerWhere(f), after))
      .orderBy(...keyOrder(keyset))
      .limit(limit),
  );
}

export function dutyBatches(db: Db, f: CatalogueFilter, size: number) {
  const keyset = newestFirst(duties);
  return keysetBatches(keyset, size, (after, limit) =>
    db
      .select({ ...getTableColumns(duties), ...keyColumns(keyset) })
      .from(duties)
      .where(and(dutyWhere(f), after))
      .orderBy(...keyOrder(keyset))
      .limit(limit),
  );
}

async function countWhere(db: Executor, table: typeof packages | typeof bannerAds | typeof duties, where?: SQL) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

export const countPackages = (db: Executor, f: CatalogueFilter) => countWhere(db, packages, packageWhere(f));
export const countBanners = (db: Executor, f: BannerFilter) => countWhere(db, bannerAds, bannerWhere(f));
export const countDuties = (db: Executor, f: CatalogueFilter) => countWhere(db, duties, dutyWhere(f));
