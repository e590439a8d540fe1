import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { advertisements, users, type NewAdRow } from '../../db/schema';

export type Advertiser = { id: string; username: string; isAdmin: boolean };

const advertiserColumns = { id: users.id, username: users.username, isAdmin: users.isAdmin };

/** True when an ad of this external id is already in (imported before, by this run or another). */
export async function externalIdExists(db: Executor, externalId: string): Promise<boolean> {
  const rows = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(eq(advertisements.externalId, externalId))
    .limit(1);
  return rows.length > 0;
}

/** The account of this username, case aside (usernames are unique that way). */
export async function findUserByUsername(db: Executor, username: string): Promise<Advertiser | null> {
  const [row] = await db
    .select(advertiserColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

/**
 * A new unverified advertiser, or null when the username or the email is taken (by a concurrent
 * import of the same username, or by another account's email): the caller tells which.
 */
export async function insertAdvertiser(
  db: Executor,
  row: { username: string; name: string | null; email: string; mobile: string | null; passwordHash: string; now: Date },
): Promise<Advertiser | null> {
  const [created] = await db
    .insert(users)
    .values({
      username: row.username,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      passwordHash: row.passwordHash,
      isAdmin: false,
      isVerified: false,
      createdAt: row.now,
      joinDate: row.now,
    })
    .onConflictDoNothing()
    .returning(advertiserColumns);
  return created ?? null;
}

/** The new ad's id, or null when an ad of its external id is in already (another run got there first). */
export async function insertImportedAd(db: Executor, ad: NewAdRow): Promise<string | null> {
  const [row] = await db
    .insert(advertisements)
    .values(ad)
    .onConflictDoNothing({ target: advertisements.externalId })
    .returning({ id: advertisements.id });
  return row?.id ?? null;
}
