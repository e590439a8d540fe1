import { z } from 'zod';

/**
 * Messages to advertisers about their ads' moderation (the outbox; docs/decisions/0022-advertiser-messages.md).
 * GET /api/advertiser-messages lists them (failures with ?status=failed, one ad's with ?adId=, one
 * advertiser's with ?userId=, newest first, so the first row of an ad's list is its latest message);
 * POST /api/advertiser-messages/{id}/retry sends a failed one again. `/api/notifications` is the Common Notification feed.
 */
export const ADVERTISER_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type AdvertiserMessageStatus = (typeof ADVERTISER_MESSAGE_STATUSES)[number];
export const ADVERTISER_MESSAGE_CHANNELS = ['email', 'sms'] as const;
/** `report_reply`: an admin's reply to a member of the public who reported an ad or a bug (issue 35). */
export const ADVERTISER_MESSAGE_KINDS = ['approved', 'rejected', 'deleted', 'report_reply'] as const;
export const ADVERTISER_MESSAGES_PAGE_SIZE = 20;
export const ADVERTISER_MESSAGES_MAX_PAGE_SIZE = 100;

export const advertiserMessageTexts = {
  notFound: 'Message not found',
  notFailed: 'Only a failed message can be retried',
  invalidId: 'Invalid id',
} as const;

/** The ad side panel's line about the latest message to the advertiser. */
export const advertiserMessageLine = {
  sent: (channel: 'email' | 'sms', ago: string) => `Advertiser ${channel === 'email' ? 'emailed' : 'texted'} ${ago}`,
  queued: (channel: 'email' | 'sms') => `${channel === 'email' ? 'Email' : 'SMS'} to the advertiser queued`,
  failed: (channel: 'email' | 'sms', error: string | null) =>
    `${channel === 'email' ? 'Email' : 'SMS'} failed: ${error ?? 'unknown error'}`,
  retry: 'Retry',
  retryFailed: 'Could not retry the message',
} as const;

export const advertiserMessage = z.object({
  id: z.number().int(),
  /** Null only for a reply to a bug report (issue 35). */
  adId: z.string().nullable(),
  adHeading: z.string(),
  userId: z.string().nullable(),
  kind: z.enum(ADVERTISER_MESSAGE_KINDS),
  channel: z.enum(ADVERTISER_MESSAGE_CHANNELS),
  recipient: z.string().nullable(),
  status: z.enum(ADVERTISER_MESSAGE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the next attempt is due (queued), null once sent or failed. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type AdvertiserMessage = z.infer<typeof advertiserMessage>;

export const advertiserMessageListQuery = z.strictObject({
  status: z.enum(ADVERTISER_MESSAGE_STATUSES).optional(),
  adId: z.uuid({ error: advertiserMessageTexts.invalidId }).optional(),
  /** One advertiser's messages (the user page). */
  userId: z.uuid({ error: advertiserMessageTexts.invalidId }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADVERTISER_MESSAGES_MAX_PAGE_SIZE)
    .default(ADVERTISER_MESSAGES_PAGE_SIZE),
});
export type AdvertiserMessageListQuery = z.infer<typeof advertiserMessageListQuery>;

export const advertiserMessageListResponse = z.object({
  messages: z.array(advertiserMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdvertiserMessageListResponse = z.infer<typeof advertiserMessageListResponse>;

export const advertiserMessageIdParam = z.object({
  id: z.coerce
    .number({ error: advertiserMessageTexts.invalidId })
    .int({ error: advertiserMessageTexts.invalidId })
    .min(1, { error: advertiserMessageTexts.invalidId })
    .max(Number.MAX_SAFE_INTEGER, { error: advertiserMessageTexts.invalidId }),
});

export const advertiserMessageRetryResponse = z.object({
  success: z.literal(true),
  message: advertiserMessage,
});
