import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Passkey } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import { sessions, webauthnCredentials } from '../../db/schema';

export type PasskeyRow = typeof webauthnCredentials.$inferSelect;

export const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function passkeysOf(db: Executor, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
}

export async function countPasskeys(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  return Number(row?.n ?? 0);
}

export async function findPasskey(db: Executor, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, id));
  return row;
}

/** The new passkey, or null when that credential is already registered (to anyone). */
export async function insertPasskey(
  db: Executor,
  values: typeof webauthnCredentials.$inferInsert,
): Promise<PasskeyRow | null> {
  const [row] = await db.insert(webauthnCredentials).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deletePasskey(db: Executor, userId: string, id: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Records a use: the authenticator's new signature counter and the time. Refused (false) when the
 * counter did not grow, unless the authenticator keeps none (0 both times, as synced passkeys do):
 * a cloned authenticator, or two requests racing with one answer.
 */
export async function acceptCounter(db: Executor, id: string, counter: number, now: Date): Promise<boolean> {
  const grew = counter > 0 ? lt(webauthnCredentials.counter, counter) : eq(webauthnCredentials.counter, 0);
  const rows = await db
    .update(webauthnCredentials)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(webauthnCredentials.id, id), grew))
    .returning({ id: webauthnCredentials.id });
  return rows.length === 1;
}

export async function setSessionChallenge(db: Executor, tokenHash: string, challenge: string): Promise<void> {
  await db.update(sessions).set({ webauthnChallenge: challenge }).where(eq(sessions.tokenHash, tokenHash));
}

/** The session's registration challenge, spent: returned once (a conditional update), then gone. */
export async function takeSessionChallenge(db: Executor, tokenHash: string): Promise<string | null> {
  const [session] = await db
    .select({ challenge: sessions.webauthnChallenge })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  const challenge = session?.challenge;
  if (!challenge) return null;
  const rows = await db
    .update(sessions)
    .set({ webauthnChallenge: null })
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.webauthnChallenge, challenge)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length === 1 ? challenge : null;
}
