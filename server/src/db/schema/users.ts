import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Advertisers and administrators (spec §3 "Advertiser user") plus the password hash. */
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
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
