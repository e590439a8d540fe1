import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import {
  messages,
  twoFactorMessages,
  type AddPasskeyBody,
  type Passkey,
  type PasskeySignInBody,
} from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { AuthService, SignInClient } from './auth-service';
import * as repo from './passkeys-repository';
import {
  countWrongCode,
  createPendingSignIn,
  deletePendingSignIn,
  findPasskeyPending,
  setPendingChallenge,
  takePendingChallenge,
} from './pending-sign-ins';
import { recordFactorEvent } from './second-factor';
import { trustedDevice } from './trusted-devices';

/**
 * The relying party a ceremony is for (docs/decisions/0032-two-factor.md, Passkeys): the server's
 * own origin (PUBLIC_ORIGIN, else the scheme and Host header the host check accepted), its host
 * name as the RP ID, and ALLOWED_ORIGINS of that same host (the web's dev server) as origins too.
 */
export type RelyingParty = { id: string; origins: string[] };

export function relyingParty(ownOrigin: string | null, allowedOrigins: string[]): RelyingParty {
  if (!ownOrigin) throw new ValidationError(messages.access.badOrigin);
  const id = new URL(ownOrigin).hostname;
  const others = allowedOrigins.filter((o) => o !== ownOrigin && new URL(o).hostname === id);
  return { id, origins: [ownOrigin, ...others] };
}

const RP_NAME = 'Back-office';
const toBytes = (b64url: string) => new Uint8Array(Buffer.from(b64url, 'base64url'));

