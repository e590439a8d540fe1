import { z } from 'zod';
import { MAX_REJECTION_REASON } from './ads';
import { isoDay } from './dates';

/**
 * The audit trail: one entry per state change an admin makes, written in the transaction of the
 * change (docs/decisions/0016-audit-trail.md). Entries are never updated or deleted through the API.
 */
export const AUDIT_ENTITIES = [
  'ad',
  'user',
  'package',
  'banner',
  'duty',
  'reason',
  'session',
  'export',
  /** A number on the trust signals' blocklist (created: added; deleted: taken off). */
  'phone',
  /** An admin's change to the risky phrase lists (created: added or put back; deleted: taken out). */
  'phrase',
  /** A moderation rule (docs/decisions/0030-moderation-rules.md): created, updated (a new version), deleted. */
  'rule',
  /** A moderation setting, such as the share of decisions sampled into second review. */
  'setting',
  /** A report from the public (docs/decisions/0034-reports.md): updated (assigned, noted, resolved, dismissed). */
  'report',
  /** A queue name admins maintain, that a `route` rule sends ads to (created, deleted). */
  'queue',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Ad history actions; later features add to the end (claims, messages to the advertiser). */
export const AD_HISTORY_ACTIONS = [
  'submitted',
  'approved',
  'rejected',
  'images_updated',
  'deleted',
  'claim_taken_over',
  'notified',
  /** An admin began reviewing the ad (a claim not held by them before; docs/decisions/0017-live-queue-and-claims.md). */
  'claimed',
  /**
   * A rule matched the ad (docs/decisions/0030-moderation-rules.md): a live flag, priority or
   * route, or what a shadow rule would have done; `details.rule` names the rule and its version.
   * A live rule's approval or rejection is an `approved` or `rejected` entry with `details.rule`.
   */
  'rule_matched',
  /** Another moderator's second review of the decision: `details.to` is agree or disagree. */
  'second_reviewed',
  /** A new report from the public weighed on the ad (docs/decisions/0034-reports.md): `details.report`. */
  'reported',
  /** An admin removed the strike the ad's rejection gave its advertiser; `details.note` says why. */
  'strike_removed',
] as const;

export const AUDIT_ACTIONS = [
  ...AD_HISTORY_ACTIONS,
  'created',
  'updated',
  'sign_in',
  'sign_out',
  'sign_in_failed',
  /** A CSV export of personal data (docs/decisions/0018-exports-and-bulk.md). */
  'exported',
  /** Security events of an admin's account (issue 36; docs/decisions/0032-two-factor.md), entity `session`. */
  'two_factor_enrolled',
  'two_factor_reset',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'password_changed',
  'session_ended',
  'passkey_registered',
  'passkey_removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ACTIVITY_PAGE_SIZE = 10;
export const ACTIVITY_MAX_PAGE_SIZE = 100;
export const ACTIVITY_MAX_PAGE = 100_000;
export const MAX_ACTIVITY_SEARCH = 200;
/** How many of an advertiser's moderation decisions the user detail page shows. */
export const USER_DECISIONS_COUNT = 20;

export const auditActor = z.object({ _id: z.string(), name: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

/**
 * What changed, never a password, hash or token: `fields` names the changed fields of an update,
 * `from`/`to` a status change, `removed` the number of images taken off an ad, `email` the address
 * a failed sign-in tried, `reason` why an ad went with its advertiser, `channel`/`status`/
 * `attempts`/`error` a message to the advertiser.
 */
export const auditDetails = z.object({
  fields: z.array(z.string()).optional(),
  from: z.string().optional(),
  /** A `claim_taken_over` entry: the id of the admin who held the review (`from` is their name, `to` the taker's). */
  fromId: z.string().optional(),
  to: z.string().optional(),
  removed: z.number().int().optional(),
  email: z.string().optional(),
  channel: z.string().optional(),
  /** A `notified` entry: the message's delivery state, attempts so far and the last error. */
  status: z.string().optional(),
  attempts: z.number().int().optional(),
  error: z.string().optional(),
  /** Why, when it is not a rejection: an ad deleted with its advertiser ("User deleted"). */
  reason: z.string().optional(),
  /** An `exported` entry: the export's filters as given, the rows written, whether it stopped early. */
  filters: z.record(z.string(), z.string()).optional(),
  rows: z.number().int().optional(),
  cancelled: z.boolean().optional(),
  /** An entry a moderation rule made: the rule as it was, its version and mode, and what it did. */
  rule: z
    .object({
      _id: z.string(),
      name: z.string(),
      version: z.number().int(),
      mode: z.enum(['shadow', 'live']),
      action: z.string(),
      label: z.string().optional(),
      queue: z.string().optional(),
    })
    .optional(),
  /** A second review's note. */
  note: z.string().optional(),
  /** A `reported` entry: the report, its weight, the ad's open reports and weight after it, whether it signalled. */
  report: z
    .object({
      _id: z.string(),
      weight: z.number(),
      openReports: z.number().int(),
      reportWeight: z.number(),
      signal: z.boolean(),
    })
    .optional(),
  /** A sign-in's second step, or the factor a security event was proven with (totp, recovery-code, passkey). */
  factor: z.string().optional(),
});
export type AuditDetails = z.infer<typeof auditDetails>;

/** GET /api/advertisements/{id}/history: oldest first; a deleted ad keeps its events. */
export const adHistoryEvent = z.object({
  _id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: auditActor.nullable(),
  at: z.string(),
  rejectionReason: z.string().max(MAX_REJECTION_REASON).optional(),
  details: auditDetails.optional(),
});
export type AdHistoryEvent = z.infer<typeof adHistoryEvent>;
export const adHistoryResponse = z.object({
  success: z.literal(true),
  events: z.array(adHistoryEvent),
});
export type AdHistoryResponse = z.infer<typeof adHistoryResponse>;

// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/;

/**
 * GET /api/activity query: newest first, server-side paged. `from` and `to` are calendar days in
 * the marketplace's time zone, both included. `advertiser` keeps the events of that user's ads
 * (the user detail page's decisions).
 */
export const activityQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(ACTIVITY_MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(ACTIVITY_MAX_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.uuid({ error: 'Invalid id' }).optional(),
  advertiser: z.uuid({ error: 'Invalid id' }).optional(),
  /** `true`: only ad decisions (approved, rejected, deleted, images changed), as the user page lists them. */
  decisions: z.enum(['true', 'false']).optional(),
  from: isoDay().optional(),
  to: isoDay().optional(),
  q: z
    .string()
    .max(MAX_ACTIVITY_SEARCH, `Search must be at most ${MAX_ACTIVITY_SEARCH} characters`)
    .refine((v) => !controlChars.test(v), 'Control characters are not allowed')
    .optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;
export type ActivityParams = z.input<typeof activityQuery>;

export const activityEvent = z.object({
  _id: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string().nullable(),
  /** What the entry is about as it was named then (an ad's heading, a user's username …). */
  entityLabel: z.string(),
  /** False once the thing is deleted: the screen shows the label without a link. */
  exists: z.boolean(),
  action: z.enum(AUDIT_ACTIONS),
  actor: auditActor.nullable(),
  at: z.string(),
  rejectionReason: z.string().optional(),
  details: auditDetails.optional(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;

/**
 * `total` is null when the page does not show the end of the matches: GET /api/activity/count
 * answers it once per filter, as the ads directory does.
 */
export const activityResponse = z.object({
  success: z.literal(true),
  events: z.array(activityEvent),
  total: z.number().int().nullable(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponse>;
export const activityCountQuery = activityQuery.omit({ page: true, pageSize: true });
/** GET /api/activity/export: the log's filters, every matching entry as CSV, newest first. */
export const activityExportQuery = activityCountQuery.extend({ format: z.enum(['csv']).default('csv') });
export type ActivityExportParams = z.input<typeof activityExportQuery>;
export const activityCountResponse = z.object({ total: z.number().int() });

/** GET /api/dashboard/moderation: the figures a moderation manager asks for. */
export const moderationFiguresResponse = z.object({
  success: z.literal(true),
  oldestPendingAt: z.string().nullable(),
  pendingOlderThan24h: z.number().int(),
  medianDecisionSeconds7d: z.number().nullable(),
  decisionsByAdmin: z.array(z.object({ actor: auditActor, today: z.number().int(), last7Days: z.number().int() })),
});
export type ModerationFigures = z.infer<typeof moderationFiguresResponse>;

export const activityText = {
  title: 'Activity Log',
  empty: 'No activity matches these filters',
  history: 'History',
  historyEmpty: 'No history yet',
  decisions: 'Moderation decisions',
  viewAllDecisions: 'View all in the activity log',
  fetchFailed: 'Failed to fetch activity',
  oldestPending: 'Oldest pending ad',
  pendingOver24h: 'Pending over 24 hours',
  medianDecision: 'Median time to decision (7 days)',
  decisionsPerAdmin: 'Decisions per admin',
  exportEntries: (n: string) => `Export ${n} entries as CSV`,
} as const;
