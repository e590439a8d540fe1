import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditAction, AuditDetails, AuditEntity } from '@backoffice/contract';

/**
 * The audit trail (docs/decisions/0016-audit-trail.md): one row per state change an admin makes,
 * and one per ad submitted from the public site (a trigger on advertisements). Rows are only ever
 * inserted, in the transaction of the change they record; a trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0017). `actor_id`, `actor_name` and `entity_label` are kept as written, so a
 * deleted admin or a deleted ad still reads, and a deleted admin's entries are still found by id.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: uuid('entity_id'),
    entityLabel: text('entity_label').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /** No foreign key: an entry keeps the admin's id after the admin is deleted (migration 0017). */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    rejectionReason: text('rejection_reason'),
    details: jsonb('details').$type<AuditDetails>(),
    /** Ad entries: the advertiser, so a user's page finds the decisions about their ads. */
    advertiserId: uuid('advertiser_id'),
    /** Ad decisions: when the ad was submitted, for the time-to-decision figure. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    // Newest first, and the date range.
    index('audit_events_at_idx').on(t.at, t.id),
    // An ad's history, and `exists`-free lookups by the thing an entry is about.
    index('audit_events_entity_id_idx').on(t.entityId, t.at, t.id),
    index('audit_events_entity_action_idx').on(t.entity, t.action, t.at, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_events_advertiser_idx')
      .on(t.advertiserId, t.at, t.id)
      .where(sql`${t.advertiserId} is not null`),
    // Approvals, rejections, deletions and image changes of ads: Recent Activities, the
    // notification feed and the moderation figures read only these.
    index('audit_events_decisions_idx')
      .on(t.at, t.id)
      .where(sql`${t.entity} = 'ad' and ${t.action} in ('approved', 'rejected', 'deleted', 'images_updated')`),
    // A rule's figures (fired since, how often; docs/decisions/0030-moderation-rules.md).
    index('audit_events_rule_idx')
      .on(sql`(${t.details}->'rule'->>'_id')`, t.at)
      .where(sql`${t.details} ? 'rule'`),
    index('audit_events_label_trgm_idx').using('gin', sql`${t.entityLabel} gin_trgm_ops`),
  ],
);

/**
 * Entries per (entity, action), kept exact by a statement-level trigger on audit_events, so the
 * activity log's total without a search, actor or date needs no count of every entry. Each
 * (entity, action) is split over up to 16 rows (`shard`: the writing connection's backend pid mod
 * 16, migration 0030), so concurrent writers of one action do not queue on one row until commit;
 * readers sum them.
 */
export const auditCounts = pgTable(
  'audit_counts',
  {
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.action, t.shard] })],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;
