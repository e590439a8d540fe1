import { z } from 'zod';

/**
 * Strikes and languages (issue 35.4–5; docs/decisions/0035-strikes-and-languages.md). A strike is
 * a rejection of one of the advertiser's ads, read from the decisions (the audit trail), not a
 * counter: it expires after the setting's days and an admin can remove it with a note.
 */

/** The languages of messages to advertisers (users.language), English by default. */
export const USER_LANGUAGES = ['en', 'si', 'ta'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
export const languageNames: Record<UserLanguage, string> = { en: 'English', si: 'Sinhala', ta: 'Tamil' };

/** Active strikes that make an advertiser a repeat offender. */
export const REPEAT_OFFENDER_STRIKES = 3;
/** Days a strike stays active unless the `strike_expiry_days` setting says otherwise. */
export const STRIKE_EXPIRY_DAYS = 90;
export const MAX_STRIKE_NOTE = 1000;

export const strikeMessages = {
  notFound: 'Strike not found',
  noteRequired: 'Please enter a note',
  noteTooLong: `Note must be at most ${MAX_STRIKE_NOTE} characters`,
  removed: 'Strike removed',
  removeFailed: 'Failed to remove the strike',
  languageInvalid: 'Choose English, Sinhala or Tamil',
  repeatOffender: 'Repeat offender',
} as const;

/** One strike: the rejected ad (`heading` as it was), the reason, when, and when it expires. */
export const strike = z.object({
  _id: z.string(),
  adId: z.string(),
  heading: z.string(),
  reason: z.string(),
  at: z.string(),
  expiresAt: z.string(),
});
export type Strike = z.infer<typeof strike>;

/**
 * An advertiser's strikes: `active` counts those not expired, `list` holds those not removed
 * (expired ones too, newest first, at most 100); `repeatOffender` is `active` ≥ 3.
 */
export const userStrikes = z.object({
  active: z.number().int(),
  repeatOffender: z.boolean(),
  expiryDays: z.number().int(),
  list: z.array(strike),
});
export type UserStrikes = z.infer<typeof userStrikes>;

/** GET /api/users/{id}/strikes. */
export const userStrikesResponse = z.object({ success: z.literal(true), strikes: userStrikes });
export type UserStrikesResponse = z.infer<typeof userStrikesResponse>;

export const strikeParams = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  adId: z.uuid({ error: 'Invalid id' }),
});

/** DELETE /api/users/{id}/strikes/{adId}: the note says why (kept in the audit entry). */
export const strikeRemoveBody = z.strictObject({
  note: z
    .string({ error: strikeMessages.noteRequired })
    .trim()
    .min(1, strikeMessages.noteRequired)
    .max(MAX_STRIKE_NOTE, strikeMessages.noteTooLong),
});
export type StrikeRemoveBody = z.infer<typeof strikeRemoveBody>;

/** The `repeat_offender` signal's evidence: the advertiser's active strikes when the ad was analysed. */
export const repeatOffenderEvidence = z.object({ activeStrikes: z.number().int() });
