import { z } from 'zod';
import { AD_STATUSES } from './ads-constants';
import { SIGNAL_KINDS, signalMessages } from './signals-constants';
import { repeatOffenderEvidence } from './strikes';

/**
 * Trust signals (docs/decisions/0029-trust-signals.md): what the machine noticed about an ad before
 * a person looks at it. The list carries each ad's kinds and risk; one ad's signals come with
 * their evidence; its near-duplicates are found through the signature bands.
 */
export * from './signals-constants';

/**
 * `signal=<kind>`: one kind, a comma-separated list, or the parameter repeated; an ad with any of
 * them matches.
 */
export const signalFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    [v]
      .flat()
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(SIGNAL_KINDS, { error: signalMessages.unknownSignal }))
      .max(SIGNAL_KINDS.length, signalMessages.unknownSignal),
  );
export const minRiskFilter = z.coerce
  .number({ error: signalMessages.minRisk })
  .int(signalMessages.minRisk)
  .min(0, signalMessages.minRisk)
  .max(100, signalMessages.minRisk);

// --- Evidence, per kind (server/src/signals/*.ts write it) -----------------------------------

const int = z.number().int();
/** A piece of the ad's own text: the field and the character range in it. */
const textSpan = z.object({ field: z.enum(['heading', 'details']), start: int, end: int, text: z.string() });
/** Which number: the ad's contact number, or one written in its heading or details. */
const phoneSource = z.enum(['contact', 'text']);

export const contactInTextEvidence = z.object({
  contacts: z.array(
    textSpan.extend({ type: z.enum(['phone', 'email', 'url', 'handle']), phone: z.string().optional() }),
  ),
});
export const riskyPhraseEvidence = z.object({
  phrases: z.array(textSpan.extend({ phrase: z.string(), category: z.string(), language: z.string() })),
});
export const invalidPhoneEvidence = z.object({
  phone: z.string(),
  reason: z.enum(['unreadable', 'not_sri_lankan', 'not_valid']),
  e164: z.string().optional(),
});
/** Prices in whole rupees; `usual` is the category's median, `usualLow`–`usualHigh` its usual range. */
export const priceOutlierEvidence = z.object({
  price: z.number(),
  direction: z.enum(['below', 'above']),
  usual: z.number(),
  usualLow: z.number(),
  usualHigh: z.number(),
  z: z.number(),
  sample: int,
  category: z.string(),
});
/** `accountAgeHours` null: the account's row is younger than the ad (an import), its age at posting unknown. */
export const newAccountEvidence = z.object({ firstAd: z.boolean(), accountAgeHours: z.number().nullable() });
/** The ad's open reports from the public and their weight (docs/decisions/0034-reports.md). */
export const reportedEvidence = z.object({ reports: z.number().int(), weight: z.number() });
/** The other ads with nearly the same text (earlier and later: the link is mutual), most similar first; similarity 0–1. */
export const duplicateTextEvidence = z.object({
  duplicates: z.array(z.object({ adId: z.string(), similarity: z.number() })),
});
/**
 * Photos of this ad (`image`: its place in the ad, `imagePath` as stored) that are the same picture
 * as another ad's; `distance` in bits of the perceptual hash (0–4).
 */
export const imageMatchEvidence = z.object({
  matches: z.array(
    z.object({
      image: int,
      imagePath: z.string(),
      otherAdId: z.string(),
      otherImage: int,
      otherImagePath: z.string(),
      distance: int,
    }),
  ),
});
/** Each number (E.164) and the other advertiser accounts with ads carrying it (this ad's own not listed). */
export const phoneReuseEvidence = z.object({
  phones: z.array(
    z.object({
      phone: z.string(),
      source: phoneSource,
      accounts: z.array(z.object({ userId: z.string(), username: z.string() })),
    }),
  ),
});
export const blockedPhoneEvidence = z.object({ phones: z.array(z.object({ phone: z.string(), source: phoneSource })) });

export const adSignal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('duplicate_text'), evidence: duplicateTextEvidence }),
  z.object({ kind: z.literal('duplicate_image'), evidence: imageMatchEvidence }),
  z.object({ kind: z.literal('stolen_image'), evidence: imageMatchEvidence }),
  z.object({ kind: z.literal('contact_in_text'), evidence: contactInTextEvidence }),
  z.object({ kind: z.literal('invalid_phone'), evidence: invalidPhoneEvidence }),
  z.object({ kind: z.literal('phone_reuse'), evidence: phoneReuseEvidence }),
  z.object({ kind: z.literal('blocked_phone'), evidence: blockedPhoneEvidence }),
  z.object({ kind: z.literal('price_outlier'), evidence: priceOutlierEvidence }),
  z.object({ kind: z.literal('risky_phrase'), evidence: riskyPhraseEvidence }),
  z.object({ kind: z.literal('new_account'), evidence: newAccountEvidence }),
  z.object({ kind: z.literal('reported'), evidence: reportedEvidence }),
  z.object({ kind: z.literal('repeat_offender'), evidence: repeatOffenderEvidence }),
]);
export type AdSignal = z.infer<typeof adSignal>;

