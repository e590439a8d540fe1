import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { advertisements } from './ads';
import { users } from './users';

/**
 * Reports from the public site (issue 35): about an ad (kind 'ad') or the site itself ('bug'). The
 * same reporter reporting the same ad on the same day is one report whose count grows.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['ad', 'bug'] }).notNull(),
    adId: uuid('ad_id').references(() => advertisements.id, { onDelete: 'set null' }),
    /** The ad's heading when reported, kept after the ad is deleted. */
    adHeading: text('ad_heading'),
    reason: text('reason', {
      enum: ['scam', 'duplicate', 'wrong_category', 'prohibited', 'offensive', 'other'],
    }).notNull(),
    text: text('text').notNull(),
    page: text('page'),
    reporterEmail: text('reporter_email'),
    reporterPhone: text('reporter_phone'),
    reporterAddress: text('reporter_address'),
    /** Who reported, for de-duplication and the reporter's record: the email, else the phone, else the address. */
    reporterKey: text('reporter_key').notNull(),
    /** The reporter's language for the reply: 'en', 'si' or 'ta'. */
    language: text('language').notNull().default('en'),
    /** The UTC day of the first report: with the reporter and the ad, the de-duplication key. */
    day: date('day').notNull(),
    count: integer('count').notNull().default(1),
    state: text('state', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    reply: text('reply'),
    /** The weight this report adds to its ad's place in the queue, from the reporter's record. */
    weight: real('weight').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
  },
  (t) => [
    check('reports_kind_check', sql`${t.kind} in ('ad', 'bug')`),
    check('reports_state_check', sql`${t.state} in ('open', 'resolved', 'dismissed')`),
    check('reports_ad_check', sql`${t.kind} = 'bug' or ${t.adId} is not null or ${t.adHeading} is not null`),
    uniqueIndex('reports_dedupe_idx')
      .on(t.reporterKey, t.adId, t.day)
      .where(sql`${t.kind} = 'ad'`),
    // The inbox newest first, alone and within a state (keyset on created_at, id).
    index('reports_created_idx').on(t.createdAt, t.id),
    index('reports_state_created_idx').on(t.state, t.createdAt, t.id),
    // Every filter of the inbox by kind, reason or state reads ranges of this one (findReportsPage).
    index('reports_kind_reason_state_created_idx').on(t.kind, t.reason, t.state, t.createdAt, t.id),
    index('reports_open_ad_idx')
      .on(t.adId)
      .where(sql`${t.state} = 'open'`),
    index('reports_reporter_idx').on(t.reporterKey, t.state),
    index('reports_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
);

/**
 * The inbox's totals kept per kind, reason and state (issue 35: counting up to 10,000 rows on every
 * first page cost 40–290 ms at 1,000,000 reports), by a trigger on reports in the same transaction,
 * in up to 16 rows each (the writing connection's backend pid mod 16, as audit_counts: 200 reports a
 * second would otherwise queue on one row). Readers sum the rows.
 */
export const reportCounts = pgTable(
  'report_counts',
  {
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.reason, t.state, t.shard] })],
);

/**
 * Strikes are the advertiser's rejections within the expiry (computed from the decisions, issue
 * 35.4); a strike an admin removed is a row here, with the note.
 */
export const strikeRemovals = pgTable(
  'strike_removals',
  {
    /** The rejected ad the strike came from. */
    adId: uuid('ad_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    note: text('note').notNull(),
    removedBy: uuid('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('strike_removals_user_idx').on(t.userId)],
);

/**
 * An ad's open reports from the public (docs/decisions/0034-reports.md, "The counters beside the
 * ad"): how many, and their weight by each reporter's record. A pending ad's weight moves it up the
 * queue (`queue_priority`, its rule priority plus the weight, null unless it is pending with open
 * reports); an approved ad at the threshold is in the Reported view. Beside the ad rather than on
 * its row: a report writes this narrow row, not the ad's 25 index entries and five triggers
 * (issue 35's figures). The ad's status, rule priority and posting date are followed by a trigger
 * (migration 0034).
 */
export const adReports = pgTable(
  'ad_reports',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    openReports: integer('open_reports').notNull().default(0),
    reportWeight: real('report_weight').notNull().default(0),
    queuePriority: real('queue_priority'),
    /** The ad's, for the queue's order (oldest first among equal priorities). */
    postingDate: timestamp('posting_date', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The pending queue's reported ads in its order (prioritisedPending).
    index('ad_reports_queue_idx')
      .on(sql`${t.queuePriority} desc`, t.postingDate, t.adId)
      .where(sql`${t.queuePriority} is not null`),
    // The Reported view: the ads with open reports.
    index('ad_reports_open_idx')
      .on(t.openReports, t.adId)
      .where(sql`${t.openReports} > 0`),
  ],
);
