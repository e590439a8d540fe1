import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { advertisements } from '../../db/schema';
import { where } from './ads-filters';

/**
 * Below this many ads carrying a filter's kinds, a page is found from those ads (their GIN index),
 * then sorted; above it, the planner chooses. Its estimate for a kind no ad has yet (no element
 * statistics: the signals not analysed, or analysed but not yet counted) is half a percent, and
 * it walked the sort's index past every ad hoping to meet a page of them (8.6 s at 1,000,000).
 * Found from the ads, a page costs at most this many rows; walked, one of this many ads in
 * 1,000,000 is a page of 50 within 50,000 rows, where the planner's own estimate takes over.
 */
export const SPARSE_SIGNALS = 1000;

/**
 * How long a count's answer is remembered: counted on every request, a common kind cost 1,000 heap
 * rows each (signal=duplicate_text 4.73× at 1,000,000, bench/RESULTS.md). A kind's share changes
 * slowly; an answer out of date for this long costs at most the other statement for that long.
 */
export const SPARSE_REMEMBERED_MS = 60_000;

const remembered = new WeakMap<Db, Map<string, { few: boolean; until: number }>>();

/** Whether fewer than SPARSE_SIGNALS ads carry any of `kinds` (an array literal): at most that many rows read. */
export async function fewCarry(db: Db, kinds: string, now = Date.now()): Promise<boolean> {
  let answers = remembered.get(db);
  if (!answers) remembered.set(db, (answers = new Map()));
  const known = answers.get(kinds);
  if (known && known.until > now) return known.few;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${advertisements}
      where ${where(['signals'], () => kinds)} limit ${SPARSE_SIGNALS}) carrying`),
  );
  const few = (row?.n ?? 0) < SPARSE_SIGNALS;
  answers.set(kinds, { few, until: now + SPARSE_REMEMBERED_MS });
  return few;
}

/**
 * The ads carrying the kinds, planned on their own (offset 0 keeps the planner from folding them
 * into the sort's walk), under the table's name so that every other condition and the cursor read
 * them: the page statement's source when few ads carry them.
 */
export const carryingSource = () =>
  sql`(select * from ${advertisements} where ${where(['signals'], (name) => sql.placeholder(name))} offset 0) as ${advertisements}`;

/**
 * Whether one kind's own index (ads_kind_*_idx, migration 0039) serves the page: a single kind
 * (`{kind}`) by posting date. Its page then reads just its rows, few ads carrying the kind or many,
 * and needs no count.
 */
export const kindsOwnIndex = (sort: string, kinds: string) => sort === 'postingDate' && !kinds.includes(',');
