import { sql } from 'drizzle-orm';
import { bigserial, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A write-ahead log position, as PostgreSQL writes it (`16/B374D848`). */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

/** docs/decisions/0012-access-control.md: server-side sessions. Only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Shown on the self-service sessions list (issue 36): the address and browser at sign-in. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session was opened: 'password', 'totp', 'recovery-code' or 'passkey'. */
    factor: text('factor'),
    /** A passkey registration's challenge while it is being added. */
    webauthnChallenge: text('webauthn_challenge'),
    /**
     * With a read replica: the primary's WAL position after this admin's latest write; their reads
     * stay on the primary until the replica has replayed it (docs/decisions/0037-read-replica.md).
     */
    readAfterLsn: pgLsn('read_after_lsn'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** docs/decisions/0012-access-control.md: failed sign-ins, counted per email and per address over a sliding window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    /**
     * The trusted device the attempt came from (the hash of its device cookie), or null for any
     * other browser: a device's failures count only against that device, and strangers' failures
     * never against it (docs/decisions/0031-device-cookies.md).
     */
    device: text('device'),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.failedAt),
    index('sign_in_failures_ip_idx').on(t.ip, t.failedAt),
    index('sign_in_failures_device_idx')
      .on(t.device, t.failedAt)
      .where(sql`${t.device} is not null`),
  ],
);

/**
 * Browsers that have signed in successfully as an account (docs/decisions/0031-device-cookies.md):
 * the device cookie holds a random token, stored here hashed with the account's email.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trusted_devices_email_idx').on(t.email)],
);
