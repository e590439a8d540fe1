import { and, desc, eq, like } from 'drizzle-orm';
import {
  twoFactorMessages,
  type AccountSession,
  type ChangePasswordBody,
  type SecondFactorBody,
} from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Db, Executor } from '../../db/client';
import {
  deleteOtherSessions,
  deleteSessionsOfUser,
  findUserByEmail,
  notifySessionsEnded,
  updatePasswordHash,
} from '../../db/identity-repository';
import { sessions, users, webauthnCredentials, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { AuthService } from './auth-service';
import { countPasskeys } from './passkeys-repository';
import { deleteRecoveryCodes, recoveryCodesLeft } from './recovery-codes';
import { spendSecondFactor } from './second-factor';

type SecurityAction = 'password_changed' | 'session_ended' | 'two_factor_reset';

/** A session's id on the sessions list: the start of its token's hash (never the hash itself). */
const sessionId = (tokenHash: string) => tokenHash.slice(0, 16);

/**
 * Self-service (issue 36.4, docs/decisions/0032-two-factor.md): one's own password, sessions and
 * second factor; an administrator resetting another admin's second factor.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auth: AuthService,
  ) {}

  async security(user: UserRow) {
    return {
      totpEnabled: user.totpEnabledAt !== null,
      recoveryCodesLeft: user.totpEnabledAt ? await recoveryCodesLeft(this.db, user.id) : 0,
      twoFactorRequired: this.auth.requireTwoFactor,
    };
  }

  /**
   * A new password, proven by the current one and (when enrolled) a second factor. Every other
   * session of the account ends; this one stays.
   */
  async changePassword(user: UserRow, currentTokenHash: string, body: ChangePasswordBody): Promise<void> {
    if (!(await this.auth.checkPassword(user.passwordHash, body.currentPassword)))
      throw new ValidationError(twoFactorMessages.wrongPassword, { currentPassword: twoFactorMessages.wrongPassword });
    const now = this.clock();
    let factor: string = 'password';
    if (user.totpEnabledAt) {
      const proof = proofOf(body);
      if (!proof)
        throw new ValidationError(twoFactorMessages.secondFactorNeeded, { code: twoFactorMessages.secondFactorNeeded });
      const spent = await spendSecondFactor(this.db, user, proof, now);
      if (!spent) throw new ValidationError(twoFactorMessages.invalidCode, { code: twoFactorMessages.invalidCode });
      factor = spent;
    }
    const hash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      await updatePasswordHash(tx, user.id, hash);
      await deleteOtherSessions(tx, user.id, currentTokenHash);
      await this.audit(tx, user, user, 'password_changed', now, { factor });
    });
  }

  async listSessions(user: UserRow, currentTokenHash: string): Promise<AccountSession[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.lastSeenAt));
    return rows.map((s) => ({
      _id: sessionId(s.tokenHash),
      current: s.tokenHash === currentTokenHash,
      ip: s.ip,
      userAgent: s.userAgent,
      factor: s.factor,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    }));
  }

  /** Ends one of the account's sessions (this one too, if asked). */
  async endSession(user: UserRow, id: string): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), like(sessions.tokenHash, `${id}%`)))
        .returning({ tokenHash: sessions.tokenHash });
      if (gone.length === 0) throw new NotFoundError(twoFactorMessages.sessionNotFound);
      await notifySessionsEnded(tx);
      await this.audit(tx, user, user, 'session_ended', now);
    });
  }

  /**
   * Turns the account's second factor off with one of its recovery codes (a lost phone): the app
   * and the codes are forgotten, and every other session ends. The admin enrols again (REQUIRE_2FA:
   * at their next sign-in at the latest).
   */
  async resetOwnSecondFactor(user: UserRow, currentTokenHash: string, proof: SecondFactorBody): Promise<void> {
    if (!user.totpEnabledAt) throw new ConflictError(twoFactorMessages.notEnrolled);
    const now = this.clock();
    const factor = await spendSecondFactor(this.db, user, proof, now);
    if (!factor)
      throw new ValidationError(
        'recoveryCode' in proof ? twoFactorMessages.invalidRecoveryCode : twoFactorMessages.invalidCode,
      );
    await this.db.transaction(async (tx) => {
      await clearSecondFactor(tx, user.id);
      await deleteOtherSessions(tx, user.id, currentTokenHash);
      await this.audit(tx, user, user, 'two_factor_reset', now, { factor });
    });
  }

  /**
   * An administrator turns another admin's second factor off (their phone and codes are lost):
   * that admin's sessions end, and they enrol again at their next sign-in under REQUIRE_2FA.
   */
  async resetSecondFactorOf(actor: UserRow, targetId: string): Promise<void> {
    if (actor.role !== 'administrator') throw new ForbiddenError(twoFactorMessages.administratorsOnly);
    const [target] = await this.db.select().from(users).where(eq(users.id, targetId));
    if (!target) throw new NotFoundError('User not found');
    if (!target.isAdmin) throw new ValidationError(twoFactorMessages.notAnAdmin);
    const enrolled = target.totpEnabledAt || target.totpSecret || (await countPasskeys(this.db, target.id)) > 0;
    if (!enrolled) throw new ConflictError(twoFactorMessages.notEnrolled);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await clearSecondFactor(tx, target.id);
      await deleteSessionsOfUser(tx, target.id);
      await this.audit(tx, actor, target, 'two_factor_reset', now, undefined, 'user');
    });
  }

  private async audit(
    tx: Executor,
    actor: UserRow,
    subject: UserRow,
    action: SecurityAction,
    at: Date,
    details?: { factor: string },
    entity: 'session' | 'user' = 'session',
  ) {
    await recordAudit(tx, {
      entity,
      entityId: subject.id,
      entityLabel: subject.username,
      action,
      actorId: actor.id,
      at,
      ...(details ? { details } : {}),
    });
  }
}

function proofOf(body: ChangePasswordBody): SecondFactorBody | null {
  if (body.code) return { code: body.code };
  if (body.recoveryCode) return { recoveryCode: body.recoveryCode };
  return null;
}

/** Forgets the account's authenticator app, recovery codes and passkeys. */
async function clearSecondFactor(tx: Executor, userId: string): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await deleteRecoveryCodes(tx, userId);
  await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
}

/**
 * `npm run admin -- reset-2fa --email E` (the last administrator lost their phone and codes): the
 * account's second factor is off and its sessions end; recorded as done from the command line.
 */
export async function resetSecondFactorByEmail(db: Db, email: string, now: Date): Promise<UserRow> {
  const user = await findUserByEmail(db, email.trim());
  if (!user) throw new NotFoundError('User not found');
  if (!user.isAdmin) throw new ValidationError(twoFactorMessages.notAnAdmin);
  await db.transaction(async (tx) => {
    await clearSecondFactor(tx, user.id);
    await deleteSessionsOfUser(tx, user.id);
    await recordAudit(tx, {
      entity: 'user',
      entityId: user.id,
      entityLabel: user.username,
      action: 'two_factor_reset',
      actorId: null,
      actorName: 'Command line',
      at: now,
    });
  });
  return user;
}
