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
    createdAt: row.createdAt.toISOString(),
    joinDate: row.joinDate ? row.joinDate.toISOString() : null,
  };
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user except the one with `keepTokenHash` (the admin editing themselves). */
export async function deleteOtherSessions(db: Executor, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}
