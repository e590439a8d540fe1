import { z } from 'zod';
import { AD_STATUSES, adClaim, adCounts } from './ads';
import { requiredText } from './required-text';
import { AD_EVENT_TYPES } from './live-constants';

export * from './live-constants';

/**
 * A moderation team at once (docs/decisions/0017-live-queue-and-claims.md): the event stream,
 * claims on pending ads and rejection-reason templates.
 */

/** POST /api/advertisements/{id}/claim body: `takeOver` takes a live claim of another admin. */
export const adClaimBody = z.strictObject({ takeOver: z.boolean().optional() }).default({});
export const adClaimResponse = z.object({ success: z.literal(true), claim: adClaim });
export type AdClaimResponse = z.infer<typeof adClaimResponse>;

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
