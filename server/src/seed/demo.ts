import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { seedAdvertisers } from './demo-users';

/** D23: the small demo set seeded on the first start of an empty embedded database. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, false));
  if ((row?.n ?? 0) > 0) return false;
  await seedAdvertisers(db, 60);
  return true;
}
