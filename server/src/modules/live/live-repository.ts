import { sql } from 'drizzle-orm';
import type { AdClaim, AdCounts, AdLiveEvent } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';

/** The last `seq` given so far. */
export async function lastSeq(db: Executor): Promise<number> {
  const [row] = rowsOf<{ last: string | number }>(await db.execute(sql`select last from ad_live_counter where one`));
  return Number(row?.last ?? 0);
}

/** Numbers the committed events that have no `seq` yet (ad_live_sequence, migration 0014). */
export async function sequence(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select ad_live_sequence() as n`));
  return Number(row?.n ?? 0);
}

/** Forgets numbered events beyond the newest `keep` (a count, not an age: `at` follows the app's clock). */
export async function prune(db: Executor, keep: number): Promise<void> {
  await db.execute(sql`delete from ad_live_events where seq <= (select last from ad_live_counter where one) - ${keep}`);
}

/** `category`: the ad's now, for a scoped moderator's stream; null once the ad is gone. */
export type SequencedEvent = { seq: number; event: AdLiveEvent; category: string | null };

type Row = {
  seq: string | number;
  type: AdLiveEvent['type'];
  ad_id: string;
  status: AdLiveEvent['status'] | null;
  by_id: string | null;
  by_name: string | null;
  claim_expires_at: Date | string | null;
  at: Date | string;
  counts: AdCounts | string | null;
  category: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();
const noCounts: AdCounts = { total: 0, pending: 0, approved: 0, rejected: 0 };

function toEvent(r: Row): SequencedEvent {
  const by = r.by_id && r.by_name !== null ? { _id: r.by_id, name: r.by_name } : null;
  const counts = typeof r.counts === 'string' ? (JSON.parse(r.counts) as AdCounts) : (r.counts ?? noCounts);
  const event: AdLiveEvent = {
    type: r.type,
    id: r.ad_id,
    ...(r.status ? { status: r.status } : {}),
    by,
    at: iso(r.at),
    counts: {
      total: Number(counts.total),
      pending: Number(counts.pending),
      approved: Number(counts.approved),
      rejected: Number(counts.rejected),
    },
  };
  if (r.type === 'claimed' && by && r.claim_expires_at) {
    const claim: AdClaim = { by, expiresAt: iso(r.claim_expires_at) };
    event.claim = claim;
  } else if (r.type !== 'created' && r.type !== 'images_updated') {
    event.claim = null;
  }
  return { seq: Number(r.seq), event, category: r.category };
}

/**
 * Up to `limit` numbered events after `after`, in order, with the names of the admins behind them
 * as they were when each event was written (migration 0017): a deleted admin is still named.
 */
export async function eventsAfter(db: Executor, after: number, limit: number): Promise<SequencedEvent[]> {
  const result = await db.execute(sql`
    select e.seq, e.type, e.ad_id, e.status, e.by_id, e.by_name, e.claim_expires_at, e.at, e.counts, a.category
    from ad_live_events e
    left join advertisements a on a.id = e.ad_id
    where e.seq > ${after}
    order by e.seq
    limit ${limit}`);
  return rowsOf<Row>(result).map(toEvent);
}

/**
 * The four counts of a scoped moderator's categories, as their list counts them (ad_summary's rows
 * of those categories): their stream's events carry these instead of every category's.
 */
export async function countsOf(db: Executor, categories: readonly string[]): Promise<AdCounts> {
  const literal = `{${categories.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const rows = rowsOf<{ status: string; n: string | number }>(
    await db.execute(sql`
      select status, sum(n) as n from ad_summary where category = any(${literal}::text[]) group by status`),
  );
  const counts: AdCounts = { ...noCounts };
  for (const r of rows) {
    const n = Number(r.n);
    counts.total += n;
    if (r.status === 'pending' || r.status === 'approved' || r.status === 'rejected') counts[r.status] += n;
  }
  return counts;
}
