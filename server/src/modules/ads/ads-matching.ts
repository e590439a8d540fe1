import { and, asc, eq, getTableColumns, gte, inArray, lt, lte, not, sql, type SQL } from 'drizzle-orm';
import type { AdListQuery } from '@backoffice/contract';
import type { Db, Executor } from '../../db/client';
import { keyColumns, keyOrder, keysetBatches, type Keyset } from '../../db/keyset';
import { adClaims, advertisements, type AdRow } from '../../db/schema';
import { filters, type AdFilter } from './ads-filters';
import { sortColumns } from './ads-repository';

/**
 * Reads and decisions over every ad a filter matches, not one page: the CSV export's batches and
 * select all matching (docs/decisions/0018-exports-and-bulk.md). Both use the list's own filter
 * (`filters` of ads-repository), so an export and a bulk decision match exactly what the list shows.
 */

/** A posting-date range: `from` included, `to` excluded (instants). */
export type PostingRange = { from?: Date; to?: Date };

function inRange(range: PostingRange): SQL | undefined {
  return and(
    range.from ? gte(advertisements.postingDate, range.from) : undefined,
    range.to ? lt(advertisements.postingDate, range.to) : undefined,
  );
}

/** Every ad the list's filters match, in the list's order, `size` at a time (keyset, see db/keyset.ts). */
export function adBatches(
  db: Db,
  q: AdFilter & Pick<AdListQuery, 'sort' | 'order'> & PostingRange,
  size: number,
): AsyncGenerator<AdRow[]> {
  const keyset: Keyset = { columns: sortColumns[q.sort], descending: q.order === 'desc' };
  const where = and(filters(q), inRange(q));
  return keysetBatches(keyset, size, (after, limit) =>
    db
      .select({ ...getTableColumns(advertisements), ...keyColumns(keyset) })
      .from(advertisements)
      .where(and(where, after))
      .orderBy(...keyOrder(keyset))
      .limit(limit),
  );
}

/** Pending ads a match selects: its filters, and only those submitted by `before`. */
function pendingMatching(match: Omit<AdFilter, 'status'>, before: Date | undefined): SQL | undefined {
  return and(filters({ ...match, status: 'pending' }), before ? lte(advertisements.postingDate, before) : undefined);
}

/**
 * Locks up to `limit` pending matching ads, oldest first, skipping those another transaction holds:
 * two admins deciding the same filter at once take different ads, and an ad being decided one by
 * one elsewhere is left to that decision.
 */
export async function lockPendingMatching(
  tx: Executor,
  match: Omit<AdFilter, 'status'>,
  before: Date | undefined,
  limit: number,
  reviewer: { adminId: string; now: Date },
): Promise<string[]> {
  // Ads another admin is reviewing stay out of the batch (they would be refused, and picked again
  // by every later batch); they still match, so `remaining` counts them.
  const claimedByOther = sql`exists (select 1 from ${adClaims} where ${adClaims.adId} = ${advertisements.id}
    and ${adClaims.adminId} <> ${reviewer.adminId} and ${adClaims.expiresAt} > ${reviewer.now.toISOString()}::timestamptz)`;
  const rows = await tx
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(and(pendingMatching(match, before), not(claimedByOther)))
    .orderBy(asc(advertisements.postingDate), asc(advertisements.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/** Pending ads a match still selects. */
export async function countPendingMatching(
  db: Executor,
  match: Omit<AdFilter, 'status'>,
  before: Date | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(advertisements)
    .where(pendingMatching(match, before));
  return row?.n ?? 0;
}

/**
 * Decides these ads in one statement, each only while it is still pending (an ad decided meanwhile
 * stays as it was). Returns the decided rows; the caller records them in the audit trail.
 */
export async function moderatePendingMany(
  tx: Executor,
  ids: string[],
  change: { status: 'approved' | 'rejected'; rejectionReason: string | null; adminId: string; at: Date },
): Promise<AdRow[]> {
  if (!ids.length) return [];
  const rows = await tx
    .update(advertisements)
    .set({
      status: change.status,
      rejectionReason: change.rejectionReason,
      moderatedAt: change.at,
      moderatedBy: change.adminId,
    })
    .where(and(inArray(advertisements.id, ids), eq(advertisements.status, 'pending')))
    .returning();
  return rows;
}

/** Ads the list's filters match within a posting-date range (the Data Extract count). */
export async function countAdsInRange(db: Executor, q: AdFilter & PostingRange): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(advertisements)
    .where(and(filters(q), inRange(q)));
  return row?.n ?? 0;
}
