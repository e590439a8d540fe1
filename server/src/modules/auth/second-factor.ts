import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { SecondFactor, SecondFactorBody } from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { useRecoveryCode } from './recovery-codes';
import { verifyTotp } from './totp';

/**
 * Checks a second factor of an enrolled account and spends it: a TOTP code's time step becomes the
 * last one accepted (so the same code, or an older one, is refused next time), a recovery code is
 * used up. Both in one statement each, so two requests racing with one code cannot both pass.
 * The factor that passed, or null.
 */
export async function spendSecondFactor(
  db: Executor,
  user: UserRow,
  proof: SecondFactorBody,
  now: Date,
): Promise<SecondFactor | null> {
  if (!user.totpEnabledAt) return null;
  if ('recoveryCode' in proof) {
    return (await useRecoveryCode(db, user.id, proof.recoveryCode, now)) ? 'recovery-code' : null;
  }
  if (!user.totpSecret) return null;
  const step = await verifyTotp(user.totpSecret, proof.code, now, user.totpLastStep);
  if (step === null) return null;
  return (await acceptTotpStep(db, user.id, step)) ? 'totp' : null;
}

/** Records `step` as the last accepted one, unless a later or equal step already was. */
export async function acceptTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** A security event of one's own second factor (enrolment, codes, passkeys): an audit entry on the session entity, by the admin. */
export async function recordFactorEvent(
  db: Executor,
  user: UserRow,
  action:
    | 'recovery_code_used'
    | 'two_factor_enrolled'
    | 'recovery_codes_regenerated'
    | 'passkey_registered'
    | 'passkey_removed',
  at: Date,
  details: { factor: string },
): Promise<void> {
  await recordAudit(db, {
    entity: 'session',
    entityId: user.id,
    entityLabel: user.username,
    action,
    actorId: user.id,
    at,
    details,
  });
}
