import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
