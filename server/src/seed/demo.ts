import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { MessagesConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { backfill } from '../modules/signals/signals-backfill';
import type { FileStorage } from '../storage/file-storage';
import { seedAds, type ScheduledAd } from './demo-ads';
import { seedBanners } from './demo-banners';
import { demoOutbox, replayDecisions, type ReplaySummary } from './demo-decisions';
import { seedDuties } from './demo-duties';
import { seedModerators } from './demo-moderators';
import { seedPackages } from './demo-packages';
import { DemoPlan, DUPLICATE_HEADING } from './demo-plan';
import { seedProducts } from './demo-products';
import { seedRejectionReasons } from './demo-rejection-reasons';
import { seedRules } from './demo-rules';
import { answerSecondReviews } from './demo-second-review';
import { plantSignals } from './demo-signals';
import { seedAdvertisers } from './demo-users';

/**
 * The demo's two DUPLICATE_HEADING ads become one ad posted twice: the later one takes the earlier
 * one's details and price, as a repost does (the trust signals flag the pair).
 */
async function makeRepost(db: Db): Promise<void> {
  await db.execute(sql`
    with original as (
      select id, details, price from advertisements where heading = ${DUPLICATE_HEADING}
      order by posting_date, id limit 1)
    update advertisements a set details = o.details, price = o.price
    from original o where a.heading = ${DUPLICATE_HEADING} and a.id <> o.id`);
}

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
  await makeRepost(db);
  await seedPackages(db, storage);
  await seedDuties(db, storage);
  await seedBanners(db, storage);
  await seedProducts(db, storage);
  await seedRejectionReasons(db, { now: new Date(now.getTime() - 400 * 86_400_000) });
  const deps = { db, storage, dataDir: opts.dataDir, messages: opts.messages };
  const summary = await replayDecisions(deps, plan.planned(scheduled), moderators, now);
  await answerSecondReviews(db, moderators, now);
  // Each text-side signal on a few pending ads, and the moderation rules that act on them.
  await plantSignals(db, moderators, now);
  await seedRules(db, moderators, now);
  // Trust signals for every demo ad, as the job finds them (docs/decisions/0029-trust-signals.md),
  // so that the directory shows them from the first start (the two Toyota Axio ads among them),
  // with the rules run on the pending ones right after, as the job runs them. Text only: the demo's
  // photos are a few placeholder pictures shared by many ads, which would all look like copies of
  // each other (so duplicate_image and stolen_image do not show in the demo).
  const clock = () => now;
  const outbox = demoOutbox(deps, clock);
  try {
    await backfill({ db, storage, clock, rules: { clock, outbox } }, { textOnly: true, batchSize: 50 });
  } finally {
    await outbox.close();
  }
  return { moderators: moderators.map(({ email, name }) => ({ email, name })), password, summary };
}
