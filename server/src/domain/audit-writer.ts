import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditDetails, AuditEntity } from '@backoffice/contract';
import type { Executor } from '../db/client';
import { auditEvents, users } from '../db/schema';

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
