import { and, asc, count, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, signInFailures, users } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: { tokenHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: row.tokenHash,
    userId: row.userId,
    createdAt: row.now,
    lastSeenAt: row.now,
    expiresAt: row.expiresAt,
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

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their absolute expiry or idle for longer than `idleBefore`. */
export async function deleteExpiredSessions(db: Executor, now: Date, idleBefore: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
}

export async function recordSignInFailure(db: Executor, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(signInFailures).values({ email, ip, failedAt: now });
}

/** Failure times within the window, oldest first, for one column value. */
export async function recentFailures(db: Executor, by: 'email' | 'ip', value: string, since: Date): Promise<Date[]> {
  const column = by === 'email' ? signInFailures.email : signInFailures.ip;
  const rows = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(and(eq(column, value), gte(signInFailures.failedAt, since)))
    .orderBy(asc(signInFailures.failedAt))
    .limit(100);
  return rows.map((r) => r.failedAt);
}

export async function clearFailuresForEmail(db: Executor, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}

export async function deleteOldFailures(db: Executor, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, before));
}

export async function countSessions(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}
