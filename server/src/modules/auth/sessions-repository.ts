import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { notifySessionsEnded } from '../../db/identity-repository';
import { prepared } from '../../db/prepared';
import { sessions, signInFailures, users } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: {
    tokenHash: string;
    userId: string;
    now: Date;
    expiresAt: Date;
    ip?: string | null;
    userAgent?: string | null;
    factor?: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: row.tokenHash,
    userId: row.userId,
    createdAt: row.now,
    lastSeenAt: row.now,
    expiresAt: row.expiresAt,
    ip: row.ip ?? null,
    userAgent: row.userAgent ?? null,
    factor: row.factor ?? null,
  });
}

/**
 * The session and its user in one query. Every request asks it, so it is a prepared query
 * (`prepared`): built once, parsed once per connection.
 */
export function findSessionWithUser(db: Db, tokenHash: string) {
  const query = prepared(db, 'find_session_with_user', (name) =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name),
  );
  return query.execute({ tokenHash }).then((rows) => rows[0]);
}

export async function touchSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends the session; its user's id and username when there was one. */
export async function deleteSessionReturningUser(
  db: Executor,
  tokenHash: string,
): Promise<{ id: string; username: string } | undefined> {
  const result = await db.execute(sql`
    with gone as (delete from ${sessions} where ${sessions.tokenHash} = ${tokenHash} returning user_id)
    select u.id::text as id, u.username from gone join ${users} u on u.id = gone.user_id`);
  const user = rowsOf<{ id: string; username: string }>(result)[0];
  if (user) await notifySessionsEnded(db);
  return user;
}

/**
 * Of these sessions, those an admin may still use at `now`: not ended, neither idle since
 * `idleBefore` nor past their absolute expiry, their user still an admin (the same test as a request's).
 */
export async function liveAdminSessions(db: Executor, tokenHashes: string[], now: Date, idleBefore: Date) {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleBefore),
        eq(users.isAdmin, true),
      ),
    );
  return rows.map((r) => r.tokenHash);
}

/** Removes sessions past their absolute expiry or idle for longer than `idleBefore`. */
export async function deleteExpiredSessions(db: Executor, now: Date, idleBefore: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
}

/** The lock class of sign-in throttle keys (advisory locks with two keys), apart from any other lock. */
const SIGN_IN_LOCK_CLASS = 7411;

/**
 * Holds, until the transaction ends, a lock per sign-in throttle key (an advisory lock on the key's
 * hash), so that attempts on one key are counted one after another. Taken in the hashes' order, so
 * that two attempts sharing keys never wait on each other in a circle.
 */
export async function lockThrottleKeys(tx: Executor, keys: string[]): Promise<void> {
  const hashes = [...new Set(keys.map((k) => createHash('sha256').update(k).digest().readInt32BE(0)))];
  for (const h of hashes.sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_CLASS}::int, ${h}::int)`);
  }
}

/** A counted attempt: its row stays as a failure unless the password proves right. */
export async function insertSignInAttempt(
  db: Executor,
  email: string,
  ip: string,
  now: Date,
  device: string | null,
): Promise<number> {
  const [row] = await db
    .insert(signInFailures)
    .values({ email, ip, failedAt: now, device })
    .returning({ id: signInFailures.id });
  return row!.id;
}

export async function deleteSignInAttempt(db: Executor, id: number): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, id));
}

/**
 * The newest `limit` attempt times since `since` matching the email, the address or both (of
 * browsers that are no trusted device), or one trusted device's, newest first.
 */
export async function recentAttempts(
  db: Executor,
  by: { email?: string; ip?: string; device?: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(
      and(
        by.email === undefined ? undefined : eq(signInFailures.email, by.email),
        by.ip === undefined ? undefined : eq(signInFailures.ip, by.ip),
        by.device === undefined ? isNull(signInFailures.device) : eq(signInFailures.device, by.device),
        gte(signInFailures.failedAt, since),
      ),
    )
    .orderBy(desc(signInFailures.failedAt))
    .limit(limit);
  return rows.map((r) => r.failedAt);
}

/** Forgets the attempts of one email from one address (a success there). */
export async function clearAttempts(db: Executor, email: string, ip: string): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ip, ip)));
}

/** Forgets a trusted device's failures (its right password). */
export async function clearDeviceAttempts(db: Executor, device: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.device, device));
}

export async function deleteOldFailures(db: Executor, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, before));
}

export async function countSessions(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}
