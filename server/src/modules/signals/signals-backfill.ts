import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { analysePrepared, prepareBatch, type AnalysisDeps } from './signals-analysis';
import { analysed } from '../../domain/analysed-risk';

export type BackfillProgress = { done: number; total: number; analysed: number };
export type BackfillOptions = {
  textOnly?: boolean;
  /** Ads read and written per transaction. */
  batchSize?: number;
  /** Stops after the batch in progress (Ctrl-C); a rerun carries on. */
  signal?: AbortSignal;
  onProgress?: (p: BackfillProgress) => void;
};

/** An ad not analysed yet: it has no ad_analysis row (its risk may be 0 all the same). */
const unanalysed = sql`not ${analysed(sql`a.id`)}`;

/** Ads per batch unless asked otherwise: the per-batch statements amortised, the write's locks still short. */
export const BACKFILL_BATCH = 500;

/**
 * `npm run signals:backfill` (docs/decisions/0029-trust-signals.md): analyses every ad not analysed
 * yet, oldest first, a batch per transaction, walking the posting-date index from the last batch's
 * key and skipping the analysed ads (one ad_analysis probe each). Resumable by nature: an analysed
 * ad has its ad_analysis row and leaves the walk, so a rerun starts where the last stopped. Safe beside a running
 * server: each batch locks only its own ads, and an ad the server's job analysed meanwhile is
 * skipped. The next batch is read and prepared (its own signals, the CPU's share) while the last
 * one's lookups and write run in the database; its lookups wait for that write, so that it sees
 * the last batch's ads.
 */
export async function backfill(deps: AnalysisDeps, opts: BackfillOptions = {}): Promise<BackfillProgress> {
  const size = opts.batchSize ?? BACKFILL_BATCH;
  const [{ n: total } = { n: 0 }] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from advertisements a where ${unanalysed}`),
  );
  const progress: BackfillProgress = { done: 0, total, analysed: 0 };
  opts.onProgress?.(progress);
  const options = { textOnly: opts.textOnly, signal: opts.signal };
  let after: { date: string; id: string } | undefined;
  // The next batch's ids, read and prepared (undefined: aborted meanwhile).
  const next = async () => {
    const rows = rowsOf<{ id: string; posted: string }>(
      await deps.db.execute(sql`
        select id, posting_date::text as posted from advertisements a
        where ${unanalysed} ${after ? sql`and (posting_date, id) > (${after.date}::timestamptz, ${after.id}::uuid)` : sql``}
        order by a.posting_date, a.id limit ${size}`),
    );
    const last = rows.at(-1);
    if (last) after = { date: last.posted, id: last.id };
    const ids = rows.map((r) => r.id);
    const prepared = ids.length ? await prepareBatch(deps, ids, options) : [];
    return prepared && { ids, prepared };
  };
  let batch = opts.signal?.aborted ? undefined : await next();
  while (batch?.ids.length && !opts.signal?.aborted) {
    const following = batch.ids.length < size ? undefined : next();
    following?.catch(() => undefined); // awaited below; not unhandled meanwhile if this batch fails
    const written = await analysePrepared(deps, batch.prepared, { ...options, queued: batch.ids });
    progress.done += batch.ids.length;
    progress.analysed += written.length;
    progress.total = Math.max(progress.total, progress.done);
    opts.onProgress?.(progress);
    batch = await following;
  }
  return progress;
}
