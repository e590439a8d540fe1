import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trustedDevices } from '../../db/schema';

/**
 * Device cookies (docs/decisions/0031-device-cookies.md, OWASP's "slow down online guessing with
 * device cookies"): a browser that signed in successfully as an account carries a random token
 * for it; its sign-ins are throttled by its own failures only, so a stranger's burst against the
 * account cannot lock that browser out.
 */
export const DEVICE_COOKIE = 'bo_device';
/** A device not used for a year is forgotten, and so is its cookie. */
export const DEVICE_TTL_MS = 365 * 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The device's id (its token's hash) when `token` is a trusted device of this account, else null. */
export async function trustedDevice(db: Executor, token: string | undefined, email: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const hash = hashOf(token);
  const [row] = await db
    .select({ hash: trustedDevices.tokenHash })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, hash), eq(trustedDevices.email, email)));
  return row?.hash ?? null;
}

/** Trusts a new device for the account; the token for its cookie. */
export async function trustNewDevice(db: Executor, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(trustedDevices).values({ tokenHash: hashOf(token), email, createdAt: now, lastUsedAt: now });
  return token;
}

export async function touchDevice(db: Executor, hash: string, now: Date): Promise<void> {
  await db.update(trustedDevices).set({ lastUsedAt: now }).where(eq(trustedDevices.tokenHash, hash));
}

export async function deleteStaleDevices(db: Executor, now: Date): Promise<void> {
  await db.delete(trustedDevices).where(lt(trustedDevices.lastUsedAt, new Date(now.getTime() - DEVICE_TTL_MS)));
}
