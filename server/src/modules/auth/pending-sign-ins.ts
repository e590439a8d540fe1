import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pendingSignIns } from '../../db/schema';

/**
 * A sign-in whose password was right, waiting for its second step (docs/decisions/0032-two-factor.md):
 * the pending-sign-in cookie holds a random token, stored hashed, short-lived, with a few attempts.
 */
export const PENDING_COOKIE = 'bo_pending';
/**
 * The second step's time: five minutes to type a code; fifteen to install an app and enrol; five
 * for a passkey sign-in's challenge before any account is known (`passkey`, no user).
 */
export const PENDING_TTL_MS = { 'second-factor': 5 * 60_000, enrol: 15 * 60_000, passkey: 5 * 60_000 } as const;
/** Wrong codes one pending sign-in allows before the password is asked again. */
export const PENDING_MAX_ATTEMPTS = 5;

export type PendingStage = keyof typeof PENDING_TTL_MS;
export type PendingSignIn = {
  tokenHash: string;
  userId: string;
  stage: Exclude<PendingStage, 'passkey'>;
  attempts: number;
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createPendingSignIn(
  db: Executor,
  userId: string | null,
  stage: PendingStage,
  now: Date,
  challenge: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(pendingSignIns).values({
    tokenHash: hashOf(token),
    userId,
    stage,
    challenge,
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

/** A passkey's sign-in: a second step (its user known) or a passkey alone (no user yet), open at `now`. */
export type PasskeyPending = { tokenHash: string; userId: string | null; challenge: string | null };

export async function findPasskeyPending(
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<PasskeyPending | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, hashOf(token)), gt(pendingSignIns.expiresAt, now)));
  if (!row) return null;
  if (row.stage === 'second-factor' && row.userId)
    return { tokenHash: row.tokenHash, userId: row.userId, challenge: row.challenge };
  if (row.stage === 'passkey' && !row.userId)
    return { tokenHash: row.tokenHash, userId: null, challenge: row.challenge };
  return null;
}

export async function setPendingChallenge(db: Executor, tokenHash: string, challenge: string): Promise<void> {
  await db.update(pendingSignIns).set({ challenge }).where(eq(pendingSignIns.tokenHash, tokenHash));
}

/** Spends the pending sign-in's challenge: true once, so an answer cannot be replayed or raced. */
export async function takePendingChallenge(db: Executor, tokenHash: string, challenge: string): Promise<boolean> {
  const rows = await db
    .update(pendingSignIns)
    .set({ challenge: null })
    .where(and(eq(pendingSignIns.tokenHash, tokenHash), eq(pendingSignIns.challenge, challenge)))
    .returning({ tokenHash: pendingSignIns.tokenHash });
  return rows.length === 1;
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
