import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SIGNAL_KINDS } from '@backoffice/contract';
import { users } from './users';

/** Advertisement in docs/product.md#entities, plus the advertiser's id and who moderated it when. */
export const advertisements = pgTable(
  'advertisements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    heading: text('heading').notNull(),
    details: text('details').notNull().default(''),
    username: text('username').notNull(),
    phone1: text('phone1'),
    category: text('category').notNull(),
    district: text('district').notNull(),
    /** Asking price in whole rupees (LKR); null when the ad states none. */
    price: integer('price'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    postingDate: timestamp('posting_date', { withTimezone: true }).notNull().defaultNow(),
    adType: text('ad_type', { enum: ['digital', 'regular'] })
      .notNull()
      .default('digital'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The ad's id in the system it was imported from (`npm run ads:import`); null for ads posted here. */
    externalId: text('external_id'),
    /**
     * Trust signals (docs/decisions/0029-trust-signals.md): the risk 0–100 and the signals' kinds, on
     * the row so that the list carries, filters and sorts by them without a join (the evidence is in
     * ad_signals). 0 and none until an analysis finds one: a clean ad's row is never written again
     * (each write is a new version in every index). Whether the ad was analysed is its ad_analysis
     * row; null is left by databases from before migration 0038 on ads not analysed then.
     */
    risk: smallint('risk').default(0),
    signalKinds: text('signal_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * What live moderation rules did to the ad (docs/decisions/0030-moderation-rules.md): their
     * flags' labels (chips), the queue a `route` sent it to (a view of the directory), and a
     * `prioritise` (above 0: ahead of the pending queue). Each is also an audit entry.
     */
    ruleLabels: text('rule_labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ruleQueue: text('rule_queue'),
    rulePriority: smallint('rule_priority').notNull().default(0),
  },
  (t) => [
    check('ads_price_not_negative', sql`${t.price} >= 0`),
    // Default sort and every filter with it; `id` breaks ties so paging is stable.
    index('ads_posting_date_idx').on(t.postingDate, t.id),
    index('ads_status_posting_date_idx').on(t.status, t.postingDate, t.id),
    index('ads_category_posting_date_idx').on(t.category, t.postingDate, t.id),
    index('ads_district_posting_date_idx').on(t.district, t.postingDate, t.id),
    // Category and district together (with or without a status) without walking thousands of rows.
    index('ads_category_district_posting_date_idx').on(t.category, t.district, t.postingDate, t.id),
    // Dashboard: approved today, rejected in the last 30 days.
    index('ads_status_moderated_at_idx').on(t.status, t.moderatedAt),
    // A rule's queue as a view of the directory, oldest first; prioritised pending ads first.
    index('ads_rule_queue_idx')
      .on(t.ruleQueue, t.postingDate, t.id)
      .where(sql`${t.ruleQueue} is not null`),
    // The pending ads a rule prioritised, in the queue's order (prioritisedPending; the reported ones
    // are read from ad_reports_queue_idx): the first page reads only its rows however many there are.
    index('ads_pending_rule_priority_idx')
      .on(sql`${t.rulePriority} desc`, t.postingDate, t.id)
      .where(sql`${t.status} = 'pending' and ${t.rulePriority} > 0`),
    // The heading sort is case-insensitive: lower(heading), then id (ads-repository's sortColumns).
    index('ads_heading_lower_idx').on(sql`lower(${t.heading})`, t.id),
    // The Ad ID column sorts by the five characters it shows (adIdTail in the ads repository).
    index('ads_id_tail_idx').on(sql`right(${t.id}::text, 5)`, t.id),
    index('ads_username_idx').on(t.username, t.id),
    index('ads_type_idx').on(t.adType, t.postingDate, t.id),
    // The advertiser card: counts per status from the index alone, and the newest ads (read backwards).
    index('ads_user_id_idx').on(t.userId, t.status),
    index('ads_user_posting_date_idx').on(t.userId, t.postingDate, t.id),
    index('ads_images_idx').using('gin', t.images),
    index('ads_heading_trgm_idx').using('gin', sql`${t.heading} gin_trgm_ops`),
    index('ads_details_trgm_idx').using('gin', sql`${t.details} gin_trgm_ops`),
    index('ads_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    // A second import of the same file adds nothing: one ad per external id (nulls are many).
    uniqueIndex('ads_external_id_idx').on(t.externalId),
    // The risk sort (not analysed last when descending), alone and within a status; the signal filter.
    index('ads_risk_idx').on(sql`coalesce(${t.risk}, -1)`, t.id),
    index('ads_status_risk_idx').on(t.status, sql`coalesce(${t.risk}, -1)`, t.id),
    index('ads_signal_kinds_idx').using('gin', t.signalKinds),
    // A kind's ads by posting date, the list filtered by one kind: its first page reads its own
    // rows, however few or many carry the kind (docs/decisions/0029-trust-signals.md, "One kind's
    // page"). The predicate is the filter's condition with the kind as a constant, so the planner
    // matches it in a statement planned for its values (plannedEachTime).
    ...SIGNAL_KINDS.map((kind) =>
      index(`ads_kind_${kind}_idx`)
        .on(t.postingDate, t.id)
        .where(sql`${t.signalKinds} && ${sql.raw(`'{${kind}}'::text[]`)}`),
    ),
  ],
);

/**
 * docs/decisions/0014-ad-moderation-rules.md: exact counts per (status, category, district), kept by a trigger in the same transaction
 * as every change to `advertisements`. Cards, facets and status/category/district totals read
 * these few hundred rows instead of counting a million ads.
 */
export const adSummary = pgTable(
  'ad_summary',
  {
    status: text('status').notNull(),
    category: text('category').notNull(),
    district: text('district').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.category, t.district] })],
);

/**
 * How many times ad_summary has been written, kept in 16 slots (a writing transaction bumps the slot
 * of its transaction id, so concurrent writers seldom wait on one row). The sum moves with every
 * committed change and never goes back: a list reads it in the same statement as its page and
 * answers counts and facets from memory while it is the sum they were read at (AdSummaryCache).
 */
export const adSummaryVersion = pgTable('ad_summary_version', {
  slot: smallint('slot').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull(),
});

/**
 * Exact counts of ads per UTC posting day and (status, category, ad type), kept by a trigger like
 * ad_summary. The dashboard counts whole days of a period from these rows and only the partial
 * days at its edges from the ads' indexes, so its cost no longer grows with the ads in the period
 * (docs/decisions/0007-dashboard.md).
 */
export const adDaily = pgTable(
  'ad_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    category: text('category').notNull(),
    adType: text('ad_type').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.category, t.adType] })],
);

export type AdRow = typeof advertisements.$inferSelect;
export type NewAdRow = typeof advertisements.$inferInsert;
