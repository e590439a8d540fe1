import { createHash, randomBytes } from 'node:crypto';
import { messages, type PublicUser, type SecondFactor } from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { findUserByEmail, toPublicUser } from '../../db/identity-repository';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { standInHash, verifyPassword } from '../../lib/passwords';
import { countPasskeys } from './passkeys-repository';
import { createPendingSignIn, deleteExpiredPendingSignIns } from './pending-sign-ins';
import * as repo from './sessions-repository';
import { LONGEST_WINDOW_MS, SignInThrottle } from './sign-in-throttle';
import { deleteStaleDevices, touchDevice, trustedDevice, trustNewDevice } from './trusted-devices';

/** docs/decisions/0012-access-control.md in numbers. */
export const SESSION_IDLE_MS = 30 * 60_000;
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = {
  user: UserRow;
  tokenHash: string;
  /** Where the primary's WAL stood after this admin's latest write, with a replica (db/read-routing.ts). */
  readAfterLsn: string | null;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Log = { warn(obj: object, msg: string): void };

/** The browser signing in: its address, its User-Agent and its device cookie. */
export type SignInClient = { ip: string; userAgent?: string; deviceToken?: string };

/** How a session was opened (sessions.factor). */
export type SessionFactor = 'password' | SecondFactor;

export type SignedIn = { kind: 'signed-in'; token: string; user: PublicUser; newDeviceToken: string | null };
/** The password was right; a second step is needed (docs/decisions/0032-two-factor.md). */
export type SecondStep = {
  kind: 'second-step';
  pendingToken: string;
  methods: SecondFactor[];
  enrolmentRequired: boolean;
};

export class AuthService {
  private readonly throttle: SignInThrottle;

  /**
   * The argon2 verification of sign-in. An unknown email is checked against a stand-in hash of the
   * same cost, so that it is refused after the same work as a wrong password. Tests wrap it to see
   * which hashes a sign-in checked (server/test/api/auth.test.ts); `npm run bench:signin` times it.
   */
  checkPassword: (stored: string, password: string) => Promise<boolean> = verifyPassword;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessionTtlMs: number,
    log: Log,
    /** REQUIRE_2FA: an admin without a second factor enrols before any session opens. */
    readonly requireTwoFactor = false,
  ) {
    this.throttle = new SignInThrottle(db, log);
  }

  /** The sign-in throttle, shared with the second step (its wrong codes count as failures). */
  get signInThrottle(): SignInThrottle {
    return this.throttle;
  }

  /**
   * Checks the credentials and opens a new session; returns the cookie token and the user, and a
   * device token when this browser (`deviceToken`: its device cookie) is not yet a trusted device
   * of the account (docs/decisions/0031-device-cookies.md). An account with a second factor, or
   * without one under REQUIRE_2FA, gets a pending sign-in instead (docs/decisions/0032-two-factor.md).
   */
  async signIn(email: string, password: string, client: SignInClient): Promise<SignedIn | SecondStep> {
    const { ip } = client;
    const key = email.trim().toLowerCase();
    const now = this.clock();
    const device = await trustedDevice(this.db, client.deviceToken, key);
    // Counted before the password is checked; a wrong password leaves it counted as a failure.
    const attempt = await this.throttle.admit(key, ip, now, device);

    const user = await findUserByEmail(this.db, key);
    const ok = await this.checkPassword(user?.passwordHash ?? (await standInHash()), password);
    if (!user || !ok) {
      await this.recordFailure(key, user, now);
      throw new UnauthorizedError(messages.signIn.invalidCredentials);
    }
    if (!user.isAdmin) {
      await this.throttle.refund(attempt);
      await this.recordFailure(key, user, now);
      throw new ForbiddenError(messages.signIn.noAdminAccess);
    }

    // A passkey counts as a second factor (docs/decisions/0032-two-factor.md, Passkeys).
    const passkeys = await countPasskeys(this.db, user.id);
    const enrolled = user.totpEnabledAt !== null || passkeys > 0;
    if (enrolled || this.requireTwoFactor) {
      // The password was right: no failure. The session waits for the second step.
      await this.throttle.refund(attempt);
      const stage = enrolled ? 'second-factor' : 'enrol';
      const pendingToken = await createPendingSignIn(this.db, user.id, stage, now);
      const methods: SecondFactor[] = [
        ...(user.totpEnabledAt ? (['totp', 'recovery-code'] as const) : []),
        ...(passkeys > 0 ? (['passkey'] as const) : []),
      ];
      return { kind: 'second-step', pendingToken, methods, enrolmentRequired: !enrolled };
    }
    return this.openSession(user, client, 'password', device);
  }

  /**
   * Opens the session of a sign-in that passed every step: forgives this browser's failures,
   * trusts it as a device of the account, records the sign-in and how it was proven.
   */
  async openSession(
    user: UserRow,
    client: SignInClient,
    factor: SessionFactor,
    device: string | null,
  ): Promise<SignedIn> {
    const key = user.email.trim().toLowerCase();
    const { ip } = client;
    const now = this.clock();
    const token = randomBytes(32).toString('base64url');
    const newDeviceToken = await this.db.transaction(async (tx) => {
      if (device) {
        // A trusted device forgives its own failures only, never a stranger's at its address.
        await repo.clearDeviceAttempts(tx, device);
        await touchDevice(tx, device, now);
      } else {
        // The right password from this address forgives this address's failures on this email.
        await repo.clearAttempts(tx, key, ip);
      }
      await repo.insertSession(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        now,
        expiresAt: new Date(now.getTime() + this.sessionTtlMs),
        ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        factor,
      });
      await recordAudit(tx, {
        entity: 'session',
        entityId: user.id,
        entityLabel: user.username,
        action: 'sign_in',
        actorId: user.id,
        at: now,
        details: { factor },
      });
      return device ? null : await trustNewDevice(tx, key, now);
    });
    return { kind: 'signed-in', token, user: toPublicUser(user), newDeviceToken };
  }

  /** The session's user when the token is valid and neither idle nor past its absolute expiry. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const found = await repo.findSessionWithUser(this.db, tokenHash);
    if (!found) return null;
    const now = this.clock().getTime();
    const { session } = found;
    if (session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) {
      await repo.deleteSession(this.db, tokenHash);
      return null;
    }
    // Refresh the idle timer at most once a minute, not on every request.
    if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await repo.touchSession(this.db, tokenHash, new Date(now));
    }
    return { user: found.user, tokenHash, readAfterLsn: session.readAfterLsn };
  }

  /**
   * Of these sessions (token hashes), those still good for an admin's request now: the live event
   * streams end with their session (docs/decisions/0026-live-streams-and-sessions.md).
   */
  async liveSessions(tokenHashes: string[]): Promise<Set<string>> {
    if (tokenHashes.length === 0) return new Set();
    const now = this.clock();
    const idleBefore = new Date(now.getTime() - SESSION_IDLE_MS);
    return new Set(await repo.liveAdminSessions(this.db, tokenHashes, now, idleBefore));
  }

  async signOut(token: string | undefined): Promise<void> {
    if (!token || token.length > 200) return;
    await this.db.transaction(async (tx) => {
      const user = await repo.deleteSessionReturningUser(tx, hashToken(token));
      if (!user) return;
      await recordAudit(tx, {
        entity: 'session',
        entityId: user.id,
        entityLabel: user.username,
        action: 'sign_out',
        actorId: user.id,
        at: this.clock(),
      });
    });
  }

  /**
   * A refused sign-in: the address tried (as typed, trimmed and lower-cased), never the password.
   * Nobody is signed in, so there is no actor; the account is named when the address has one.
   */
  async recordFailure(email: string, user: UserRow | undefined, at: Date, factor?: SecondFactor): Promise<void> {
    await recordAudit(this.db, {
      entity: 'session',
      entityId: user?.id ?? null,
      entityLabel: user?.username ?? email,
      action: 'sign_in_failed',
      actorId: null,
      at,
      details: factor ? { email, factor } : { email },
    });
  }

  /** Housekeeping: forget expired sessions, old sign-in failures and devices unused for a year. */
  async purge(): Promise<void> {
    const now = this.clock();
    await repo.deleteExpiredSessions(this.db, now, new Date(now.getTime() - SESSION_IDLE_MS));
    await repo.deleteOldFailures(this.db, new Date(now.getTime() - LONGEST_WINDOW_MS));
    await deleteStaleDevices(this.db, now);
    await deleteExpiredPendingSignIns(this.db, now);
  }
}
