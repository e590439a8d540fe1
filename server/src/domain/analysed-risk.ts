import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Whether the ad `id` (its column as the calling statement names it) has been analysed: its ad_analysis row. */
export const analysed = (id: SQL | AnyColumn): SQL => sql`exists (select 1 from ad_analysis an where an.ad_id = ${id})`;

/**
 * An ad's risk as the product tells it (docs/decisions/0029-trust-signals.md, "A clean ad's row"):
 * null until the ad has been analysed (its ad_analysis row), then the row's risk, 0 when the
 * analysis found nothing. The row alone cannot say: a clean ad's row is never written by its
 * analysis, so it keeps the default 0 (ads inserted since migration 0038) or null (ads from before).
 * A risk above 0 is written only by an analysis (seeds give such ads their analysis row), so it is
 * told without the probe: a page sorted by risk probes nothing. An ad sent back to the queue (a
 * number blocked) tells its last risk until the new analysis writes its own, as it sorts by it.
 * `id` and `risk` are the ad's columns as the calling statement names them.
 */
export const analysedRisk = (id: SQL | AnyColumn, risk: SQL | AnyColumn): SQL<number | null> =>
  sql<
    number | null
  >`(case when ${risk} > 0 then ${risk}::int when ${analysed(id)} then coalesce(${risk}, 0)::int end)`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  );
