import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BannerListQuery } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query-values';
import { bannerAds, type BannerAdRow } from '../../db/schema';

export type NewBannerAd = typeof bannerAds.$inferInsert;
export type BannerAdChanges = Partial<Omit<NewBannerAd, 'id' | 'createdAt' | 'views'>>;

/** Newest first; the search is case-insensitive over name, description and placement. */
export function listBannerAds(db: Executor, q: BannerListQuery): Promise<BannerAdRow[]> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(bannerAds.status, q.status));
  if (q.search) {
    const pattern = containsPattern(q.search);
    conditions.push(
      sql`(${bannerAds.name} ilike ${pattern} or ${bannerAds.description} ilike ${pattern} or ${bannerAds.placement} ilike ${pattern})`,
    );
  }
  return db
    .select()
    .from(bannerAds)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(bannerAds.createdAt), desc(bannerAds.id));
}

export async function insertBannerAd(db: Executor, values: NewBannerAd): Promise<BannerAdRow> {
  const [row] = await db.insert(bannerAds).values(values).returning();
  return row!;
}

/** The row, locked until the transaction ends, so two edits replacing the image queue up. */
export function lockBannerAd(db: Executor, id: string): Promise<BannerAdRow | undefined> {
  return db
    .select()
    .from(bannerAds)
    .where(eq(bannerAds.id, id))
    .for('update')
    .limit(1)
    .then((r) => r[0]);
}

export async function updateBannerAd(db: Executor, id: string, changes: BannerAdChanges): Promise<BannerAdRow> {
  const [row] = await db.update(bannerAds).set(changes).where(eq(bannerAds.id, id)).returning();
  return row!;
}

export async function deleteBannerAd(db: Executor, id: string): Promise<BannerAdRow | undefined> {
  const [row] = await db.delete(bannerAds).where(eq(bannerAds.id, id)).returning();
  return row;
}

/** Of `images`, those no banner ad refers to any more (safe to remove from storage). */
export async function unreferencedImages(db: Executor, images: string[]): Promise<string[]> {
  if (!images.length) return [];
  const used = await db.select({ image: bannerAds.image }).from(bannerAds).where(inArray(bannerAds.image, images));
  const kept = new Set(used.map((r) => r.image));
  return images.filter((i) => !kept.has(i));
}
