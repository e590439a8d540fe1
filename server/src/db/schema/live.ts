import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { advertisements } from './ads';
import { users } from './users';

/**
 * What happened to ads, written by triggers in the same transaction as the change
 * (docs/decisions/0017-live-queue-and-claims.md). `id` is the order of insertion; `seq` is given
 * once the row is committed, in commit order, by ad_live_sequence(): the stream's resumable id.
 * `counts` are the count cards as the sequencer saw them. Old rows are pruned.
 */
export const adLiveEvents = pgTable(
  'ad_live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
    type: text('type').notNull(),
    adId: uuid('ad_id').notNull(),
    status: text('status'),
    byId: uuid('by_id'),
    /** The admin's name when the event was written (a trigger, migration 0017): it outlives the admin. */
    byName: text('by_name'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    counts: jsonb('counts'),
  },
  (t) => [
    uniqueIndex('ad_live_events_seq_idx').on(t.seq),
    index('ad_live_events_unsequenced_idx')
      .on(t.id)
      .where(sql`${t.seq} is null`),
  ],
);

/** The last `seq` given; its row lock makes sequencers take turns. */
export const adLiveCounter = pgTable('ad_live_counter', {
  one: boolean('one').primaryKey().default(true),
  last: bigint('last', { mode: 'number' }).notNull(),
});

/** Who is reviewing a pending ad, until when; ended on decision, on sign-out and by expiry. */
export const adClaims = pgTable(
  'ad_claims',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ad_claims_admin_idx').on(t.adminId)],
);

/** Ready-made rejection reasons the Reject modal offers. */
export const rejectionReasons = pgTable(
  'rejection_reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rejection_reasons_created_idx').on(t.createdAt, t.id)],
);

export type AdClaimRow = typeof adClaims.$inferSelect;
export type RejectionReasonRow = typeof rejectionReasons.$inferSelect;
