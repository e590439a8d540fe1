import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Backtest, BacktestFigures, RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { analysedRisk } from '../../domain/analysed-risk';
import { ruleBacktests } from '../../db/schema';
import { adFieldFacts, type AdFacts, type RuleVersion } from '../../rules/evaluate';
import {
  advertiserFactColumns,
  advertiserJoins,
  advertiserOf,
  type AdvertiserFact,
  type AdvertiserFactRow,
} from './advertiser-facts';

/**
 * The backtests' SQL (docs/decisions/0030-moderation-rules.md): their rows in rule_backtests, and
 * the decided ads a backtest reads, newest decision first, a batch at a time.
 */

export type BacktestState = Backtest['state'];
export type BacktestRow = typeof ruleBacktests.$inferSelect;

/**
 * A running backtest writes its heartbeat with every batch (a batch and its rest take well under a
 * second, a whole backtest about a minute). One whose heartbeat (or start, before its first batch)
 * is older than this was cut off by a crash or a lost connection: it counts as failed, so the rule
 * can be tested again. Two minutes: long enough that a batch slowed by a busy database (many
 * seconds) is not taken for dead, short enough that whoever waits for the rule can simply retry.
 */
export const STALE_AFTER_MS = 2 * 60_000;

/**
 * Marks the rule's (or every rule's) running backtests not heard of since `before` as failed, but
 * for `alive` (this process's own runs, which are known to be running).
 */
export async function failStale(
  db: Executor,
  before: Date,
  at: Date,
  ruleId?: string,
  alive: readonly string[] = [],
): Promise<void> {
  await db.execute(sql`update rule_backtests set state = 'failed', finished_at = ${at.toISOString()}::timestamptz
    where state = 'running' and coalesce(heartbeat_at, started_at) < ${before.toISOString()}::timestamptz
    ${ruleId ? sql`and rule_id = ${ruleId}::uuid` : sql``}
    ${alive.length ? sql`and id <> all(${`{${alive.join(',')}}`}::uuid[])` : sql``}`);
}

/**
 * The rule's current version, locked until the transaction ends (so two starts of its backtest
 * follow one another), or null when there is no such rule.
 */
export async function lockRule(db: Executor, id: string): Promise<RuleVersion | null> {
  const [row] = rowsOf<{
    id: string;
    name: string;
    version: number;
    mode: RuleMode;
    sort_order: number;
    conditions: RuleCondition[];
    action: RuleAction;
  }>(
    await db.execute(sql`select id, name, version, mode, sort_order, conditions, action
      from moderation_rules where id = ${id}::uuid for update`),
  );
  if (!row) return null;
  const { sort_order: order, ...rest } = row;
  return { ...rest, order, version: Number(row.version) };
}

export async function ruleExists(db: Executor, id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from moderation_rules where id = ${id}::uuid`)).length > 0;
}

export async function runningBacktestOf(db: Executor, ruleId: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from rule_backtests where rule_id = ${ruleId}::uuid and state = 'running' limit 1`),
  );
  return row?.id ?? null;
}

export async function insertBacktest(
  db: Executor,
  b: { ruleId: string; version: number; limit: number; startedBy: string | null; at: Date },
): Promise<BacktestRow> {
  const [row] = await db
    .insert(ruleBacktests)
    .values({ ruleId: b.ruleId, version: b.version, limit: b.limit, startedBy: b.startedBy, startedAt: b.at })
    .returning();
  return row!;
}

export async function findBacktest(db: Executor, ruleId: string, id: string): Promise<BacktestRow | undefined> {
  const [row] = await db
    .select()
    .from(ruleBacktests)
    .where(and(eq(ruleBacktests.id, id), eq(ruleBacktests.ruleId, ruleId)));
  return row;
}

/**
 * Writes a running backtest's figures and heartbeat (`at`), and its end when `end` is given.
 * Nothing is written when the backtest is no longer running (cancelled, failed or its rule
 * deleted): false tells the runner to stop.
 */
