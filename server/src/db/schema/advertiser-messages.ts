import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox of messages to advertisers about their ads' moderation: a row is written
 * in the same transaction as the approve, reject or delete it reports, so a committed decision always
 * has its message and a rolled-back one never does (docs/decisions/0022-advertiser-messages.md). The
 * row holds everything delivery needs (heading, reason, address at decision time): the ad and even the
 * user may be gone by then. No foreign keys for the same reason.
 */
export const advertiserMessages = pgTable(
  'advertiser_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only for a reply to a bug report. */
    adId: uuid('ad_id'),
    /** The report this message replies to (issue 35), or null for a decision's message. */
    reportId: uuid('report_id'),
    userId: uuid('user_id'),
    kind: text('kind', { enum: ['approved', 'rejected', 'deleted', 'report_reply'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Email address or E.164 mobile; null when the advertiser has none (fails at the first attempt). */
    recipient: text('recipient'),
    language: text('language').notNull().default('en'),
    adHeading: text('ad_heading').notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** When the current attempt claimed the row ('sending'); a claim older than the lease is retaken. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // What to deliver next: due queued rows and stale claims, without walking the sent ones.
    index('advertiser_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('advertiser_messages_status_idx').on(t.status, t.createdAt, t.id),
    index('advertiser_messages_ad_idx').on(t.adId, t.createdAt, t.id),
    // A report's replies, shown on the inbox's rows.
    index('advertiser_messages_report_idx')
      .on(t.reportId, t.id)
      .where(sql`${t.reportId} is not null`),
    // The user page's messages (GET /api/advertiser-messages?userId=).
    index('advertiser_messages_user_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.userId} is not null`),
  ],
);

export type AdvertiserMessageRow = typeof advertiserMessages.$inferSelect;
export type NewAdvertiserMessageRow = typeof advertiserMessages.$inferInsert;
