import { eq } from 'drizzle-orm';
import { twoFactorMessages, type PublicUser, type SecondFactorBody } from '@backoffice/contract';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { AuthService, SignedIn, SignInClient } from './auth-service';
import {
  countWrongCode,
  deletePendingSignIn,
  findPendingSignIn,
  PENDING_MAX_ATTEMPTS,
  type PendingSignIn,
} from './pending-sign-ins';
import { replaceRecoveryCodes } from './recovery-codes';
import { acceptTotpStep, recordFactorEvent, spendSecondFactor } from './second-factor';
import { newTotpSecret, totpProvisioning, verifyTotp } from './totp';
import { trustedDevice } from './trusted-devices';

/** Who is enrolling: a signed-in admin, or a sign-in that must enrol first (REQUIRE_2FA). */
export type Enroller = { user: UserRow; pending: PendingSignIn | null };

/**
 * Two-factor sign-in (issue 36.1, docs/decisions/0032-two-factor.md): the second step of a sign-in,
 * and enrolling an authenticator app with its recovery codes.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auth: AuthService,
  ) {}

  private async userById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** The pending sign-in of this cookie at `stage`, and its user (still an admin); else 401. */
  async pending(token: string | undefined, stage: PendingSignIn['stage']): Promise<Enroller> {
    const pending = await findPendingSignIn(this.db, token, this.clock());
    const user = pending?.stage === stage ? await this.userById(pending.userId) : undefined;
    if (!pending || !user?.isAdmin) throw new UnauthorizedError(twoFactorMessages.signInExpired);
    return { user, pending };
  }

  /**
   * The second step: a code or a recovery code for the pending sign-in. A wrong one counts as a
   * failed sign-in (the throttle of docs/SECURITY.md) and against the pending sign-in's attempts.
   */
  async secondStep(token: string | undefined, proof: SecondFactorBody, client: SignInClient): Promise<SignedIn> {
    const { user, pending } = await this.pending(token, 'second-factor');
    const now = this.clock();
    const email = user.email.trim().toLowerCase();
    const device = await trustedDevice(this.db, client.deviceToken, email);
    const throttle = this.auth.signInThrottle;
    const attempt = await throttle.admit(email, client.ip, now, device);
    const factor = await spendSecondFactor(this.db, user, proof, now);
    if (!factor) {
      const attempts = await countWrongCode(this.db, pending!.tokenHash);
      await this.auth.recordFailure(email, user, now, 'recoveryCode' in proof ? 'recovery-code' : 'totp');
      if (attempts >= PENDING_MAX_ATTEMPTS) throw new UnauthorizedError(twoFactorMessages.tooManyCodes);
      throw new UnauthorizedError(
        'recoveryCode' in proof ? twoFactorMessages.invalidRecoveryCode : twoFactorMessages.invalidCode,
      );
    }
    await throttle.refund(attempt);
    await deletePendingSignIn(this.db, pending!.tokenHash);
    if (factor === 'recovery-code') await recordFactorEvent(this.db, user, 'recovery_code_used', now, { factor });
    return this.auth.openSession(user, client, factor, device);
  }

  /**
   * A new secret for the authenticator app, kept unconfirmed until POST /api/auth/2fa/totp/confirm.
   * An account already enrolled must reset its second factor first.
   */
  async setupTotp(who: Enroller): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
    if (who.user.totpEnabledAt) throw new ConflictError(twoFactorMessages.alreadyEnrolled);
    const secret = newTotpSecret();
    await this.db.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.id, who.user.id));
    return { secret, ...(await totpProvisioning(secret, who.user.email)) };
  }

  /**
   * Confirms the app with one code: the second factor is on, and ten recovery codes are made (shown
   * once). A sign-in that was enrolling opens its session here.
   */
  async confirmTotp(
    who: Enroller,
    code: string,
    client: SignInClient,
  ): Promise<{ recoveryCodes: string[]; signedIn: SignedIn | null; user: PublicUser | null }> {
    const { user } = who;
    if (user.totpEnabledAt) throw new ConflictError(twoFactorMessages.alreadyEnrolled);
    if (!user.totpSecret) throw new ConflictError(twoFactorMessages.notStarted);
    const now = this.clock();
    const step = await verifyTotp(user.totpSecret, code, now, null);
    if (step === null) {
      if (who.pending) await countWrongCode(this.db, who.pending.tokenHash);
      throw new ValidationError(twoFactorMessages.invalidCode, { code: twoFactorMessages.invalidCode });
    }
    const recoveryCodes = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ totpEnabledAt: now }).where(eq(users.id, user.id));
      await acceptTotpStep(tx, user.id, step);
      const codes = await replaceRecoveryCodes(tx, user.id, now);
      await recordFactorEvent(tx, user, 'two_factor_enrolled', now, { factor: 'totp' });
      return codes;
    });
    if (!who.pending) return { recoveryCodes, signedIn: null, user: null };
    await deletePendingSignIn(this.db, who.pending.tokenHash);
    const email = user.email.trim().toLowerCase();
    const device = await trustedDevice(this.db, client.deviceToken, email);
    const signedIn = await this.auth.openSession(user, client, 'totp', device);
    return { recoveryCodes, signedIn, user: signedIn.user };
  }

  /** Ten new recovery codes for an enrolled account (the old ones stop working), proven by a second factor. */
  async regenerateRecoveryCodes(user: UserRow, proof: SecondFactorBody): Promise<string[]> {
    if (!user.totpEnabledAt) throw new ConflictError(twoFactorMessages.notEnrolled);
    const now = this.clock();
    const factor = await spendSecondFactor(this.db, user, proof, now);
    if (!factor) throw new ValidationError(twoFactorMessages.invalidCode);
    return this.db.transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, user.id, now);
      await recordFactorEvent(tx, user, 'recovery_codes_regenerated', now, { factor });
      return codes;
    });
  }
}
