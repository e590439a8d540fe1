import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Advertisers and administrators ("Advertiser user" in docs/product.md#entities) plus the password hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name'),
    email: text('email').notNull(),
    mobile: text('mobile'),
    mobile2: text('mobile2'),
    whatsapp: text('whatsapp'),
    profilePicture: text('profile_picture'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    joinDate: timestamp('join_date', { withTimezone: true }),
    /**
     * An admin's role (issue 36): null for advertisers; an admin saved without one becomes an
     * administrator (trigger users_role_default, migration 0027).
     */
    role: text('role', { enum: ['administrator', 'moderator', 'support'] }),
    /** A moderator's categories, or null for every category. */
    categories: text('categories').array(),
    /** The authenticator app's secret (TOTP), set at setup; confirmed once totp_enabled_at is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last accepted code: a code is accepted once (replay refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The language of every message to this user (issue 35.5): 'en', 'si' or 'ta'. */
    language: text('language', { enum: ['en', 'si', 'ta'] })
      .notNull()
      .default('en'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_is_admin_idx').on(t.isAdmin),
    // User Management pages newest first within a role; the dashboard counts registrations by date.
    index('users_role_created_idx').on(t.isAdmin, t.createdAt, t.id),
    index('users_unverified_created_idx')
      .on(t.createdAt)
      .where(sql`not ${t.isAdmin} and not ${t.isVerified}`),
    // Contains-search over these columns (ilike '%q%').
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
    // The id's text (searched only when the query could be part of one) and the mobile's digits
    // (searched when the query is a phone number): the same expressions as users-repository's search.
    index('users_id_text_trgm_idx').using('gin', sql`(${t.id}::text) gin_trgm_ops`),
    index('users_mobile_digits_trgm_idx').using(
      'gin',
      sql`(regexp_replace(coalesce(${t.mobile}, ''), '[^0-9]', '', 'g')) gin_trgm_ops`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Users per role, kept exact by statement-level triggers on users (migration 0008), so that User
 * Management's total needs no count of every advertiser.
 */
export const userCounts = pgTable('user_counts', {
  isAdmin: boolean('is_admin').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Single-use recovery codes of an account's second factor, stored hashed (issue 36). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Passkeys (WebAuthn credentials) of an account (issue 36). */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its second factor, or a passkey sign-in's challenge before any account is
 * known (user_id null): the pending-sign-in cookie holds a random token, stored here hashed.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'second-factor' (password accepted), 'enrol' (must enrol first), 'passkey' (challenge only). */
    stage: text('stage').notNull(),
    challenge: text('challenge'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * Each advertiser's ads per status, kept exact by statement-level triggers on advertisements
 * (migration 0027), so the workbench's advertiser card reads three numbers instead of counting.
 */
export const advertiserAdCounts = pgTable('advertiser_ad_counts', {
  userId: uuid('user_id').primaryKey(),
  approved: bigint('approved', { mode: 'number' }).notNull().default(0),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  rejected: bigint('rejected', { mode: 'number' }).notNull().default(0),
});
