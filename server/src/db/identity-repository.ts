import { and, eq, ne, sql } from 'drizzle-orm';
import type { PublicUser } from '@backoffice/contract';
import type { Executor } from './client';
import { sessions, users, type UserRow } from './schema';

/*
 * A user as an identity: found by the email they sign in with, shown without the password hash,
 * given a new password, and their sessions ended. Both the auth module (sign-in, sessions) and the
 * users module (editing a user, the accounts command line) need exactly these, and a module never
 * imports another module's repository, so they live here beside the schema. Listing, searching,
 * editing and deleting users stay in modules/users/users-repository.ts.
 */

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
    .then((rows) => rows[0]);
}

/** The user as it may leave the server: never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    mobile2: row.mobile2,
    whatsapp: row.whatsapp,
    profilePicture: row.profilePicture,
    isAdmin: row.isAdmin,
    isVerified: row.isVerified,
    role: row.role ?? null,
    categories: row.categories ?? null,
    createdAt: row.createdAt.toISOString(),
    joinDate: row.joinDate ? row.joinDate.toISOString() : null,
    language: row.language,
  };
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/**
 * Told (at commit) whenever sessions are ended before their time, so that every instance ends their
 * open event streams at once (docs/decisions/0026-live-streams-and-sessions.md).
 */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

export async function notifySessionsEnded(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, '')`);
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  const gone = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  if (gone.length > 0) await notifySessionsEnded(db);
}

/** Ends every session of the user except the one with `keepTokenHash` (the admin editing themselves). */
export async function deleteOtherSessions(db: Executor, userId: string, keepTokenHash: string): Promise<void> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ tokenHash: sessions.tokenHash });
  if (gone.length > 0) await notifySessionsEnded(db);
}
