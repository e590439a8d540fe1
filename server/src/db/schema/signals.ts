import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { advertisements } from './ads';
import { users } from './users';

/**
 * Trust signals in the database (docs/decisions/0029-trust-signals.md). Every row here belongs to
 * one ad and goes with it (on delete cascade); the ad's risk and signal kinds are on its own row
 * (schema/ads.ts) for the list.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

const onAd = () =>
  uuid('ad_id')
    .notNull()
    .references(() => advertisements.id, { onDelete: 'cascade' });

/** One row per analysed ad: when, and what later analyses of other ads compare against. */
export const adAnalysis = pgTable(
  'ad_analysis',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    analysedAt: timestamp('analysed_at', { withTimezone: true }).notNull(),
    /** The MinHash signature of heading and details (128 × uint32, little-endian). */
    textSignature: bytea('text_signature').notNull(),
    /**
     * The signature's 32 LSH band keys (duplicate-text.ts): ads sharing a key are near-duplicate
     * candidates. One array per ad behind a GIN index rather than a row per key, each row with its
     * foreign-key check (migration 0029, docs/decisions/0029-trust-signals.md).
     */
    textKeys: bigint('text_keys', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** The price's histogram bin and category as counted (a trigger keeps price_histograms in step). */
    priceCategory: text('price_category'),
    priceBin: smallint('price_bin'),
    /** The ad's images that could not be read when it was analysed. */
    unreadableImages: text('unreadable_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  // fastupdate off: a lookup probes the index once per key, and each probe would read the whole
  // pending list of entries not yet merged.
  (t) => [index('ad_analysis_text_keys_idx').using('gin', t.textKeys).with({ fastupdate: false })],
);

/** The ad's signals, one row per kind, with the evidence a moderator is shown. */
export const adSignals = pgTable(
  'ad_signals',
  {
    adId: onAd(),
    kind: text('kind').notNull(),
    evidence: jsonb('evidence').notNull(),
    strength: real('strength').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.adId, t.kind] })],
);

/**
 * Each readable photo's 26 perceptual hashes (whole, then 25 crops), as signed 64-bit integers,
 * and its band keys (duplicate-image.ts, imageBandKeys): a photo sharing a key with another is a
 * candidate copy of it. The keys are bigint for wider bands later without a migration (0029).
 */
export const adImageHashes = pgTable(
  'ad_image_hashes',
  {
    adId: onAd(),
    /** The photo's place in the ad's images (0 = the first). */
    image: smallint('image').notNull(),
    path: text('path').notNull(),
    hashes: bigint('hashes', { mode: 'bigint' }).array().notNull(),
    keys: bigint('keys', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.image] }),
    index('ad_image_hashes_keys_idx').using('gin', t.keys).with({ fastupdate: false }),
  ],
);

/** The numbers (E.164) each ad carries, as contact or in its text, and whose account posted it. */
export const adPhones = pgTable(
  'ad_phones',
  {
    phone: text('phone').notNull(),
    userId: uuid('user_id').notNull(),
    adId: onAd(),
    source: text('source', { enum: ['contact', 'text'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.userId, t.adId] }), index('ad_phones_ad_idx').on(t.adId)],
);

/**
 * Per category, the count of analysed priced ads in each of 500 log-price bins
 * (server/src/signals/price-outlier.ts, PriceHistogram): the category's median and spread are read
 * from it, and an ad adds one to its bin (and takes it back when deleted).
 */
export const priceHistograms = pgTable('price_histograms', {
  category: text('category').primaryKey(),
  counts: integer('counts').array().notNull(),
});

/** Numbers admins have blocked (E.164): an ad carrying one gets `blocked_phone`. */
export const blockedPhones = pgTable('blocked_phones', {
  phone: text('phone').primaryKey(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Admins' changes to the risky phrase lists, on top of the shipped ones
 * (server/src/signals/data/risky-phrases): a phrase added (`removed` false) or a shipped phrase
 * taken out (`removed` true), per language and category. Taking out an admin's own phrase deletes its row.
 */
export const riskyPhraseEdits = pgTable(
  'risky_phrase_edits',
  {
    language: text('language').notNull(),
    category: text('category').notNull(),
    phrase: text('phrase').notNull(),
    removed: boolean('removed').notNull().default(false),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.language, t.category, t.phrase] })],
);

/**
 * Ads waiting for analysis where graphile-worker's queue is not there: the embedded database (and
 * PostgreSQL before the server first prepared the queue). Filled by the insert trigger.
 */
export const adAnalysisQueue = pgTable('ad_analysis_queue', {
  adId: uuid('ad_id')
    .primaryKey()
    .references(() => advertisements.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AdAnalysisRow = typeof adAnalysis.$inferSelect;
export type AdSignalRow = typeof adSignals.$inferSelect;
export type BlockedPhoneRow = typeof blockedPhones.$inferSelect;
export type RiskyPhraseEditRow = typeof riskyPhraseEdits.$inferSelect;
