import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { ReportListQuery } from '@backoffice/contract';

/**
 * The inbox's kept totals (report_counts, migration 0031): how many reports each (kind, reason,
 * state) holds, read once per filtered page for the page's ranges and its total.
 */
/** Below this share of all reports, a filter's page is read range by range (findReportsPage). */
const RARE_SHARE = 0.05;

export type KeptCount = { kind: string; reason: string; state: string; n: number };

/** The kept totals (report_counts, migration 0031) of each (kind, reason, state) with reports. */
export async function keptCounts(db: Executor): Promise<KeptCount[]> {
  return rowsOf<{ kind: string; reason: string; state: string; n: string | number }>(
    await db.execute(
      sql`select kind, reason, state, sum(n) as n from report_counts group by 1, 2, 3 having sum(n) > 0`,
    ),
  ).map((c) => ({ ...c, n: Number(c.n) }));
}

export const matchingKept = (q: Pick<ReportListQuery, 'kind' | 'reason' | 'state'>, kept: KeptCount[]) =>
  kept.filter(
    (c) => (!q.kind || c.kind === q.kind) && (!q.reason || c.reason === q.reason) && (!q.state || c.state === q.state),
  );
export const sumOf = (rows: KeptCount[]) => rows.reduce((sum, c) => sum + c.n, 0);

/**
 * The (kind, reason, state) combinations with reports that the filters allow, as conditions, when
 * they hold less than RARE_SHARE of all reports; undefined for a common match.
 */
export function rareRanges(
  q: Pick<ReportListQuery, 'kind' | 'reason' | 'state'>,
  kept: KeptCount[],
): SQL[] | undefined {
  const matching = matchingKept(q, kept);
  if (sumOf(matching) >= RARE_SHARE * sumOf(kept)) return undefined;
  return matching.map((c) => sql`r.kind = ${c.kind} and r.reason = ${c.reason} and r.state = ${c.state}`);
}
