import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema';
import type { PublicUser } from '@backoffice/contract';

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function insertUser(db: Executor, row: NewUserRow): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  return created!;
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
  return row?.n ?? 0;
}

/** The user as it may leave the server: never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    mobile2: row.mobile2,
    whatsapp: row.whatsapp,
    profilePicture: row.profilePicture,
    isAdmin: row.isAdmin,
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
    joinDate: row.joinDate ? row.joinDate.toISOString() : null,
  };
}
