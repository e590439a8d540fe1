import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditDetails, AuditEntity } from '@backoffice/contract';
import { rowsOf, type Executor } from './client';
import { containsPattern } from './query-values';
import { auditCounts, auditEvents, users } from './schema';

/**
 * The one place entries of the audit trail are written (docs/decisions/0016-audit-trail.md).
 * Services call it with the transaction of the change it records, so a rolled-back change leaves
 * no entry and a committed one always has its entry. Nothing here updates or deletes entries.
 */
export type AuditEntry = {
  entity: AuditEntity;
  entityId: string | null;
  /** What the entry is about as it is named now (an ad's heading, a user's username …). */
  entityLabel: string;
  action: AuditAction;
  /** The signed-in admin; their display name is copied in the same statement. Null: nobody known. */
  actorId: string | null;
  /** Who acted when it is no admin: a moderation rule ("Rule: NAME"). Used only when `actorId` is null. */
  actorName?: string;
  at: Date;
  rejectionReason?: string | null;
  /** Never a password, hash or token: field names, from/to values, counts, the email of a failed sign-in. */
  details?: AuditDetails | null;
  advertiserId?: string | null;
  submittedAt?: Date | null;
};

/** An admin's name as screens show it: the display name, else the username. */
const displayName = sql`coalesce(nullif(${users.name}, ''), ${users.username})`;

/**
 * `alongside`: another data-modifying statement of the same transaction run by this one, as a CTE
 * (a decision's messages to its advertiser): one round trip for both.
 */
export async function recordAudit(db: Executor, entry: AuditEntry, alongside?: SQL): Promise<void> {
  const actorName = entry.actorId
    ? sql`(select ${displayName} from ${users} where ${users.id} = ${entry.actorId}::uuid)`
    : sql`${entry.actorName ?? null}::text`;
  await db.execute(sql`${withAlongside(alongside)}
    insert into ${auditEvents} (entity, entity_id, entity_label, action, actor_id, actor_name, at,
      rejection_reason, details, advertiser_id, submitted_at)
    values (${entry.entity}, ${entry.entityId}::uuid, ${entry.entityLabel}, ${entry.action}, ${entry.actorId}::uuid,
      ${actorName}, ${entry.at.toISOString()}::timestamptz, ${entry.rejectionReason ?? null},
      ${entry.details ? JSON.stringify(entry.details) : null}::jsonb, ${entry.advertiserId ?? null}::uuid,
      ${entry.submittedAt?.toISOString() ?? null}::timestamptz)`);
}

/**
 * Several entries in one statement (a bulk decision's transaction), each written as recordAudit
 * writes it (the actor's name copied in the same statement), ids in the order given.
 */
export async function recordAuditMany(db: Executor, entries: AuditEntry[], alongside?: SQL): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map(
    (e, i) => sql`(${e.entity}, ${e.entityId}::uuid, ${e.entityLabel}, ${e.action}, ${e.actorId}::uuid,
      ${e.at.toISOString()}::timestamptz, ${e.rejectionReason ?? null},
      ${e.details ? JSON.stringify(e.details) : null}::jsonb, ${e.advertiserId ?? null}::uuid,
      ${e.submittedAt?.toISOString() ?? null}::timestamptz, ${e.actorId ? null : (e.actorName ?? null)}::text, ${i}::int)`,
  );
  await db.execute(sql`${withAlongside(alongside)}
    insert into ${auditEvents} (entity, entity_id, entity_label, action, actor_id, actor_name, at,
      rejection_reason, details, advertiser_id, submitted_at)
    select v.entity, v.entity_id, v.entity_label, v.action, v.actor_id,
      coalesce((select ${displayName} from ${users} where ${users.id} = v.actor_id), v.actor_name), v.at,
      v.rejection_reason, v.details, v.advertiser_id, v.submitted_at
    from (values ${sql.join(rows, sql`, `)}) as v(entity, entity_id, entity_label, action, actor_id, at,
      rejection_reason, details, advertiser_id, submitted_at, actor_name, ord)
    order by v.ord`);
}

/**
 * An insert of entries whose values a query computes (`select` yields the columns in this order:
 * entity, entity_id, entity_label, action, actor_id, actor_name, at, rejection_reason, details,
 * advertiser_id, submitted_at), for a statement that writes its entry from rows it changes itself
 * (a public report's one statement, reports-repository.ts).
 */
export const auditInsertFrom = (select: SQL): SQL => sql`insert into ${auditEvents} (entity, entity_id, entity_label,
    action, actor_id, actor_name, at, rejection_reason, details, advertiser_id, submitted_at) ${select}`;

const withAlongside = (alongside: SQL | undefined): SQL => (alongside ? sql`with alongside as (${alongside})` : sql``);

/**
 * The names of the fields whose values differ between `before` and `after`, among `fields`: what
 * an update entry records (values are left out, so nothing secret can slip in).
 */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): string[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

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