export async function saveProgress(
  db: Executor,
  id: string,
  f: BacktestFigures,
  at: Date,
  end?: { state: Exclude<BacktestState, 'running'>; at: Date },
): Promise<boolean> {
  const result = await db.execute(sql`update rule_backtests set scanned = ${f.scanned}, matched = ${f.matched},
      decided = ${f.decided}, precision = ${f.precision}, recall = ${f.recall},
      disagreements = ${JSON.stringify(f.disagreements)}::jsonb, heartbeat_at = ${at.toISOString()}::timestamptz
      ${end ? sql`, state = ${end.state}, finished_at = ${end.at.toISOString()}::timestamptz` : sql``}
    where id = ${id}::uuid and state = 'running' returning id`);
  return rowsOf(result).length > 0;
}

/** Cancel: only a running backtest changes; the row as it is afterwards, if there is one. */
export async function cancelBacktest(
  db: Executor,
  ruleId: string,
  id: string,
  at: Date,
): Promise<BacktestRow | undefined> {
  await db
    .update(ruleBacktests)
    .set({ state: 'cancelled', finishedAt: at })
    .where(and(eq(ruleBacktests.id, id), eq(ruleBacktests.ruleId, ruleId), eq(ruleBacktests.state, 'running')));
  return findBacktest(db, ruleId, id);
}

/** Where the last batch ended: its last ad's decision time (as text, to the microsecond) and id. */
export type DecidedKey = { at: string; id: string };

export type DecidedAd = {
  id: string;
  heading: string;
  status: 'approved' | 'rejected';
  userId: string | null;
  key: DecidedKey;
  facts: Omit<AdFacts, 'advertiser'>;
};

/**
 * The statement of the next `size` decided ads after `after`, newest decision first. Each status
 * is a backward range of ads_status_moderated_at_idx (status, moderated_at), read up to `size`
 * rows; the two are merged and cut to `size`, so no statement sorts more than twice a batch,
 * however many ads were decided (`status in (…)` over the one index would sort every decided ad
 * older than the key). Ads without a decision time are in no order and are left out.
 */
export function decidedBatch(after: DecidedKey | undefined, size: number): SQL {
  const branch = (status: 'approved' | 'rejected') => sql`(select id, user_id, heading, details, category, district,
      ad_type, price, status, signal_kinds, risk, moderated_at
    from advertisements where status = ${status} and moderated_at is not null
      ${after ? sql`and (moderated_at, id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by moderated_at desc, id desc limit ${size})`;
  return sql`select id, user_id, heading, details, category, district, ad_type, price,
      status, signal_kinds, ${analysedRisk(sql`decided.id`, sql`decided.risk`)} as risk, moderated_at::text as k0
    from (${branch('approved')} union all ${branch('rejected')}) decided
    order by moderated_at desc, id desc limit ${size}`;
}

export async function readDecided(db: Executor, after: DecidedKey | undefined, size: number): Promise<DecidedAd[]> {
  const result = await db.execute(decidedBatch(after, size));
  type Row = {
    id: string;
    user_id: string | null;
    heading: string;
    details: string;
    category: string;
    district: string;
    ad_type: string;
    price: number | null;
    status: 'approved' | 'rejected';
    signal_kinds: string[];
    risk: number | null;
    k0: string;
  };
  return rowsOf<Row>(result).map((r) => ({
    id: r.id,
    heading: r.heading,
    status: r.status,
    userId: r.user_id,
    key: { at: r.k0, id: r.id },
    facts: {
      ...adFieldFacts(r),
    },
  }));
}

/**
 * The facts of these advertisers as a rule reads them today (the backtest cannot know them as they
 * were), by the live run's SQL (advertiser-facts.ts); an id without an account reads as a new,
 * unverified advertiser with nothing approved.
 */
export async function advertiserFacts(
  db: Executor,
  userIds: readonly string[],
  now: Date,
  read?: ReadonlySet<AdvertiserFact>,
): Promise<Map<string, AdFacts['advertiser']>> {
  if (!userIds.length) return new Map();
  const result = await db.execute(sql`select w.user_id as id, ${advertiserFactColumns(now, read)}
    from unnest(${`{${userIds.join(',')}}`}::uuid[]) as w(user_id) ${advertiserJoins(sql`w.user_id`)}`);
  return new Map(rowsOf<AdvertiserFactRow & { id: string }>(result).map((r) => [r.id, advertiserOf(r)]));
}
