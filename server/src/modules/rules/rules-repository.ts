import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { moderationRules, moderationRuleVersions, rejectionReasons, ruleBacktests, users } from '../../db/schema';

/** Moderation rules' SQL (docs/decisions/0030-moderation-rules.md); the service holds the rules of saving. */

export type RuleRow = typeof moderationRules.$inferSelect;
export type BacktestRow = typeof ruleBacktests.$inferSelect;
/** A rule with the display name of the admin who saved its current version. */
export type RuleRowNamed = RuleRow & { updatedByName: string | null };

export type RuleValues = {
  name: string;
  mode: RuleMode;
  sortOrder: number;
  conditions: RuleCondition[];
  action: RuleAction;
};

const updatedByName = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.username})`;

function selectNamed(db: Executor) {
  return db
    .select({ rule: moderationRules, updatedByName })
    .from(moderationRules)
    .leftJoin(users, eq(users.id, moderationRules.updatedBy));
}

const named = (r: { rule: RuleRow; updatedByName: string | null }): RuleRowNamed => ({
  ...r.rule,
  updatedByName: r.updatedByName,
});

export async function listRules(db: Executor): Promise<RuleRowNamed[]> {
  return (await selectNamed(db)).map(named);
}

export async function findRule(db: Executor, id: string): Promise<RuleRowNamed | undefined> {
  const [row] = await selectNamed(db).where(eq(moderationRules.id, id));
  return row && named(row);
}

/** The rule as it is before an update, locked until the transaction ends. */
export async function lockRule(db: Executor, id: string): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(moderationRules).where(eq(moderationRules.id, id)).for('update');
  return row;
}

export async function countRules(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(moderationRules);
  return Number(row?.n ?? 0);
}

/** The order after the last rule's (0 for the first). */
export async function nextOrder(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${moderationRules.sortOrder}) + 1, 0)::int` })
    .from(moderationRules);
  return Number(row?.n ?? 0);
}

/**
 * Moves the rule to `position` in run order (0 is first; past the end is last) and numbers every
 * rule 0, 1, 2… in that order, so orders stay distinct and without gaps. Every rule's row is locked
 * first (a few hundred at most), so two moves follow one another. Returns the rule's new order.
 */
export async function placeRule(db: Executor, id: string, position: number): Promise<number> {
  await db.execute(sql`select id from moderation_rules order by id for update`);
  const result = await db.execute(sql`
    with others as (
      select id, (row_number() over (order by sort_order, id) - 1)::int as pos from moderation_rules where id <> ${id}::uuid
    ), target as (select least(${position}::int, (select count(*) from others)::int) as pos),
    placed as (
      select o.id, case when o.pos >= t.pos then o.pos + 1 else o.pos end as pos from others o, target t
      union all select ${id}::uuid, t.pos from target t
    )
    update moderation_rules m set sort_order = p.pos from placed p
    where m.id = p.id and (m.sort_order <> p.pos or m.id = ${id}::uuid)
    returning m.id, m.sort_order`);
  const mine = rowsOf<{ id: string; sort_order: number }>(result).find((r) => r.id === id);
  return Number(mine?.sort_order ?? position);
}