/** Passkeys: added from the account page, used as the second step or alone (issue 36.1). */
export class PasskeyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auth: AuthService,
  ) {}

  async list(user: UserRow): Promise<Passkey[]> {
    return (await repo.passkeysOf(this.db, user.id)).map(repo.toPasskey);
  }

  /** Options for navigator.credentials.create(); the challenge is kept on the session. */
  async registrationOptions(user: UserRow, sessionHash: string, rp: RelyingParty) {
    const existing = await repo.passkeysOf(this.db, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.username,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports ?? undefined })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await repo.setSessionChallenge(this.db, sessionHash, options.challenge);
    return options;
  }

  /** Verifies the browser's answer against the session's challenge (spent) and stores the passkey. */
  async register(user: UserRow, sessionHash: string, body: AddPasskeyBody, rp: RelyingParty): Promise<Passkey> {
    const challenge = await repo.takeSessionChallenge(this.db, sessionHash);
    if (!challenge) throw new ConflictError(twoFactorMessages.passkeyNotStarted);
    let credential;
    try {
      const result = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
      credential = result.verified ? result.registrationInfo.credential : null;
    } catch {
      credential = null;
    }
    if (!credential) throw new ValidationError(twoFactorMessages.passkeyRefused);
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const row = await repo.insertPasskey(tx, {
        id: credential.id,
        userId: user.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? body.response.response.transports ?? null,
        name: body.name,
        createdAt: now,
      });
      if (!row) throw new ConflictError(twoFactorMessages.passkeyAlreadyAdded);
      await recordFactorEvent(tx, user, 'passkey_registered', now, { factor: 'passkey' });
      return repo.toPasskey(row);
    });
  }

  async remove(user: UserRow, id: string): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const row = await repo.deletePasskey(tx, user.id, id);
      if (!row) throw new NotFoundError(twoFactorMessages.passkeyNotFound);
      await recordFactorEvent(tx, user, 'passkey_removed', now, { factor: 'passkey' });
    });
  }

  /**
   * Options for navigator.credentials.get(). With the pending sign-in of a right password: that
   * account's passkeys, the challenge on its row. Otherwise a passkey alone: any discoverable
   * passkey, the challenge on a new pending sign-in without a user (its token returned for the cookie).
   */
  async signInOptions(pendingToken: string | undefined, rp: RelyingParty) {
    const now = this.clock();
    const pending = await findPasskeyPending(this.db, pendingToken, now);
    if (pending?.userId) {
      const own = await repo.passkeysOf(this.db, pending.userId);
      if (own.length === 0) throw new ConflictError(twoFactorMessages.passkeyNotFound);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: own.map((c) => ({ id: c.id, transports: c.transports ?? undefined })),
        userVerification: 'preferred',
      });
      await setPendingChallenge(this.db, pending.tokenHash, options.challenge);
      return { options, newPendingToken: null };
    }
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
    const newPendingToken = await createPendingSignIn(this.db, null, 'passkey', now, options.challenge);
    return { options, newPendingToken };
  }

  /**
   * Verifies a passkey's answer and opens the session (`factor` passkey) as the second step does.
   * A passkey of another account, a refused signature or a counter that did not grow is a failed
   * sign-in (throttled and recorded like a wrong code); a non-admin is refused as the password is.
   */
  async signIn(pendingToken: string | undefined, body: PasskeySignInBody, client: SignInClient, rp: RelyingParty) {
    const now = this.clock();
    const pending = await findPasskeyPending(this.db, pendingToken, now);
    if (!pending?.challenge) throw new UnauthorizedError(twoFactorMessages.signInExpired);
    const credential = await repo.findPasskey(this.db, body.response.id);
    const owner = credential ? await this.userById(credential.userId) : undefined;
    const user = pending.userId ? await this.userById(pending.userId) : owner;
    if (!user) {
      await countWrongCode(this.db, pending.tokenHash);
      await this.refused(undefined, now);
      throw new UnauthorizedError(twoFactorMessages.passkeyUnknown);
    }
    const email = user.email.trim().toLowerCase();
    if (!user.isAdmin) {
      await this.auth.recordFailure(email, user, now, 'passkey');
      throw new ForbiddenError(messages.signIn.noAdminAccess);
    }
    const device = await trustedDevice(this.db, client.deviceToken, email);
    const throttle = this.auth.signInThrottle;
    // Counted before the signature is checked, as a password is; a refused passkey stays counted.
    const attempt = await throttle.admit(email, client.ip, now, device);
    if (!credential || credential.userId !== user.id) {
      await countWrongCode(this.db, pending.tokenHash);
      await this.refused(user, now);
      throw new UnauthorizedError(twoFactorMessages.passkeyRefused);
    }
    const counter = await this.verify(pending.challenge, body, credential, rp, !pending.userId);
    const spent = counter !== null && (await takePendingChallenge(this.db, pending.tokenHash, pending.challenge));
    if (counter === null || !spent || !(await repo.acceptCounter(this.db, credential.id, counter, now))) {
      await countWrongCode(this.db, pending.tokenHash);
      await this.refused(user, now);
      throw new UnauthorizedError(twoFactorMessages.passkeyRefused);
    }
    await throttle.refund(attempt);
    await deletePendingSignIn(this.db, pending.tokenHash);
    return this.auth.openSession(user, client, 'passkey', device);
  }

  /** The answer's new signature counter when it is right, else null. */
  private async verify(
    challenge: string,
    body: PasskeySignInBody,
    credential: repo.PasskeyRow,
    rp: RelyingParty,
    alone: boolean,
  ): Promise<number | null> {
    try {
      const result = await verifyAuthenticationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: credential.id,
          publicKey: toBytes(credential.publicKey),
          counter: credential.counter,
          transports: (credential.transports ?? undefined) as never,
        },
        // A passkey alone is two factors in one: the authenticator must have verified its user.
        requireUserVerification: alone,
      });
      return result.verified ? result.authenticationInfo.newCounter : null;
    } catch {
      return null;
    }
  }

  private async refused(user: UserRow | undefined, now: Date): Promise<void> {
    if (user) return this.auth.recordFailure(user.email.trim().toLowerCase(), user, now, 'passkey');
    await recordAudit(this.db, {
      entity: 'session',
      entityId: null,
      entityLabel: 'passkey',
      action: 'sign_in_failed',
      actorId: null,
      at: now,
      details: { factor: 'passkey' },
    });
  }

  private async userById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }
}
