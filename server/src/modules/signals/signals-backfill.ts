import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { analyseAds, type AnalysisDeps } from './signals-analysis';

export type BackfillProgress = { done: number; total: number; analysed: number };
export type BackfillOptions = {
  textOnly?: boolean;
  /** Ads read and written per transaction. */
  batchSize?: number;
  /** Stops after the batch in progress (Ctrl-C); a rerun carries on. */
  signal?: AbortSignal;
  onProgress?: (p: BackfillProgress) => void;
};

/**
 * `npm run signals:backfill` (docs/decisions/0029-trust-signals.md): analyses every ad not analysed
 * yet, oldest first, a batch per transaction, walking the unanalysed ads' index (ads_unanalysed_idx)
 * from the last batch's key so each batch costs the same. Resumable by nature: an analysed ad has
 * its risk and leaves the walk, so a rerun starts where the last stopped. Safe beside a running
 * server: each batch locks only its own ads, and an ad the server's job analysed meanwhile is
 * skipped.
 */
export async function backfill(deps: AnalysisDeps, opts: BackfillOptions = {}): Promise<BackfillProgress> {
  const size = opts.batchSize ?? 200;
  const [{ n: total } = { n: 0 }] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`select count(*)::int as n from advertisements where risk is null`),
  );
  const progress: BackfillProgress = { done: 0, total, analysed: 0 };
  opts.onProgress?.(progress);
  let after: { date: string; id: string } | undefined;
  while (!opts.signal?.aborted) {
    const rows = rowsOf<{ id: string; posting_date: string }>(
      await deps.db.execute(sql`
        select id, posting_date::text as posting_date from advertisements
        where risk is null ${after ? sql`and (posting_date, id) > (${after.date}::timestamptz, ${after.id}::uuid)` : sql``}
        order by posting_date, id limit ${size}`),
    );
    if (!rows.length) break;
    const ids = rows.map((r) => r.id);
    const written = await analyseAds(deps, ids, { textOnly: opts.textOnly, queued: ids });
    progress.done += rows.length;
    progress.analysed += written.length;
    progress.total = Math.max(progress.total, progress.done);
    opts.onProgress?.(progress);
    const last = rows[rows.length - 1]!;
    after = { date: last.posting_date, id: last.id };
    if (rows.length < size) break;
  }
  return progress;
}