/** Whether a queue has this name, in any case; its row is shared-locked so it cannot be deleted before the save commits. */
export async function queueExists(db: Executor, name: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from moderation_queues where lower(name) = lower(${name}) for share`);
  return rowsOf(result).length > 0;
}

/** Whether another rule has this name, ignoring case (the unique index on lower(name) agrees). */
export async function nameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: moderationRules.id })
    .from(moderationRules)
    .where(
      and(
        sql`lower(${moderationRules.name}) = lower(${name})`,
        exceptId ? ne(moderationRules.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRule(db: Executor, values: RuleValues, actorId: string, at: Date): Promise<RuleRow> {
  const [row] = await db
    .insert(moderationRules)
    .values({ ...values, version: 1, createdAt: at, updatedAt: at, updatedBy: actorId })
    .returning();
  return row!;
}

export async function updateRule(
  db: Executor,
  id: string,
  values: RuleValues & { version: number },
  actorId: string,
  at: Date,
): Promise<RuleRow> {
  const [row] = await db
    .update(moderationRules)
    .set({ ...values, updatedAt: at, updatedBy: actorId })
    .where(eq(moderationRules.id, id))
    .returning();
  return row!;
}

/** The rule's current version, written whole; versions are kept after the rule is deleted. */
export async function insertVersion(db: Executor, row: RuleRow, actorId: string, at: Date): Promise<void> {
  await db.insert(moderationRuleVersions).values({
    ruleId: row.id,
    version: row.version,
    name: row.name,
    mode: row.mode,
    conditions: row.conditions,
    action: row.action,
    createdAt: at,
    createdBy: actorId,
  });
}

export async function deleteRule(db: Executor, id: string): Promise<RuleRow | undefined> {
  const [row] = await db.delete(moderationRules).where(eq(moderationRules.id, id)).returning();
  return row;
}

export async function reasonExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: rejectionReasons.id })
    .from(rejectionReasons)
    .where(eq(rejectionReasons.id, id))
    .limit(1);
  return rows.length > 0;
}

/** Each rule's latest backtest, whatever its state (a running one shows its progress). */
export async function latestBacktests(db: Executor, ruleIds: string[]): Promise<Map<string, BacktestRow>> {
  if (!ruleIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([ruleBacktests.ruleId])
    .from(ruleBacktests)
    .where(inArray(ruleBacktests.ruleId, ruleIds))
    .orderBy(ruleBacktests.ruleId, desc(ruleBacktests.startedAt), desc(ruleBacktests.id));
  return new Map(rows.map((r) => [r.ruleId, r]));
}

/**
 * The rule's latest finished backtest with the conditions and action of the version it tested
 * (null when that version is not on record): what the live guard judges.
 */
export async function latestDoneBacktest(
  db: Executor,
  ruleId: string,
): Promise<{ backtest: BacktestRow; tested: { conditions: RuleCondition[]; action: RuleAction } | null } | undefined> {
  const [row] = await db
    .select({
      backtest: ruleBacktests,
      conditions: moderationRuleVersions.conditions,
      action: moderationRuleVersions.action,
    })
    .from(ruleBacktests)
    .leftJoin(
      moderationRuleVersions,
      and(
        eq(moderationRuleVersions.ruleId, ruleBacktests.ruleId),
        eq(moderationRuleVersions.version, ruleBacktests.version),
      ),
    )
    .where(and(eq(ruleBacktests.ruleId, ruleId), eq(ruleBacktests.state, 'done')))
    .orderBy(desc(ruleBacktests.startedAt), desc(ruleBacktests.id))
    .limit(1);
  if (!row) return undefined;
  return {
    backtest: row.backtest,
    tested: row.conditions && row.action ? { conditions: row.conditions, action: row.action } : null,
  };
}

export type FiguresRow = { fired: number; overturned: number; firstFiredAt: Date | null; lastFiredAt: Date | null };

/**
 * Since when each rule fired, how often, and on how many of its ads a human later decided the
 * other way, or a second review disagreed with its decision: counted from the audit trail alone,
 * in one query for all the rules (through audit_events_rule_idx). A rule's direction is read from
 * each entry (`details.rule.action`), so an entry keeps the meaning of the version that wrote it;
 * `approve` passes the ad, every other action singles it out (actionDirection in rules/evaluate.ts).
 */
export async function ruleFigures(db: Executor, ruleIds: string[]): Promise<Map<string, FiguresRow>> {
  if (!ruleIds.length) return new Map();
  const ids = sql.join(
    ruleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{
    rule_id: string;
    fired: number | string;
    overturned: number | string;
    first_at: Date | string | null;
    last_at: Date | string | null;
  }>(
    await db.execute(sql`
      with fired as (
        select e.details->'rule'->>'_id' as rule_id, e.entity_id as ad_id, e.at,
          case when e.details->'rule'->>'action' = 'approve' then 'approved' else 'rejected' end as direction
        from audit_events e
        where e.details ? 'rule' and (e.details->'rule'->>'_id') in (${ids})
          and e.entity = 'ad' and e.action in ('rule_matched', 'approved', 'rejected')
      ), judged as (
        select f.*, (
          exists (
            select 1 from audit_events h
            where h.entity = 'ad' and h.entity_id = f.ad_id and h.action in ('approved', 'rejected')
              and h.actor_id is not null and h.at > f.at and h.action <> f.direction
          ) or exists (
            select 1 from second_reviews s
            where s.ad_id = f.ad_id and s.rule_id::text = f.rule_id and s.answer = 'disagree'
          )
        ) as overturned
        from fired f
      )
      select rule_id, count(*)::int as fired, (count(distinct ad_id) filter (where overturned))::int as overturned,
        min(at) as first_at, max(at) as last_at
      from judged group by rule_id`),
  );
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return new Map(
    rows.map((r) => [
      r.rule_id,
      {
        fired: Number(r.fired),
        overturned: Number(r.overturned),
        firstFiredAt: at(r.first_at),
        lastFiredAt: at(r.last_at),
      },
    ]),
  );
}
