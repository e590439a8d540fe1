import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import { recoveryCodes } from '../../db/schema';

/** Base32's letters and digits (no 0, 1, 8 or 9 to mistake for O, I, B or g). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A code as typed, in one form: upper case, without the dash or space. */
const normalise = (code: string) => code.replace(/[-\s]/g, '').toUpperCase();

/**
 * The SHA-256 of the normalised code. Each code holds 50 random bits, too many to guess through a
 * rate-limited sign-in, so a fast hash is enough (docs/decisions/0032-two-factor.md).
 */
const hashOf = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones; the codes, shown once. */
export async function replaceRecoveryCodes(tx: Executor, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values([...new Set(codes)].map((c) => ({ userId, codeHash: hashOf(c), createdAt: now })))
    .onConflictDoNothing();
  return codes;
}

/** Uses the code once: true when it was the account's and unused (in one statement, so never twice). */
export async function useRecoveryCode(db: Executor, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ hash: recoveryCodes.codeHash });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function deleteRecoveryCodes(tx: Executor, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