/**
 * GET /api/advertisements/{id}/signals: `risk` 0–100, null (and no signals) until the ad has been
 * analysed; `unreadableImages` the ad's images that could not be read (their photos were not
 * checked, the text was).
 */
export const adSignalsResponse = z.object({
  success: z.literal(true),
  risk: z.number().int().min(0).max(100).nullable(),
  signals: z.array(adSignal),
  analysedAt: z.string().nullable(),
  unreadableImages: z.array(z.string()),
});
export type AdSignalsResponse = z.infer<typeof adSignalsResponse>;

/**
 * One near-duplicate of an ad, earlier or later: `via` says what matched (text first when both
 * did); `similarity` 0–1 (text: the estimated share of words; image: 1 − distance / 64).
 */
export const adDuplicate = z.object({
  _id: z.string(),
  heading: z.string(),
  username: z.string(),
  status: z.enum(AD_STATUSES),
  similarity: z.number().min(0).max(1),
  via: z.enum(['text', 'image']),
  images: z.array(z.string()),
  postingDate: z.string(),
});
export type AdDuplicate = z.infer<typeof adDuplicate>;
export const adDuplicatesResponse = z.object({ success: z.literal(true), duplicates: z.array(adDuplicate) });
export type AdDuplicatesResponse = z.infer<typeof adDuplicatesResponse>;

// --- The phone blocklist ----------------------------------------------------------------------

export const blockedPhone = z.object({
  /** E.164, as every number is compared. */
  phone: z.string(),
  addedAt: z.string(),
  addedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type BlockedPhone = z.infer<typeof blockedPhone>;
export const blockedPhonesResponse = z.object({ success: z.literal(true), phones: z.array(blockedPhone) });
export type BlockedPhonesResponse = z.infer<typeof blockedPhonesResponse>;
/** POST /api/signals/blocked-phones: any way of writing a number; it is stored in E.164. */
export const blockedPhoneBody = z.strictObject({
  phone: z
    .string({ error: signalMessages.phoneRequired })
    .trim()
    .min(1, signalMessages.phoneRequired)
    .max(40, signalMessages.phoneInvalid),
});
export type BlockedPhoneBody = z.infer<typeof blockedPhoneBody>;
export const blockedPhoneResponse = z.object({ success: z.literal(true), phone: blockedPhone });
/** DELETE /api/signals/blocked-phones/{phone}: the number in any form (E.164 with its + encoded as %2B). */
export const blockedPhoneParam = z.object({ phone: z.string().min(1).max(40) });

// --- Admins' risky phrases --------------------------------------------------------------------

/** The languages and categories of the risky phrase lists (server/src/signals/data/risky-phrases). */
export const PHRASE_LANGUAGES = ['en', 'si', 'ta', 'singlish'] as const;
export const PHRASE_CATEGORIES = [
  'advance_payment',
  'pay_to_apply',
  'work_from_home',
  'lottery_prize',
  'crypto_investment',
  'too_good',
] as const;
export const MAX_PHRASE = 100;
export const phraseMessages = {
  phraseRequired: 'Please enter a phrase',
  phraseTooLong: `A phrase can be at most ${MAX_PHRASE} characters`,
  phraseNoWords: 'A phrase needs at least one word',
  language: 'Choose a language',
  category: 'Choose a category',
  notListed: 'This phrase is not on the list',
} as const;

/**
 * One risky phrase: shipped with the product or added by an admin; a shipped phrase an admin took
 * out stays listed with `removed` (adding it again puts it back).
 */
export const riskyPhraseItem = z.object({
  language: z.enum(PHRASE_LANGUAGES),
  category: z.enum(PHRASE_CATEGORIES),
  phrase: z.string(),
  source: z.enum(['shipped', 'admin']),
  removed: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type RiskyPhraseItem = z.infer<typeof riskyPhraseItem>;
export const riskyPhrasesResponse = z.object({ success: z.literal(true), phrases: z.array(riskyPhraseItem) });
export type RiskyPhrasesResponse = z.infer<typeof riskyPhrasesResponse>;
const phraseFields = {
  language: z.enum(PHRASE_LANGUAGES, { error: phraseMessages.language }),
  category: z.enum(PHRASE_CATEGORIES, { error: phraseMessages.category }),
  phrase: z
    .string({ error: phraseMessages.phraseRequired })
    .trim()
    .min(1, phraseMessages.phraseRequired)
    .max(MAX_PHRASE, phraseMessages.phraseTooLong),
};
/** POST /api/signals/phrases: add a phrase (or put a removed shipped one back). */
export const riskyPhraseBody = z.strictObject(phraseFields);
export type RiskyPhraseBody = z.infer<typeof riskyPhraseBody>;
/** DELETE /api/signals/phrases?language=&category=&phrase=: take a phrase out. */
export const riskyPhraseQuery = z.object(phraseFields);
export const riskyPhraseResponse = z.object({ success: z.literal(true), phrase: riskyPhraseItem });
