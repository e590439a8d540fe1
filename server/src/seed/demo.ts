import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { MessagesConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { seedAds, type ScheduledAd } from './demo-ads';
import { seedBanners } from './demo-banners';
import { replayDecisions, type ReplaySummary } from './demo-decisions';
import { seedDuties } from './demo-duties';
import { seedModerators } from './demo-moderators';
import { seedPackages } from './demo-packages';
import { DemoPlan } from './demo-plan';
import { seedProducts } from './demo-products';
import { seedRejectionReasons } from './demo-rejection-reasons';
import { seedAdvertisers } from './demo-users';

/** The first-start demo's ads: 300 stay, two more are posted to be deleted. */
export const DEMO_ADS = 300;
const DELETED_ADS = 2;

export type DemoSeeded = {
  /** The demo moderators' addresses and their one password (to be shown once). */
  moderators: { email: string; name: string }[];
  password: string;
  summary: ReplaySummary;
};

/**
 * docs/decisions/0015-demo-data-and-admins.md: the small demo set seeded on the first start of an
 * empty embedded database, with a month of moderation by three demo moderators replayed through
 * the services; null when there are advertisers already.
 */
export async function seedDemoIfEmpty(
  db: Db,
  storage: FileStorage,
  opts: { dataDir: string; messages: MessagesConfig; now?: Date },
): Promise<DemoSeeded | null> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, false));
  if ((row?.n ?? 0) > 0) return null;
  const now = opts.now ?? new Date();
  const password = randomBytes(9).toString('base64url');
  // Advertisers first: their usernames number on from the users already there.
  await seedAdvertisers(db, 60, { storage, now });
  const moderators = await seedModerators(db, now, password);
  const plan = new DemoPlan(now, DEMO_ADS);
  const scheduled: ScheduledAd[] = [];
  await seedAds(db, storage, { count: DEMO_ADS + DELETED_ADS, now, schedule: plan.schedule, scheduled });
  await seedPackages(db, storage);
  await seedDuties(db, storage);
  await seedBanners(db, storage);
  await seedProducts(db, storage);
  await seedRejectionReasons(db, { now: new Date(now.getTime() - 400 * 86_400_000) });
  const summary = await replayDecisions(
    { db, storage, dataDir: opts.dataDir, messages: opts.messages },
    plan.planned(scheduled),
    moderators,
    now,
  );
  return { moderators: moderators.map(({ email, name }) => ({ email, name })), password, summary };
}
