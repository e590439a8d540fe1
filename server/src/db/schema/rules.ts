import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BacktestFigures, RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';
import { users } from './users';

/**
 * Moderation rules (docs/decisions/0030-moderation-rules.md). The current version of each rule;
 * every save writes the next version, kept whole in moderation_rule_versions, so that the audit
 * entries' (rule, version) always name what acted.
 */
export const moderationRules = pgTable(
  'moderation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    mode: text('mode').$type<RuleMode>().notNull().default('draft'),
    /** Rules run lowest first; ties by id (evaluate.ts, inRunOrder). */
    sortOrder: integer('sort_order').notNull(),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    action: jsonb('action').$type<RuleAction>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('moderation_rules_name_idx').on(sql`lower(${t.name})`),
    index('moderation_rules_order_idx').on(t.sortOrder),
  ],
);

/** Every version of every rule, as saved; kept after the rule is deleted (no foreign key). */
export const moderationRuleVersions = pgTable(
  'moderation_rule_versions',
  {
    ruleId: uuid('rule_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    mode: text('mode').$type<RuleMode>().notNull(),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    action: jsonb('action').$type<RuleAction>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.version] })],
);

/** A rule's backtests: running ones report progress here, and Cancel sets `state`. */
export const ruleBacktests = pgTable(
  'rule_backtests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => moderationRules.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    limit: integer('limit').notNull(),
    state: text('state').$type<'running' | 'done' | 'cancelled' | 'failed'>().notNull().default('running'),
    scanned: integer('scanned').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    decided: integer('decided').notNull().default(0),
    precision: real('precision'),
    recall: real('recall'),
    disagreements: jsonb('disagreements')
      .$type<BacktestFigures['disagreements']>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedBy: uuid('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written by the running instance between batches: a running backtest without one for minutes died with its server. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('rule_backtests_rule_idx').on(t.ruleId, t.startedAt)],
);

/**
 * Decisions sampled for a second review (quality control). The first decision is copied here as
 * it was made, so the row reads on its own after the ad or its moderator is gone; the reviewer
 * is never the moderator who decided (enforced by the service, and by the check below).
 */
export const secondReviews = pgTable(
  'second_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id').notNull(),
    adHeading: text('ad_heading').notNull(),
    decision: text('decision').$type<'approved' | 'rejected'>().notNull(),
    rejectionReason: text('rejection_reason'),
    /** The moderator who decided; null when a rule did (then rule_id and rule_version). */
    decidedBy: uuid('decided_by'),
    decidedByName: text('decided_by_name').notNull(),
    ruleId: uuid('rule_id'),
    ruleVersion: integer('rule_version'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull().defaultNow(),
    reviewerId: uuid('reviewer_id'),
    reviewerName: text('reviewer_name'),
    answer: text('answer').$type<'agree' | 'disagree'>(),
    note: text('note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** A disagreement a senior moderator has acted on (deleted the ad or messaged its advertiser). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('second_reviews_open_idx')
      .on(t.sampledAt, t.id)
      .where(sql`${t.answer} is null`),
    index('second_reviews_answered_idx')
      .on(t.answeredAt, t.id)
      .where(sql`${t.answer} is not null`),
    index('second_reviews_ad_idx').on(t.adId),
    check(
      'second_reviews_other_reviewer',
      sql`${t.reviewerId} is null or ${t.decidedBy} is null or ${t.reviewerId} <> ${t.decidedBy}`,
    ),
  ],
);

/** Moderation settings by key (`second_review_rate`: a number from 0 to 1). */
export const moderationSettings = pgTable('moderation_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/**
 * The queue names admins maintain (issue 34.5): a `route` rule sends ads to one of them, and each
 * is a view of the ads directory. Kept by name, compared case-insensitively.
 */
export const moderationQueues = pgTable(
  'moderation_queues',
  {
    name: text('name').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [uniqueIndex('moderation_queues_name_lower_idx').on(sql`lower(${t.name})`)],
);
