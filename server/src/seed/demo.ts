import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { seedAds } from './demo-ads';
import { seedBanners } from './demo-banners';
import { seedDuties } from './demo-duties';
import { seedPackages } from './demo-packages';
import { seedProducts } from './demo-products';
import { seedRejectionReasons } from './demo-rejection-reasons';
import { seedAdvertisers } from './demo-users';

/** docs/decisions/0015-demo-data-and-admins.md: the small demo set seeded on the first start of an empty embedded database. */
export async function seedDemoIfEmpty(db: Db, storage: FileStorage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, false));
  if ((row?.n ?? 0) > 0) return false;
  await seedAdvertisers(db, 60, { storage });
  await seedAds(db, storage, { count: 300 });
  await seedPackages(db, storage);
  await seedDuties(db, storage);
  await seedBanners(db, storage);
  await seedProducts(db, storage);
  await seedRejectionReasons(db);
  return true;
}
