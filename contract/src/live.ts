import { z } from 'zod';
import { AD_STATUSES, adClaim, adCounts } from './ads';
import { requiredText } from './required-text';

/**
 * A moderation team at once (docs/decisions/0017-live-queue-and-claims.md): the event stream,
 * claims on pending ads and rejection-reason templates.
 */

/** A claim lasts five minutes and is renewed while its side panel stays open. */
export const CLAIM_TTL_MS = 5 * 60_000;
export const CLAIM_RENEW_MS = 60_000;
export const EVENT_HEARTBEAT_MS = 15_000;

/** POST /api/advertisements/{id}/claim body: `takeOver` takes a live claim of another admin. */
export const adClaimBody = z.strictObject({ takeOver: z.boolean().optional() }).default({});
export const adClaimResponse = z.object({ success: z.literal(true), claim: adClaim });
export type AdClaimResponse = z.infer<typeof adClaimResponse>;

export const AD_EVENT_TYPES = ['created', 'moderated', 'deleted', 'images_updated', 'claimed', 'released'] as const;
export type AdEventType = (typeof AD_EVENT_TYPES)[number];

/**
 * One `ad` event of GET /api/events (Server-Sent Events, `event: ad`, `id:` a resumable
 * sequence). `by` is the admin who caused it (null for the public site); `counts` are the count
 * cards after the change.
 */
export const adLiveEvent = z.object({
  type: z.enum(AD_EVENT_TYPES),
  id: z.string(),
  status: z.enum(AD_STATUSES).optional(),
  claim: adClaim.nullable().optional(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
  at: z.string(),
  counts: adCounts,
});
export type AdLiveEvent = z.infer<typeof adLiveEvent>;

export const liveText = {
  beingReviewedBy: (name: string) => `Being reviewed by ${name}`,
  decidedBy: (status: 'approved' | 'rejected', name: string) =>
    `${status === 'approved' ? 'Approved' : 'Rejected'} by ${name} just now`,
  deletedBy: (name: string) => `Deleted by ${name} just now`,
  takeOver: 'Take over',
  takeOverConfirm: (name: string) =>
    `${name} is reviewing this advertisement. Take it over? They will not be able to approve or reject it.`,
  shortcuts: 'Keyboard shortcuts',
  pendingOldestFirst: 'Pending, oldest first',
  manageReasons: 'Manage reasons',
  reasonTemplate: 'Reason template',
  reconnecting: 'Reconnecting to live updates…',
} as const;

export const REJECTION_REASON_STATUSES = ['active', 'inactive'] as const;
export const MAX_REASON_TITLE = 500;
export const MAX_REASON_TEXT = 500;

export const rejectionReasonTemplate = z.object({
  _id: z.string(),
  title: z.string(),
  text: z.string(),
  status: z.enum(REJECTION_REASON_STATUSES),
});
export type RejectionReasonTemplate = z.infer<typeof rejectionReasonTemplate>;

export const reasonMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${MAX_REASON_TITLE} characters`,
  textRequired: 'Reason text is required',
  textTooLong: `Reason text must be at most ${MAX_REASON_TEXT} characters`,
  controlChars: 'Control characters are not allowed',
  notFound: 'Rejection reason not found',
  created: 'Rejection reason created successfully',
  updated: 'Rejection reason updated successfully',
  deleted: 'Rejection reason deleted successfully',
} as const;

/** POST and PUT /api/rejection-reasons body. */
export const rejectionReasonBody = z.strictObject({
  title: requiredText({
    max: MAX_REASON_TITLE,
    required: reasonMessages.titleRequired,
    tooLong: reasonMessages.titleTooLong,
    controlChars: reasonMessages.controlChars,
  }),
  text: requiredText({
    max: MAX_REASON_TEXT,
    required: reasonMessages.textRequired,
    tooLong: reasonMessages.textTooLong,
    controlChars: reasonMessages.controlChars,
    multiline: true,
  }),
  status: z.enum(REJECTION_REASON_STATUSES).default('active'),
});
export type RejectionReasonBody = z.input<typeof rejectionReasonBody>;

export const rejectionReasonListResponse = z.object({
  success: z.literal(true),
  reasons: z.array(rejectionReasonTemplate),
});
export const rejectionReasonResponse = z.object({
  success: z.literal(true),
  reason: rejectionReasonTemplate,
});
