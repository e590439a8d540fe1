import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pendingSignIns } from '../../db/schema';

/**
 * A sign-in whose password was right, waiting for its second step (docs/decisions/0032-two-factor.md):
 * the pending-sign-in cookie holds a random token, stored hashed, short-lived, with a few attempts.
 */
export const PENDING_COOKIE = 'bo_pending';
/** The second step's time: five minutes to type a code; fifteen to install an app and enrol. */
export const PENDING_TTL_MS = { 'second-factor': 5 * 60_000, enrol: 15 * 60_000 } as const;
/** Wrong codes one pending sign-in allows before the password is asked again. */
export const PENDING_MAX_ATTEMPTS = 5;

export type PendingStage = keyof typeof PENDING_TTL_MS;
export type PendingSignIn = { tokenHash: string; userId: string; stage: PendingStage; attempts: number };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createPendingSignIn(
  db: Executor,
  userId: string,
  stage: PendingStage,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(pendingSignIns).values({
    tokenHash: hashOf(token),
    userId,
    stage,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_TTL_MS[stage]),
  });
  return token;
}

/** The pending sign-in of this cookie when it is still open at `now`. */
export async function findPendingSignIn(
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<PendingSignIn | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, hashOf(token)), gt(pendingSignIns.expiresAt, now)));
  if (!row?.userId || (row.stage !== 'second-factor' && row.stage !== 'enrol')) return null;
  return { tokenHash: row.tokenHash, userId: row.userId, stage: row.stage, attempts: row.attempts };
}

/** Counts a wrong code; the attempts now made (the row is gone once they reach the limit). */
export async function countWrongCode(db: Executor, tokenHash: string): Promise<number> {
  const [row] = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(eq(pendingSignIns.tokenHash, tokenHash))
    .returning({ attempts: pendingSignIns.attempts });
  const attempts = row?.attempts ?? PENDING_MAX_ATTEMPTS;
  if (attempts >= PENDING_MAX_ATTEMPTS) await deletePendingSignIn(db, tokenHash);
  return attempts;
}

export async function deletePendingSignIn(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, tokenHash));
}

/** Housekeeping: forget pending sign-ins past their time. */
export async function deleteExpiredPendingSignIns(db: Executor, now: Date): Promise<void> {
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
}
