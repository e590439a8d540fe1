import { createHash, randomBytes } from 'node:crypto';
import { messages, type PublicUser } from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, toPublicUser } from '../users/users-repository';
import * as repo from './sessions-repository';

/** D8 and D11 in numbers. */
export const SESSION_IDLE_MS = 30 * 60_000;
const TOUCH_EVERY_MS = 60_000;
const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;

export type SessionUser = { user: UserRow; tokenHash: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessionTtlMs: number,
  ) {}

  /** Checks the credentials and opens a new session; returns the cookie token and the user. */
  async signIn(email: string, password: string, ip: string): Promise<{ token: string; user: PublicUser }> {
    const key = email.trim().toLowerCase();
    const now = this.clock();
    await this.refuseIfThrottled(key, ip, now);

    const user = await findUserByEmail(this.db, key);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await burnPasswordCheck(password);
    if (!user || !ok) {
      await repo.recordSignInFailure(this.db, key, ip, now);
      throw new UnauthorizedError(messages.signIn.invalidCredentials);
    }
    if (!user.isAdmin) throw new ForbiddenError(messages.signIn.noAdminAccess);

    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (tx) => {
      await repo.clearFailuresForEmail(tx, key);
      await repo.insertSession(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        now,
        expiresAt: new Date(now.getTime() + this.sessionTtlMs),
      });
    });
    return { token, user: toPublicUser(user) };
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
    return { user: found.user, tokenHash };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token && token.length <= 200) await repo.deleteSession(this.db, hashToken(token));
  }

  /** Housekeeping: forget expired sessions and old sign-in failures. */
  async purge(): Promise<void> {
    const now = this.clock();
    await repo.deleteExpiredSessions(this.db, now, new Date(now.getTime() - SESSION_IDLE_MS));
    await repo.deleteOldFailures(this.db, new Date(now.getTime() - FAILURE_WINDOW_MS));
  }

  private async refuseIfThrottled(email: string, ip: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const checks: [Date[], number][] = [
      [await repo.recentFailures(this.db, 'email', email, since), MAX_FAILURES_PER_EMAIL],
      [await repo.recentFailures(this.db, 'ip', ip, since), MAX_FAILURES_PER_IP],
    ];
    let until = 0;
    for (const [failures, limit] of checks) {
      if (failures.length < limit) continue;
      // Allowed again once enough of the oldest failures have left the window.
      const freeing = failures[failures.length - limit]!;
      until = Math.max(until, freeing.getTime() + FAILURE_WINDOW_MS);
    }
    if (until > now.getTime()) {
      const seconds = Math.ceil((until - now.getTime()) / 1000);
      throw new TooManyRequestsError(messages.signIn.tooManyAttempts(Math.ceil(seconds / 60)), seconds);
    }
  }
}

/** For the users module: a new password or lost admin rights end the user's sessions in its own transaction. */
export { deleteSessionsOfUser } from './sessions-repository';
