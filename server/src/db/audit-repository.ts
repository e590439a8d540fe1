/**
 * Reads of the audit trail (docs/decisions/0016-audit-trail.md) that several modules share: the
 * activity log and an ad's history, the activity export, the dashboard's decision figures. Entries
 * are written only by server/src/domain/audit-writer.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditDetails, AuditEntity } from '@backoffice/contract';
import { rowsOf, type Executor } from './client';
import { containsPattern } from './query-values';
import { auditCounts, auditEvents } from './schema';

export type AuditRow = {
  id: string;
  entity: AuditEntity;
  entity_id: string | null;
  entity_label: string;
  action: AuditAction;
  actor_id: string | null;
  actor_name: string | null;
  at: Date | string;
  rejection_reason: string | null;
  details: AuditDetails | null;
  exists?: boolean;
};

const columns = sql`e.id::text as id, e.entity, e.entity_id::text as entity_id, e.entity_label, e.action,
  e.actor_id::text as actor_id, e.actor_name, e.at, e.rejection_reason, e.details`;

/** An ad's entries, oldest first (index on entity_id, at, id); the ad may be gone. */
export async function adHistory(db: Executor, adId: string): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await db.execute(sql`select ${columns} from ${auditEvents} e
      where e.entity_id = ${adId}::uuid and e.entity = 'ad' order by e.at, e.id`),
  );
}

export type ActivityFilter = {
  entity?: AuditEntity;
  action?: AuditAction;
  actor?: string;
  advertiser?: string;
  /** Only ad decisions (`decisionsWhere`). */
  decisions?: boolean;
  /** Instants [from, to): the calendar days already turned into local midnights. */
  from?: Date;
  to?: Date;
  q?: string;
};

function where(f: ActivityFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.entity) c.push(sql`e.entity = ${f.entity}`);
  if (f.action) c.push(sql`e.action = ${f.action}`);
  if (f.actor) c.push(sql`e.actor_id = ${f.actor}::uuid`);
  if (f.advertiser) c.push(sql`e.advertiser_id = ${f.advertiser}::uuid`);
  if (f.decisions) c.push(decisionsWhere);
  if (f.from) c.push(sql`e.at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) c.push(sql`e.at < ${f.to.toISOString()}::timestamptz`);
  if (f.q) c.push(sql`e.entity_label ilike ${containsPattern(f.q)}`);
  return sql.join(c, sql` and `);
}

/** Whether the thing an entry is about still exists: one primary-key probe per row of the page. */
const existsSql = sql`case e.entity
    when 'ad' then exists (select 1 from advertisements x where x.id = e.entity_id)
    when 'user' then exists (select 1 from users x where x.id = e.entity_id)
    when 'session' then exists (select 1 from users x where x.id = e.entity_id)
    when 'package' then exists (select 1 from packages x where x.id = e.entity_id)
    when 'banner' then exists (select 1 from banner_ads x where x.id = e.entity_id)
    when 'duty' then exists (select 1 from duties x where x.id = e.entity_id)
    when 'reason' then exists (select 1 from rejection_reasons x where x.id = e.entity_id)
    when 'rule' then exists (select 1 from moderation_rules x where x.id = e.entity_id)
    else false end`;

/**
 * One page newest first: the inner query walks an (x, at, id) index backwards and stops after the
 * page, and only those rows get their `exists` probes.
 */
export async function activityPage(
  db: Executor,
  f: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await db.execute(sql`select ${columns}, ${existsSql} as exists from (
        select * from ${auditEvents} e where ${where(f)}
        order by e.at desc, e.id desc limit ${page.limit} offset ${page.offset}
      ) e order by e.at desc, e.id desc`),
  );
}

/**
 * The number of entries matching `f`. Filters by entity and action alone are answered from
 * audit_counts (a few rows); the others count only their matches through an index.
 */
export async function countActivity(db: Executor, f: ActivityFilter): Promise<number> {
  const narrow = f.actor || f.advertiser || f.decisions || f.from || f.to || f.q;
  const query = narrow
    ? sql`select count(*)::bigint as n from ${auditEvents} e where ${where(f)}`
    : sql`select coalesce(sum(n), 0)::bigint as n from ${auditCounts}
        where ${f.entity ? sql`entity = ${f.entity}` : sql`true`} and ${f.action ? sql`action = ${f.action}` : sql`true`}`;
  const [row] = rowsOf<{ n: string | number }>(await db.execute(query));
  return Number(row?.n ?? 0);
}

/** Ad decisions, image changes and deletions, as the dashboard and notification feed show them. */
export const decisionsWhere = sql`e.entity = 'ad' and e.action in ('approved', 'rejected', 'deleted', 'images_updated')`;

export type DecisionFigures = {
  byAdmin: { actor_id: string | null; actor_name: string | null; today: number; week: number }[];
  medianSeconds: number | null;
};

/**
 * Approvals and rejections since `weekFrom`, per admin (today's since `todayFrom`), and the median
 * time from submission to decision: one walk of the decisions index over the week.
 */
export async function decisionFigures(db: Executor, todayFrom: Date, weekFrom: Date): Promise<DecisionFigures> {
  const week = sql`${decisionsWhere} and e.action in ('approved', 'rejected') and e.at >= ${weekFrom.toISOString()}::timestamptz`;
  const [byAdmin, median] = await Promise.all([
    db.execute(sql`select e.actor_id::text as actor_id, max(e.actor_name) as actor_name,
        count(*) filter (where e.at >= ${todayFrom.toISOString()}::timestamptz)::int as today, count(*)::int as week
      from ${auditEvents} e where ${week} and e.actor_name is not null
      group by e.actor_id, case when e.actor_id is null then e.actor_name end order by week desc, actor_name`),
    db.execute(sql`select percentile_cont(0.5) within group (order by extract(epoch from e.at - e.submitted_at)) as m
      from ${auditEvents} e where ${week} and e.submitted_at is not null`),
  ]);
  const m = rowsOf<{ m: string | number | null }>(median)[0]?.m;
  return {
    byAdmin: rowsOf<DecisionFigures['byAdmin'][number]>(byAdmin),
    medianSeconds: m === null || m === undefined ? null : Number(m),
  };
}

/**
 * Every entry matching `f`, newest first, `size` at a time (CSV exports): each batch starts after
 * the last (at, id) of the one before, so memory stays flat and batch 1,000 costs what batch 1 does.
 * The time travels as the database's text, keeping its microseconds.
 */
export async function* activityBatches(
  db: Executor,
  f: ActivityFilter,
  size: number,
): AsyncGenerator<(AuditRow & { at_key: string })[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows: (AuditRow & { at_key: string })[] = rowsOf<AuditRow & { at_key: string }>(
      await db.execute(sql`select ${columns}, e.at::text as at_key from ${auditEvents} e
        where ${where(f)} ${after ? sql`and (e.at, e.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
        order by e.at desc, e.id desc limit ${size}`),
    );
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = { at: last.at_key, id: last.id };
  }
}
