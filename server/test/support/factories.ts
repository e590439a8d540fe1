import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import { advertisements, type AdRow, type NewAdRow, type NewUserRow, type UserRow } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { markAnalysed } from '../../src/seed/demo-ads';
import { insertUser } from '../../src/modules/users/users-repository';
import type { App } from '../../src/app';
import { ORIGIN } from './test-app';

export const DEFAULT_PASSWORD = 'correct-horse-battery';
let defaultHash: Promise<string> | undefined;

/** A user row with sensible defaults; pass overrides (`{ isAdmin: true }`). */
export async function makeUser(db: Db, overrides: Partial<NewUserRow> & { password?: string } = {}): Promise<UserRow> {
  const { password, ...rest } = overrides;
  const tag = randomUUID().slice(0, 8);
  const passwordHash = password ? await hashPassword(password) : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  return insertUser(db, {
    username: `user_${tag}`,
    name: `Test User ${tag}`,
    email: `user_${tag}@example.lk`,
    mobile: '0771234567',
    isAdmin: false,
    isVerified: true,
    passwordHash,
    ...rest,
  });
}

export const makeAdmin = (db: Db, overrides: Partial<NewUserRow> & { password?: string } = {}) =>
  makeUser(db, { isAdmin: true, ...overrides });

/** Signs in through the real route and returns the `sid=…` cookie to send back. */
export async function signIn(app: App, email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

let adCounter = 0;

/** An advertisement row with sensible defaults; pass overrides (`{ status: 'approved' }`). */
export async function makeAd(db: Db, overrides: Partial<NewAdRow> = {}): Promise<AdRow> {
  adCounter++;
  // Given a risk, the ad is as analysed (it is the ad_analysis row that says so), in the same
  // transaction so that the analysis job never takes it.
  const [row] = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(advertisements)
      .values({
        title: `Ad ${adCounter}`,
        heading: `Test advertisement ${adCounter}`,
        details: 'A perfectly ordinary advertisement.',
        username: 'kasun.perera',
        phone1: '0771234567',
        category: 'Land sale',
        district: 'Colombo',
        status: 'pending',
        images: [],
        postingDate: new Date(Date.UTC(2026, 10, 1) + adCounter * 60_000),
        adType: 'digital',
        ...overrides,
      })
      .returning();
    if (typeof overrides.risk === 'number') await markAnalysed(tx, [inserted[0]!.id], new Date());
    return inserted;
  });
  return row!;
}
