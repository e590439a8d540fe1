import { z } from 'zod';
import { AD_STATUSES } from './ads-constants';

/** How many of the advertiser's other ads the card lists, newest first. */
export const ADVERTISER_CARD_LATEST = 5;

/** One of the advertiser's other ads on the card: enough to name it and open it in the panel. */
export const advertiserCardAd = z.object({
  _id: z.string(),
  heading: z.string(),
  status: z.enum(AD_STATUSES),
  postingDate: z.string(),
});
export type AdvertiserCardAd = z.infer<typeof advertiserCardAd>;

/**
 * GET /api/advertisements/{id}/advertiser: the advertiser beside the ad under review (issue 32).
 * `name` is the user's name, or their username when they have none; `joinedAt` their join date,
 * or when the account was created. `counts` cover all their ads, this one included; `latest`
 * their newest ads other than this one.
 */
export const advertiserCard = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
  verified: z.boolean(),
  joinedAt: z.string(),
  counts: z.object({ approved: z.number().int(), pending: z.number().int(), rejected: z.number().int() }),
  latest: z.array(advertiserCardAd).max(ADVERTISER_CARD_LATEST),
});
export type AdvertiserCard = z.infer<typeof advertiserCard>;

/** `advertiser` is null when the ad has no user (its advertiser was never known or is gone). */
export const advertiserCardResponse = z.object({
  success: z.literal(true),
  advertiser: advertiserCard.nullable(),
});
export type AdvertiserCardResponse = z.infer<typeof advertiserCardResponse>;
